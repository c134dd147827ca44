module example.com/handlers

go 1.22
