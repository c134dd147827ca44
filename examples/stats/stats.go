// Package stats holds small numeric helpers of the kind every codebase
// grows: a mean, a percentile, a clamp.
//
// It is an example of legacy code for specgen: functions that panic on
// input their callers should never pass.
package stats

import (
	"fmt"
	"math"
	"sort"
)

// Mean returns the arithmetic mean of xs, or NaN when xs is empty.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// Percentile returns the p-th percentile of xs (0 <= p <= 100), using
// linear interpolation between the closest ranks. xs is not modified.
//
// Percentile panics when xs is empty, when p is outside [0, 100] or NaN,
// and when xs holds a NaN.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		panic("stats: percentile of empty slice")
	}
	if math.IsNaN(p) || p < 0 || p > 100 {
		panic(fmt.Sprintf("stats: percentile %v out of range [0, 100]", p))
	}
	sorted := make([]float64, len(xs))
	copy(sorted, xs)
	for _, x := range sorted {
		if math.IsNaN(x) {
			panic("stats: percentile of slice containing NaN")
		}
	}
	sort.Float64s(sorted)
	if len(sorted) == 1 {
		return sorted[0]
	}
	rank := p / 100 * float64(len(sorted)-1)
	lo := int(math.Floor(rank))
	hi := int(math.Ceil(rank))
	if lo == hi {
		return sorted[lo]
	}
	frac := rank - float64(lo)
	return sorted[lo] + frac*(sorted[hi]-sorted[lo])
}

// Clamp returns x limited to the closed interval [lo, hi].
// It panics when lo > hi.
func Clamp(x, lo, hi int) int {
	if lo > hi {
		panic(fmt.Sprintf("stats: clamp with lo %d > hi %d", lo, hi))
	}
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Histogram counts xs into n buckets of equal width spanning [lo, hi).
// Values below lo go to the first bucket and values at or above hi to
// the last; NaNs are not counted. It panics when n < 1 or when
// [lo, hi) is empty.
func Histogram(xs []float64, lo, hi float64, n int) []int {
	if n < 1 {
		panic(fmt.Sprintf("stats: histogram with %d buckets", n))
	}
	if !(hi > lo) {
		panic(fmt.Sprintf("stats: histogram range [%v, %v) is empty", lo, hi))
	}
	counts := make([]int, n)
	width := (hi - lo) / float64(n)
	for _, x := range xs {
		var i int
		switch {
		case math.IsNaN(x):
			continue
		case x < lo:
			i = 0
		case x >= hi:
			i = n - 1
		default:
			i = int((x - lo) / width)
			if i >= n { // rounding just below hi
				i = n - 1
			}
		}
		counts[i]++
	}
	return counts
}
