module example.com/switched

go 1.22
