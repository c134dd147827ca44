module example.com/probes

go 1.21
