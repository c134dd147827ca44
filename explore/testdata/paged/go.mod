module example.com/paged

go 1.22
