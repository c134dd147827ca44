package target

import (
	"context"
	"sync"
	"testing"
)

// Loads take a while: the test packages are loaded once per test binary.
var (
	shapesOnce = sync.OnceValues(func() (*Package, error) {
		return Load(context.Background(), "./shapes", Config{Dir: "testdata/td"})
	})
	pricingOnce = sync.OnceValues(func() (*Package, error) {
		return Load(context.Background(), "./pricing", Config{Dir: "testdata/td"})
	})
)

// loadShapes returns testdata/td/shapes, the package of types for the
// GoExpr tests.
func loadShapes(t *testing.T) *Package {
	t.Helper()
	p, err := shapesOnce()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// loadPricing returns testdata/td/pricing, a package under test.
func loadPricing(t *testing.T) *Package {
	t.Helper()
	p, err := pricingOnce()
	if err != nil {
		t.Fatal(err)
	}
	return p
}
