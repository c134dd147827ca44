// Package formats hands its inputs to the standard library's parsers.
package formats

import (
	"encoding/json"
	"errors"
	"strconv"
	"time"
)

const stampLayout = "2006-01-02 15:04"

// Keys reads a JSON object and counts its keys.
func Keys(s string) (int, error) {
	var m map[string]any
	if err := decode(s, &m); err != nil {
		return 0, err
	}
	if m == nil {
		return 0, errors.New("no object")
	}
	return len(m), nil
}

func decode(s string, v any) error {
	return json.Unmarshal([]byte(s), v)
}

// Year reads a stamp and returns its year.
func Year(s string) (int, error) {
	t, err := time.Parse(stampLayout, s)
	if err != nil {
		return 0, err
	}
	return t.Year(), nil
}

// Astral decodes the escapes of the JSON string literal json starts
// with and counts the characters beyond the basic plane it holds, each
// escaped as a pair of surrogates.
func Astral(json string) (int, error) {
	if len(json) == 0 || json[0] != '"' {
		return 0, errors.New("no string")
	}
	n := 0
	for i := 1; i < len(json); i++ {
		switch json[i] {
		case '"':
			return n, nil
		case '\\':
			if i+1 >= len(json) {
				return 0, errors.New("escape cut short")
			}
			i++
			if json[i] != 'u' {
				continue
			}
			if i+4 >= len(json) {
				return 0, errors.New("code cut short")
			}
			r, err := strconv.ParseUint(json[i+1:i+5], 16, 16)
			if err != nil {
				return 0, err
			}
			i += 4
			if r >= 0xd800 && r < 0xdc00 {
				n++
			}
		}
	}
	return 0, errors.New("unterminated")
}
