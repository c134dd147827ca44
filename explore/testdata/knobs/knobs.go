// Package knobs parses numbers under package-level settings, the way
// legacy code reads its configuration.
package knobs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// Strict refuses a leading plus sign.
var Strict = false

// MaxLen bounds the text Parse reads.
var MaxLen = 8

// Prefix is cut from the front of the text.
var Prefix = "v"

// Debug is read by no function Parse calls.
var Debug bool

var (
	level    uint8 = 3
	computed       = len(Prefix) * 2 // not a constant
	calls    int                     // state: Parse counts its calls
	table    = map[string]int{"one": 1}
)

var (
	errTooLong = errors.New("too long")
	errPlus    = errors.New("plus sign refused")
)

// Parse reads a number after Prefix.
func Parse(s string) (int, error) {
	count()
	if len(s) > MaxLen {
		return 0, errTooLong
	}
	s = strings.TrimPrefix(s, Prefix)
	if n, ok := table[s]; ok {
		return n, nil
	}
	if strings.HasPrefix(s, "+") {
		if Strict {
			return 0, errPlus
		}
		s = s[1:]
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, err
	}
	if level > 4 && computed > 0 {
		n *= 2
	}
	return n, nil
}

func count() { calls++ }

// now is the clock, a hook tests set.
var now = time.Now

// Age is how many years ago year was.
func Age(year int) (int, error) {
	n := now().Year() - year
	if n < 0 {
		return 0, errors.New("in the future")
	}
	return n, nil
}

// Debugging reports Debug.
func Debugging() bool { return Debug }

// pooled is a setting EnablePool turns on.
var pooled = false

// rander is where Token reads its bytes: a dependency SetReader
// replaces.
var rander io.Reader = rand.Reader

// warmed is state Token sets itself: no setting.
var warmed bool

// EnablePool makes Token answer from the pool.
func EnablePool() { pooled = true }

// SetReader replaces the reader Token reads.
func SetReader(r io.Reader) { rander = r }

// Token is four random bytes in hex, or "pooled".
func Token() (string, error) {
	if !warmed {
		warmed = true
	}
	if pooled {
		return "pooled", nil
	}
	b := make([]byte, 4)
	if _, err := io.ReadFull(rander, b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
