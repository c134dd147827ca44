// Package keys returns a map's keys in the map's order, which changes
// from run to run.
package keys

// Keys returns the keys of m, in no particular order.
func Keys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
