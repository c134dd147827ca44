// Package pricing parses and formats money amounts held as integer cents.
//
// It is an example of legacy code for specgen: a hand-rolled parser that
// returns (T, error), with a sentinel error and a typed error.
package pricing

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrEmpty is returned by ParseAmount when the input holds no amount.
var ErrEmpty = errors.New("empty amount")

// ParseError describes an amount that could not be parsed.
type ParseError struct {
	Input  string // the input, as given
	Reason string // what is wrong with it
	Err    error  // the underlying error, if any
}

func (e *ParseError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("parse amount %q: %s: %v", e.Input, e.Reason, e.Err)
	}
	return fmt.Sprintf("parse amount %q: %s", e.Input, e.Reason)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// ParseAmount parses an amount of money such as "12.50", "$1,234.5",
// "-3" or "(7.25)" (accounting style, negative) and returns it in cents.
// Surrounding spaces are ignored. At most two decimal places are allowed
// and thousands separators must group digits by three.
func ParseAmount(s string) (int64, error) {
	in := s
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrEmpty
	}
	neg := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		neg = true
		s = s[1 : len(s)-1]
	} else if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		s = s[1:]
	}
	s = strings.TrimPrefix(s, "$")
	if s == "" {
		return 0, &ParseError{Input: in, Reason: "no digits"}
	}

	whole, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		whole, frac = s[:i], s[i+1:]
	}
	if len(frac) > 2 {
		return 0, &ParseError{Input: in, Reason: "too many decimal places"}
	}
	if whole == "" && frac == "" {
		return 0, &ParseError{Input: in, Reason: "no digits"}
	}
	if strings.Contains(whole, ",") {
		groups := strings.Split(whole, ",")
		if len(groups[0]) == 0 || len(groups[0]) > 3 {
			return 0, &ParseError{Input: in, Reason: "bad thousands separator"}
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return 0, &ParseError{Input: in, Reason: "bad thousands separator"}
			}
		}
		whole = strings.Join(groups, "")
	}
	for _, part := range []string{whole, frac} {
		for _, r := range part {
			if r < '0' || r > '9' {
				return 0, &ParseError{Input: in, Reason: fmt.Sprintf("unexpected character %q", r)}
			}
		}
	}

	var units int64
	if whole != "" {
		var err error
		units, err = strconv.ParseInt(whole, 10, 64)
		if err != nil {
			return 0, &ParseError{Input: in, Reason: "bad number", Err: err}
		}
	}
	for len(frac) < 2 {
		frac += "0"
	}
	cents, _ := strconv.ParseInt(frac, 10, 64)
	if units > (1<<63-1-cents)/100 {
		return 0, &ParseError{Input: in, Reason: "amount too large", Err: strconv.ErrRange}
	}
	total := units*100 + cents
	if neg {
		total = -total
	}
	return total, nil
}

// FormatAmount formats cents as an amount with two decimal places and
// thousands separators: 123456 is "1,234.56", -5 is "-0.05".
func FormatAmount(cents int64) string {
	sign := ""
	u := uint64(cents)
	if cents < 0 {
		sign = "-"
		u = -u // two's complement: right for math.MinInt64 too
	}
	digits := strconv.FormatUint(u/100, 10)
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	fmt.Fprintf(&b, ".%02d", u%100)
	return b.String()
}
