module example.com/growing

go 1.22
