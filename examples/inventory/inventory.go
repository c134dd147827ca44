// Package inventory keeps stock levels per SKU.
//
// It is an example of legacy code for specgen: methods on a type with
// state, whose receiver a spec builds from a YAML map.
package inventory

import (
	"errors"
	"fmt"
	"sort"
)

// ErrUnknownSKU is returned when a SKU has no stock at all.
var ErrUnknownSKU = errors.New("unknown sku")

// ErrBadQuantity is returned for a quantity that is zero or negative.
var ErrBadQuantity = errors.New("quantity must be positive")

// LimitError is returned by Add when a SKU would exceed the stock limit.
type LimitError struct {
	SKU   string
	Have  int // units in stock
	Add   int // units asked for
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("sku %s: adding %d to %d exceeds limit %d", e.SKU, e.Add, e.Have, e.Limit)
}

// Stock holds units per SKU. The zero value is an empty stock without a
// limit.
type Stock struct {
	// Items maps a SKU to the units in stock; SKUs with no units are absent.
	Items map[string]int
	// Limit is the most units a single SKU may hold; 0 means no limit.
	Limit int
}

// Add puts n units of sku into stock and returns the new count.
func (s *Stock) Add(sku string, n int) (int, error) {
	if sku == "" {
		return 0, errors.New("empty sku")
	}
	if n <= 0 {
		return 0, fmt.Errorf("add %d of %s: %w", n, sku, ErrBadQuantity)
	}
	have := s.Items[sku]
	if s.Limit > 0 && n > s.Limit-have {
		return have, &LimitError{SKU: sku, Have: have, Add: n, Limit: s.Limit}
	}
	if s.Items == nil {
		s.Items = make(map[string]int)
	}
	s.Items[sku] = have + n
	return have + n, nil
}

// Remove takes n units of sku out of stock and returns what is left.
// A SKU whose count drops to zero is forgotten.
func (s *Stock) Remove(sku string, n int) (int, error) {
	if n <= 0 {
		return 0, fmt.Errorf("remove %d of %s: %w", n, sku, ErrBadQuantity)
	}
	have, ok := s.Items[sku]
	if !ok {
		return 0, fmt.Errorf("remove %s: %w", sku, ErrUnknownSKU)
	}
	if n > have {
		return have, fmt.Errorf("remove %d of %s: only %d in stock", n, sku, have)
	}
	left := have - n
	if left == 0 {
		delete(s.Items, sku)
	} else {
		s.Items[sku] = left
	}
	return left, nil
}

// Count returns the units of sku in stock.
func (s Stock) Count(sku string) int {
	return s.Items[sku]
}

// LowStock returns the SKUs with fewer than threshold units, sorted.
func (s Stock) LowStock(threshold int) []string {
	var low []string
	for sku, n := range s.Items {
		if n < threshold {
			low = append(low, sku)
		}
	}
	sort.Strings(low)
	return low
}

// Describe renders a stock line for a pick list: "A1: 5 units",
// "A1: 1 unit", "A1: out of stock", or "A1: backordered (3)" for a
// negative count.
func Describe(sku string, n int) string {
	switch {
	case n < 0:
		return fmt.Sprintf("%s: backordered (%d)", sku, -n)
	case n == 0:
		return sku + ": out of stock"
	case n == 1:
		return sku + ": 1 unit"
	}
	return fmt.Sprintf("%s: %d units", sku, n)
}
