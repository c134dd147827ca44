// Package ids reads and writes fixed-layout identifiers: the explore
// tests measure what the package's own values and the structure-aware
// mutations add.
package ids

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ID is a 16-byte identifier.
type ID [16]byte

// groupEnds are the offsets of the dashes of an ID's canonical form.
var groupEnds = [4]int{8, 13, 18, 23}

// String writes id in its canonical form: 32 hex digits in groups of
// 8, 4, 4, 4 and 12, separated by dashes.
func (id ID) String() string {
	const digits = "0123456789abcdef"
	var b strings.Builder
	for i, x := range id {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b.WriteByte('-')
		}
		b.WriteByte(digits[x>>4])
		b.WriteByte(digits[x&15])
	}
	return b.String()
}

// ErrLength is returned for a text of no accepted length.
var ErrLength = errors.New("bad length")

// Parse reads an ID in its canonical form, in braces, or as 32 hex
// digits without dashes.
func Parse(s string) (ID, error) {
	var id ID
	switch len(s) {
	case 36:
	case 38:
		if s[0] != '{' || s[37] != '}' {
			return id, fmt.Errorf("bad braces in %q", s)
		}
		s = s[1:37]
	case 32:
		return compact(s)
	default:
		return id, ErrLength
	}
	for _, e := range groupEnds {
		if s[e] != '-' {
			return id, fmt.Errorf("no dash at %d", e)
		}
	}
	j := 0
	for i := 0; i < len(s); i += 2 {
		if s[i] == '-' {
			i--
			continue
		}
		hi, ok1 := nibble(s[i])
		lo, ok2 := nibble(s[i+1])
		if !ok1 || !ok2 {
			return id, fmt.Errorf("bad hex at %d", i)
		}
		id[j] = hi<<4 | lo
		j++
	}
	if id[6]>>4 > 5 {
		return id, fmt.Errorf("unknown version %d", id[6]>>4)
	}
	return id, nil
}

func compact(s string) (ID, error) {
	var id ID
	for i := range id {
		hi, ok1 := nibble(s[2*i])
		lo, ok2 := nibble(s[2*i+1])
		if !ok1 || !ok2 {
			return id, fmt.Errorf("bad hex at %d", 2*i)
		}
		id[i] = hi<<4 | lo
	}
	return id, nil
}

func nibble(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// tagPattern is the form of a tag: a short lower-case word, a dash and
// three digits.
var tagPattern = regexp.MustCompile(`^[a-z]{2,4}-[0-9]{3}$`)

// Tag is a checked label.
type Tag struct {
	Word string
	Num  int
}

func checkForm(s string) error {
	if !tagPattern.MatchString(s) {
		return fmt.Errorf("%q is not a tag", s)
	}
	return nil
}

func validate(s string) error {
	if s == "" {
		return errors.New("empty tag")
	}
	return checkForm(strings.TrimSpace(s))
}

// ParseTag reads a tag.
func ParseTag(s string) (Tag, error) {
	if err := validate(s); err != nil {
		return Tag{}, err
	}
	word, num, _ := strings.Cut(strings.TrimSpace(s), "-")
	t := Tag{Word: word}
	for _, c := range num {
		t.Num = 10*t.Num + int(c-'0')
	}
	if t.Num == 0 {
		return t, errors.New("tag number 000")
	}
	if word == strings.Repeat(word[:1], len(word)) {
		return t, fmt.Errorf("tag word %q repeats one letter", word)
	}
	return t, nil
}

// URNPrefix starts the long form of an ID.
const URNPrefix = "urn:id:"

// URN writes id in its long form.
func URN(id ID) string { return URNPrefix + id.String() }

// Scan reads an ID from a database column: its text, or its 16 bytes.
func (id *ID) Scan(src any) error {
	switch src := src.(type) {
	case string:
		parsed, err := Parse(src)
		if err != nil {
			return err
		}
		*id = parsed
	case []byte:
		if len(src) != len(id) {
			return id.Scan(string(src))
		}
		copy(id[:], src)
	default:
		return fmt.Errorf("ids: cannot scan a %T", src)
	}
	return nil
}
