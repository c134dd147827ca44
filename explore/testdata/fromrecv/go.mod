module example.com/fromrecv

go 1.22
