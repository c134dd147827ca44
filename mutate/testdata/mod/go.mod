module example.com/mutatetest

go 1.22
