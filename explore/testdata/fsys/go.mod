module example.com/fsys

go 1.25
