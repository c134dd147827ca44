package covt

// Drive calls the functions of the package with a fixed set of inputs, so
// that native coverage and instrumented coverage can be compared.
func Drive() {
	for _, n := range []int{0, 1, 3, 6, -5} {
		Classify(n)
	}
	Tagless("-12")
	Tagless("1x")
	Kind(nil)
	Kind(3)
	Kind("")
	Kind(2.5)
	EmptySwitches(nil, 1)
	SwitchLit(2)
	Labelled([][]int{{-1, 5}, {1, 5}}, 5)
	Goto(3)
	// Unbuffered sends in order: exactly one case is ready at a time.
	a, b, q := make(chan int), make(chan int), make(chan struct{})
	go func() {
		a <- 4
		b <- 1
		close(b)
	}()
	Select(a, b, q)
	Loops(4)
	LabelledSwitch(7)
	Hook(-2)
	c := Counter()
	c()
	Sorted([]int{3, 1, 2})
	Safe(func() { Div(1, 0) })
	Chain(-1)
	Chain(4)
	Chain(13)
	Middle(1)
	new(acc).Add(2)
	Nested(1)
	Generated("ab")
	DriveLines()
}

// DriveLines calls the functions under line directives.
func DriveLines() {
	Before(1)
	Shifted(0)
	D1(1)
	D2(0)
	OneLine(-3)
	Packed(4)
	ElseNoSpace(0)
	Cols(1)
}
