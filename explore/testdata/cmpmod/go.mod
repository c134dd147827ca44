module example.com/cmpmod

go 1.22
