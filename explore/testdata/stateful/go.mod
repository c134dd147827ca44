module example.com/stateful

go 1.22
