module example.com/litmod

go 1.21
