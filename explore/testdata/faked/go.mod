module example.com/faked

go 1.22
