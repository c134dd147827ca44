package callback

// Feed delivers values on C until they run out or it is stopped.
type Feed struct {
	C    <-chan int
	stop chan struct{}
}

// Numbers returns a feed of 0 to n-1, closed after them; for a negative
// n it is never closed.
func Numbers(n int) *Feed {
	ch, stop := make(chan int), make(chan struct{})
	go func() {
		if n < 0 {
			<-stop
			return
		}
		for i := 0; i < n; i++ {
			select {
			case ch <- i:
			case <-stop:
				return
			}
		}
		close(ch)
	}()
	return &Feed{C: ch, stop: stop}
}

// Stream is a named stream of words, all of its fields exported.
type Stream struct {
	Name  string
	Words <-chan string
}

// Words returns a stream of ws.
func Words(name string, ws []string) Stream {
	ch := make(chan string, len(ws))
	for _, w := range ws {
		ch <- w
	}
	close(ch)
	return Stream{Name: name, Words: ch}
}
