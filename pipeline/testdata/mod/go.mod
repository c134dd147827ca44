module example.com/pipelinetest

go 1.22
