module example.com/knobs

go 1.22
