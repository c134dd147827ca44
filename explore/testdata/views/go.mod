module example.com/views

go 1.21
