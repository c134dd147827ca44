// Package amount parses amounts of cents into a value whose fields a
// spec cannot state: it is observed through its methods.
package amount

import (
	"errors"
	"fmt"
	"strconv"
)

// Amount is a number of cents.
type Amount struct{ cents int64 }

// String writes a as units and cents.
func (a *Amount) String() string { return fmt.Sprintf("%d.%02d", a.cents/100, a.cents%100) }

// Parse reads a whole number of cents.
func Parse(s string) (*Amount, error) {
	if s == "" {
		return nil, errors.New("empty amount")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, err
	}
	return &Amount{cents: n}, nil
}
