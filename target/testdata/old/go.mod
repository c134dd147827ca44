module example.com/old

go 1.21
