// Package alts parses patterns of alternative words: "red|green|blue".
package alts

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// MaxAlternatives bounds the alternatives of a pattern.
const MaxAlternatives = 100

// Parse splits a pattern into its alternatives, each a word of letters.
func Parse(p string) ([]string, error) {
	words := strings.Split(p, "|")
	if len(words) > MaxAlternatives {
		return nil, errors.New("too many alternatives")
	}
	for i, w := range words {
		if w == "" {
			return nil, fmt.Errorf("alternative %d is empty", i+1)
		}
		for _, r := range w {
			if !unicode.IsLetter(r) {
				return nil, fmt.Errorf("alternative %d: %q is not a letter", i+1, r)
			}
		}
	}
	return words, nil
}
