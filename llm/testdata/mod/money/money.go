// Package money parses and splits amounts of money held as integer
// cents: the package under test of package llm's end-to-end tests.
package money

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrEmpty is returned by ParseCents for an input without an amount.
var ErrEmpty = errors.New("empty amount")

// MaxCents is the largest amount ParseCents accepts.
const MaxCents = 100_000_000

// RangeError reports an amount above MaxCents.
type RangeError struct {
	Cents int64
	Max   int64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("amount %d exceeds %d", e.Cents, e.Max)
}

// ParseCents parses an amount such as "12.34" or "-0.5" into cents.
// Surrounding spaces are ignored; at most two decimals are allowed.
func ParseCents(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrEmpty
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("too many decimals in %q", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bad amount %q: %w", s, err)
	}
	c, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bad cents %q: %w", frac, err)
	}
	cents := w*100 + c
	if cents > MaxCents {
		return 0, &RangeError{Cents: cents, Max: MaxCents}
	}
	if neg {
		cents = -cents
	}
	return cents, nil
}

// Split divides cents into n shares that differ by at most one cent,
// the larger ones first. It panics when n is not positive.
func Split(cents int64, n int) []int64 {
	if n <= 0 {
		panic(fmt.Sprintf("split into %d shares", n))
	}
	shares := make([]int64, n)
	base, rest := cents/int64(n), cents%int64(n)
	for i := range shares {
		shares[i] = base
		if int64(i) < rest {
			shares[i]++
		}
	}
	return shares
}

// Wallet holds an amount of cents.
type Wallet struct {
	Cents int64
}

// Spend takes c cents from the wallet. It fails when the wallet holds
// less.
func (w *Wallet) Spend(c int64) error {
	if c > w.Cents {
		return fmt.Errorf("cannot spend %d of %d", c, w.Cents)
	}
	w.Cents -= c
	return nil
}
