package calc

import (
	"errors"
	"strconv"
	"strings"
)

// Version is a result whose state is unexported: probes observe it
// through its methods.
type Version struct {
	major, minor int
	pre          string
	seq          int
	Label        string
}

// ParseVersion parses "major.minor" with an optional "-pre" suffix.
func ParseVersion(s string) (*Version, error) {
	v := &Version{}
	s, v.pre, _ = strings.Cut(s, "-")
	maj, min, ok := strings.Cut(s, ".")
	if !ok {
		return nil, errors.New("want major.minor")
	}
	var err error
	if v.major, err = strconv.Atoi(maj); err != nil {
		return nil, err
	}
	if v.minor, err = strconv.Atoi(min); err != nil {
		return nil, err
	}
	return v, nil
}

// MakeVersion returns a Version value.
func MakeVersion(major int) Version { return Version{major: major, Label: "made"} }

func (v *Version) String() string {
	s := strconv.Itoa(v.major) + "." + strconv.Itoa(v.minor)
	if v.pre != "" {
		s += "-" + v.pre
	}
	return s
}

// Major is the major number.
func (v *Version) Major() int { return v.major }

// Minor is the minor number.
func (v *Version) Minor() int { return v.minor }

// Stable reports a release without a pre-release part.
func (v Version) Stable() bool { return v.pre == "" }

// Broken panics.
func (v *Version) Broken() string { panic("broken") }

// Seq changes the version: not an observer.
func (v *Version) Seq() int { v.seq++; return v.seq }

var calls int

// Calls changes at every call.
func (v *Version) Calls() int { calls++; return calls }

// Bump changes the version: not an observer.
func (v *Version) Bump() int { v.minor++; return v.minor }

// Reset is a mutator by its name.
func (v *Version) Reset() bool { v.major, v.minor = 0, 0; return true }

// Parts has arguments: not an observer.
func (v *Version) Parts(sep string) string {
	return strconv.Itoa(v.major) + sep + strconv.Itoa(v.minor)
}
