module example.com/options

go 1.22
