module example.com/treemod

go 1.21
