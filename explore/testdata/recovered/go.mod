module example.com/recovered

go 1.22
