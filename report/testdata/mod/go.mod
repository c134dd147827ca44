module example.com/reporttest

go 1.22
