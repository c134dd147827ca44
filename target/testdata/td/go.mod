module example.com/td

go 1.23

require example.com/ext v0.0.0

replace example.com/ext => ../ext
