module example.com/sprintfre

go 1.22
