package shop

// ErrEmpty is returned for a cart without items.
var ErrEmpty = cartError("empty cart")

// defaultQty is set by init.
var defaultQty int

func init() { defaultQty = 1 }

// NewItem makes an item of the default quantity.
func NewItem(sku string) Item { return Item{SKU: sku, Qty: defaultQty} }

// Cart holds items.
type Cart struct {
	items []Item
}

// Add adds an item.
func (c *Cart) Add(it Item) {
	c.items = append(c.items, it)
}

// Sum totals the cart through a method of its receiver.
func (c *Cart) Sum() (int, error) {
	if len(c.items) == 0 {
		return 0, ErrEmpty
	}
	return c.sum(), nil
}

func (c *Cart) sum() int {
	n := 0
	for _, it := range c.items {
		n += it.Price * it.Qty
	}
	return n
}

// One totals a cart of one item through a local variable.
func One(it Item) int {
	var c Cart
	c.Add(it)
	return c.sum()
}

// Pricer prices an item.
type Pricer interface {
	Price(it Item) int
}

// Flat prices at the list price.
type Flat struct{}

// Price is the list price.
func (Flat) Price(it Item) int { return it.Price }

// Discount takes a percentage off.
type Discount struct{ Pct int }

// Price is the discounted price.
func (d Discount) Price(it Item) int { return it.Price - percent(it.Price, d.Pct) }

// Quote prices the items with p.
func Quote(p Pricer, items []Item) int {
	n := 0
	for _, it := range items {
		n += p.Price(it) * it.Qty
	}
	return n
}

// Apply maps f over the items.
func Apply(items []Item, f func(Item) int) []int {
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = f(it)
	}
	return out
}

// Doubled passes a function of the package as a value.
func Doubled(items []Item) []int { return Apply(items, twice) }

func twice(it Item) int { return 2 * it.Price }

type cartError string

func (e cartError) Error() string { return string(e) }
