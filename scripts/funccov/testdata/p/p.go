package p

type T struct{ n int }

func F(x int) int {
	if x > 0 {
		return 1
	}
	return 0
}

func (t *T) Inc() { t.n++ }

func (t T) Get() int { return t.n }

type G[K comparable] struct{ m map[K]int }

func (g G[K]) Len() int { return len(g.m) }
