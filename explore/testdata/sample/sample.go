// Package sample holds small functions the explore tests run.
package sample

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// ErrEmpty is returned for an empty size.
var ErrEmpty = errors.New("empty size")

// units maps unit suffixes to their multipliers.
var units = map[string]int64{
	"b":  1,
	"kb": 1 << 10,
	"mb": 1 << 20,
	"gb": 1 << 30,
}

// ParseSize parses a size such as "10kb", "1.5 MB" or "-3b".
//
// Examples: "12kb", "7 gb".
func ParseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrEmpty
	}
	neg := false
	if strings.HasPrefix(s, "-") {
		neg = true
		s = s[1:]
	}
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("no number in %q", s)
	}
	f, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, err
	}
	unit := strings.ToLower(strings.TrimSpace(s[i:]))
	if unit == "" {
		unit = "b"
	}
	m, ok := units[unit]
	if !ok {
		return 0, fmt.Errorf("unknown unit %s", unit)
	}
	f *= float64(m)
	if f > 1<<40 {
		return 0, errors.New("size too large")
	}
	if neg {
		return -int64(f), nil
	}
	return int64(f), nil
}

// Grade classifies a score.
func Grade(score int) string {
	switch {
	case score < 0:
		return "invalid"
	case score >= 90:
		return "A"
	case score >= 75:
		return "B"
	case score == 42:
		return "answer"
	}
	return "C"
}

// Join joins parts with sep, skipping empty parts.
func Join(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// Rect is a rectangle.
type Rect struct {
	W, H float64
}

// Area returns the area; it panics on negative sides.
func (r Rect) Area() float64 {
	if r.W < 0 || r.H < 0 {
		panic("negative side")
	}
	return r.W * r.H
}

// Counter counts.
type Counter struct {
	N     int
	Limit int
}

// Add adds n, up to the limit.
func (c *Counter) Add(n int) error {
	if c.Limit > 0 && c.N+n > c.Limit {
		return fmt.Errorf("limit %d exceeded", c.Limit)
	}
	c.N += n
	return nil
}

// Human describes a duration roughly.
func Human(d time.Duration) string {
	switch {
	case d < 0:
		return "negative"
	case d < time.Second:
		return "instant"
	case d < time.Minute:
		return "seconds"
	case d < time.Hour:
		return "minutes"
	}
	return "hours"
}

// Pick returns xs[i], or panics.
func Pick(xs []int, i int) int {
	return xs[i]
}

// Total sums the values of the keys.
func Total(m map[string]int, keys []string) (int, error) {
	t := 0
	for _, k := range keys {
		v, ok := m[k]
		if !ok {
			return 0, fmt.Errorf("missing key %q", k)
		}
		t += v
	}
	return t, nil
}

// Color is an enumeration.
type Color int

// The colors.
const (
	Red Color = iota + 1
	Green
	Blue
)

// ParseKV parses "key=v1,v2" into the key and the number of values; keys
// ending in "_id" must have numeric values ("user_id=7").
func ParseKV(s string) (string, int, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return "", 0, errors.New("missing =")
	}
	if strings.HasPrefix(k, "0x") {
		return "", 0, errors.New("hex key")
	}
	parts := strings.Split(v, ",")
	if len(parts) > 3 {
		return "", 0, errors.New("too many values")
	}
	if strings.HasSuffix(k, "_id") {
		for _, r := range v {
			if !unicode.IsDigit(r) {
				return "", 0, fmt.Errorf("non-numeric id %q", v)
			}
		}
	}
	switch k {
	case "mode", "kind":
		if len(parts) != 1 {
			return "", 0, errors.New("one value only")
		}
	}
	if k == "" && v == "" {
		return "", 0, nil
	}
	n := len(parts)
	return k, n, nil
}

// Paint names a color.
func Paint(c Color) string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	case Blue:
		return "blue"
	}
	return "unknown"
}

var semverRE = regexp.MustCompile(`^v(\d+)\.(\d+)\.(\d+)(-[a-z0-9.]+)?$`)

// MajorVersion returns the major version of a stable semantic version.
func MajorVersion(v string) (int, error) {
	m := semverRE.FindStringSubmatch(v)
	if m == nil {
		return 0, fmt.Errorf("bad version %q", v)
	}
	if m[4] != "" {
		return 0, errors.New("prerelease")
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, errors.New("unstable")
	}
	return n, nil
}

// Server is a configuration.
type Server struct {
	Host    string
	Port    int
	TLS     *TLSConfig
	Tags    []string
	timeout time.Duration
}

// TLSConfig configures TLS.
type TLSConfig struct {
	Cert string
	Skip bool
}

// Addr returns the address to dial.
func (s *Server) Addr(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if s.Host == "" {
		return "", errors.New("no host")
	}
	if s.Port <= 0 || s.Port > 65535 {
		return "", fmt.Errorf("bad port %d", s.Port)
	}
	scheme := "http"
	if s.TLS != nil {
		if s.TLS.Cert == "" && !s.TLS.Skip {
			return "", errors.New("tls needs a cert")
		}
		scheme = "https"
	}
	for _, t := range s.Tags {
		if t == "internal" {
			return scheme + "://" + s.Host + ".internal:" + strconv.Itoa(s.Port), nil
		}
	}
	return scheme + "://" + s.Host + ":" + strconv.Itoa(s.Port), nil
}

// CountLines counts the lines of r, failing on a line longer than max.
func CountLines(r io.Reader, max int) (int, error) {
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		if len(sc.Text()) > max {
			return n, fmt.Errorf("line %d too long", n+1)
		}
		n++
	}
	return n, sc.Err()
}

// Checksum sums the bytes of data; a leading 0xFF byte is a marker.
func Checksum(data []byte) (uint8, bool) {
	if len(data) == 0 {
		return 0, false
	}
	marker := data[0] == 0xFF
	var sum uint8
	for _, b := range data {
		sum += b
	}
	return sum, marker
}

// Weekend reports whether t falls on a weekend.
func Weekend(t time.Time) bool {
	d := t.Weekday()
	return d == time.Saturday || d == time.Sunday
}

// Truthy tells whether s spells true.
func Truthy(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "y", "on", "true", "1":
		return true, nil
	case "no", "n", "off", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("not a boolean: %q", s)
}
