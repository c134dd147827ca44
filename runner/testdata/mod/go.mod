module example.com/runnertest

go 1.22
