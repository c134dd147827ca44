package covt

import (
	"errors"
	"fmt"
	"strings"
)

// Classify uses an expression switch with init, fallthrough and default.
func Classify(n int) string {
	out := ""
	switch m := n % 4; m {
	case 0:
		out = "zero"
	case 1:
		out = "one"
		fallthrough
	case 2:
		out += "two"
	case 3:
	default:
		out = "neg"
	}
	if out == "" {
		return "three"
	}
	return out
}

// Tagless uses a switch without tag, with a case that returns early.
func Tagless(s string) (int, error) {
	switch {
	case s == "":
		return 0, errors.New("empty")
	case strings.HasPrefix(s, "-"):
		n, err := Tagless(s[1:])
		return -n, err
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("bad digit %q", r)
		}
		n = n*10 + int(r-'0')
	}
	return n, nil
}

// Kind uses a type switch with several types per case and a nil case.
func Kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprint("int ", x)
	case string:
		if x == "" {
			return "empty string"
		}
		return "string"
	case error:
		return "error " + x.Error()
	default:
		_ = x
	}
	return "other"
}

// EmptySwitches has switches without clauses, which get no counters.
func EmptySwitches(v any, n int) int {
	switch n++; n {
	}
	switch v.(type) {
	}
	switch {
	}
	return n
}

// SwitchLit has a function literal in the switch tag.
func SwitchLit(n int) int {
	switch func() int { return n * 2 }() {
	case 4:
		return 1
	}
	return 0
}
