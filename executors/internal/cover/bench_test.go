package cover_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/specgen-dev/specgen/executors/internal/cover"
)

// thousandLines returns a source file of 1,000 lines of functions mixing
// the constructs the instrumenter handles.
func thousandLines(tb testing.TB) []byte {
	tb.Helper()
	var b bytes.Buffer
	b.WriteString("package bench\n\nimport \"errors\"\n\n")
	const fn = 22 // lines per function
	for i := 0; bytes.Count(b.Bytes(), []byte("\n"))+fn <= 1000; i++ {
		fmt.Fprintf(&b, `// F%[1]d mixes control flow.
func F%[1]d(xs []int, s string) (int, error) {
	total := 0
	for i, x := range xs {
		switch {
		case x < 0:
			continue
		case x > 100:
			return 0, errors.New("too big")
		default:
			total += x * i
		}
	}
	if s == "" {
		panic("empty")
	} else if len(s) > 3 {
		total++
	}
	f := func(n int) int { return n * 2 }
	return f(total), nil
}

`, i)
	}
	for n := bytes.Count(b.Bytes(), []byte("\n")); n < 1000; n++ {
		fmt.Fprintf(&b, "func P%d() {}\n", n)
	}
	return b.Bytes()
}

func BenchmarkFile1000Lines(b *testing.B) {
	src := thousandLines(b)
	if n := bytes.Count(src, []byte("\n")); n != 1000 {
		b.Fatalf("source has %d lines", n)
	}
	out, blocks, err := cover.File("bench.go", src, cover.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(blocks)), "blocks")
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		out, _, err = cover.File("bench.go", src, cover.Options{})
		if err != nil {
			b.Fatal(err)
		}
	}
	_ = out
}
