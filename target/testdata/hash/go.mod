module example.com/hash

go 1.23
