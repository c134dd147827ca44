package pricing

import "testing"

func TestNothing(t *testing.T) {}
