// Package shop is the package whose functions the SourceHash and
// Touched tests edit: each function depends on the others in a
// different way. It imports only packages without imports, which
// load fast.
package shop

import "unicode/utf8"

// Rate is the tax rate in percent.
const Rate = 20

// Size is the size of an item.
type Size int

// The sizes.
const (
	Small Size = iota
	Medium
	Large
)

// String names the size.
func (s Size) String() string {
	switch s {
	case Small:
		return "S"
	case Medium:
		return "M"
	}
	return "L"
}

// Mid returns a size as any: its constant's spec does not name the
// type.
func Mid() any { return Medium }

// skuPrefix is what a stock keeping unit starts with.
var skuPrefix = upper("sku-")

// Item is a line of an order.
type Item struct {
	SKU   string
	Price int
	Qty   int
}

// Total is the price of the items, tax included.
func Total(items []Item) int {
	sum := 0
	for _, it := range items {
		sum += line(it)
	}
	return withTax(sum)
}

func line(it Item) int { return it.Price * it.Qty }

func withTax(n int) int { return n + percent(n, Rate) }

func percent(n, p int) int {
	return n * p / 100
}

// ValidSKU reports whether s is a stock keeping unit.
func ValidSKU(s string) bool {
	return len(s) > 4 && s[:4] == skuPrefix
}

// Unrelated depends on nothing of the package.
func Unrelated(s string) string {
	return s + "!"
}

// RuneLen depends on an import only.
func RuneLen(r rune) int {
	return utf8.RuneLen(r)
}

// Label returns a size as any: whoever prints it calls its String
// method.
func Label(s Size) any {
	return s
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
