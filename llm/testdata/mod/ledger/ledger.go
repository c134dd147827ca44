// Package ledger keeps amounts of money whose state is unexported, and
// sums numbers of any kind: the package under test of package llm's
// tests of values built by code, observed results and generic functions.
package ledger

import (
	"errors"
	"fmt"
)

// ErrCurrency is returned when amounts in different currencies meet.
var ErrCurrency = errors.New("currency mismatch")

// Amount is a number of cents in a currency.
type Amount struct {
	cents    int64
	currency string
}

// NewAmount returns cents of currency.
func NewAmount(cents int64, currency string) Amount { return Amount{cents, currency} }

// ParseAmount reads "12.34 EUR".
func ParseAmount(s string) (Amount, error) {
	var units, cents int64
	var cur string
	if _, err := fmt.Sscanf(s, "%d.%d %s", &units, &cents, &cur); err != nil {
		return Amount{}, fmt.Errorf("amount %q: %w", s, err)
	}
	return Amount{units*100 + cents, cur}, nil
}

// MustAmount is ParseAmount that panics.
func MustAmount(s string) Amount {
	a, err := ParseAmount(s)
	if err != nil {
		panic(err)
	}
	return a
}

// Add returns a+b, which must be in the same currency.
func (a Amount) Add(b Amount) (Amount, error) {
	if a.currency != b.currency {
		return Amount{}, fmt.Errorf("%s and %s: %w", a.currency, b.currency, ErrCurrency)
	}
	return Amount{a.cents + b.cents, a.currency}, nil
}

// Neg returns -a.
func (a Amount) Neg() Amount { return Amount{-a.cents, a.currency} }

// String writes "12.34 EUR".
func (a Amount) String() string {
	return fmt.Sprintf("%d.%02d %s", a.cents/100, a.cents%100, a.currency)
}

// Cents is the amount in cents.
func (a Amount) Cents() int64 { return a.cents }

// Currency is the amount's currency.
func (a Amount) Currency() string { return a.currency }

// IsZero reports a zero amount.
func (a Amount) IsZero() bool { return a.cents == 0 }

// Number is a kind of number Sum adds.
type Number interface {
	~int | ~int64 | ~float64
}

// Sum adds xs.
func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}
