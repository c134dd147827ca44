package covt

// Labelled uses labelled loops with break and continue to labels.
func Labelled(grid [][]int, target int) (int, int) {
	r, c := -1, -1
outer:
	for i, row := range grid {
		for j := range row {
			if row[j] < 0 {
				continue outer
			}
			if row[j] == target {
				r, c = i, j
				break outer
			}
		}
	}
	return r, c
}

// Goto jumps backwards and forwards with goto; labels start blocks.
func Goto(n int) int {
	sum := 0
	i := 0
loop:
	if i >= n {
		goto done
	}
	sum += i
	i++
	goto loop
done:
	sum *= 2
	return sum
}

// Select receives from whichever channel is ready.
func Select(a, b chan int, quit chan struct{}) int {
	total := 0
	for {
		select {
		case v := <-a:
			total += v
		case v, ok := <-b:
			if !ok {
				return total
			}
			total -= v
		case <-quit:
			return total
		}
	}
}

// Forever has an empty select, which gets no counter.
func Forever() {
	select {}
}

// Loops has a three-clause loop, a condition-only loop and an empty body.
func Loops(n int) int {
	x := 0
	for i := 0; i < n; i++ {
	}
	for x < n {
		x += 3
	}
	for {
		break
	}
	var list []int
	for range list {
	}
	return x
}

// LabelledSwitch breaks out of a labelled switch and labels a plain statement.
func LabelledSwitch(n int) int {
	res := 0
sw:
	switch {
	case n > 10:
		res = 10
		break sw
	case n > 5:
		res = 5
	}
again:
	res++
	if res < 3 {
		goto again
	}
	{
		res *= 2
	}
	return res
}
