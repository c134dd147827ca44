module example.com/settings

go 1.22
