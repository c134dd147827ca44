package calc

import (
	"errors"
	"strconv"
	"strings"
)

// Version has unexported state: specs observe it through its methods.
type Version struct {
	major, minor int
	Label        string
}

// ParseVersion parses "major.minor".
func ParseVersion(s string) (*Version, error) {
	maj, min, ok := strings.Cut(s, ".")
	if !ok {
		return nil, errors.New("want major.minor")
	}
	a, err := strconv.Atoi(maj)
	if err != nil {
		return nil, err
	}
	b, err := strconv.Atoi(min)
	if err != nil {
		return nil, err
	}
	return &Version{major: a, minor: b}, nil
}

// SplitVersion returns the version and its minor number.
func SplitVersion(s string) (*Version, int) {
	v, err := ParseVersion(s)
	if err != nil {
		return nil, 0
	}
	return v, v.minor
}

func (v *Version) String() string { return strconv.Itoa(v.major) + "." + strconv.Itoa(v.minor) }

// Major is the major number.
func (v *Version) Major() int { return v.major }

// Minor is the minor number; it panics for a minor number above 99.
func (v *Version) Minor() int {
	if v.minor > 99 {
		panic("minor number too large")
	}
	return v.minor
}
