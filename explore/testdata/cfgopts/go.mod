module example.com/cfgopts

go 1.22
