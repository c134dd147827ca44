package reach

func inOther(x int) int { return deeper2(x) + 1 }

func deeper2(x int) int { return x * 3 }
