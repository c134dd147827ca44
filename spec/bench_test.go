package spec

import (
	"fmt"
	"strings"
	"testing"
)

// specOf is a spec of n cases as specgen writes them.
func specOf(n int) []byte {
	var b strings.Builder
	b.WriteString("package: example.com/calc\n\nDiv:\n  evals:\n    Type: {type: int8}\n  dataset:\n")
	for i := range n {
		fmt.Fprintf(&b, "    - case:\n        id: c%d\n        inputs: {a: %d, b: %d}\n        expected: %d\n", i, i%100, i%9+1, (i%100)/(i%9+1))
	}
	return []byte(b.String())
}

// BenchmarkParse parses specs of 1,000, 10,000 and 100,000 cases: time
// and memory per case stay flat.
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("cases=%d", n), func(b *testing.B) {
			data := specOf(n)
			b.ReportAllocs()
			for b.Loop() {
				f, err := Parse("bench.yml", data)
				if err != nil {
					b.Fatal(err)
				}
				if got := len(f.Functions[0].Dataset); got != n {
					b.Fatalf("parsed %d cases, want %d", got, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/case")
		})
	}
}

// BenchmarkMarshalOver rewrites specs of 1,000 and 10,000 cases over
// themselves with one case changed: time per case stays flat (cases are
// matched by id through a map, not pairwise).
func BenchmarkMarshalOver(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("cases=%d", n), func(b *testing.B) {
			data := specOf(n)
			f, err := Parse("bench.yml", data)
			if err != nil {
				b.Fatal(err)
			}
			f.Functions[0].Dataset[n/2].Expected = vp(IntValue(-1))
			b.ReportAllocs()
			for b.Loop() {
				out, err := f.MarshalOver(data)
				if err != nil {
					b.Fatal(err)
				}
				if !strings.Contains(string(out), "expected: -1") {
					b.Fatal("the changed case is not written")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/case")
		})
	}
}
