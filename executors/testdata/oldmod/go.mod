module example.com/oldmod

go 1.8
