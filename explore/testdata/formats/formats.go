// Package formats hands its inputs to the standard library's parsers.
package formats

import (
	"encoding/json"
	"errors"
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
