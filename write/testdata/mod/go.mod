module example.com/writetest

go 1.21
