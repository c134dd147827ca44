module example.com/reflectcorpus

go 1.22
