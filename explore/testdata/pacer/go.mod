module example.com/pacer

go 1.22
