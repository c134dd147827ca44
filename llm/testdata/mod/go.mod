module example.com/llmtest

go 1.22
