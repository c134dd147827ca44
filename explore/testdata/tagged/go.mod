module example.com/tagged

go 1.22
