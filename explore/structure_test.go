package explore

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestGroups(t *testing.T) {
	tests := []struct {
		in     string
		want   string // the groups, kind:text, space separated
		reason string
	}{
		{"", "", "no text, no group"},
		{"v1.2.3-rc1", "mixed:v1 sep:. digits:2 sep:. digits:3 sep:- mixed:rc1", "a version: each separator its own group"},
		{"9f3a-00ZZ_deadbee5", "hex:9f3a sep:- mixed:00ZZ sep:_ hex:deadbee5", "hex runs need a hex letter, a digit and only hex digits"},
		{"beta", "letters:beta", "letters that are not all hex"},
		{"cafe", "letters:cafe", "hex letters without a digit read as a word"},
		{"a--b", "letters:a sep:- sep:- letters:b", "a doubled separator is two groups"},
		{"é1 x", "mixed:é1 sep:  letters:x", "non-ASCII letters count as letters"},
		{"2024-02-29T12:30", "digits:2024 sep:- digits:02 sep:- mixed:29T12 sep:: digits:30", "a date"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			var got []string
			for _, g := range groups(tt.in) {
				got = append(got, g.kind.String()+":"+tt.in[g.start:g.end])
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("groups(%q) = %q, want %q", tt.in, s, tt.want)
			}
		})
	}
}

// TestStructuralOps applies each structure-aware mutation under many
// seeds: every result must be one of the wanted ones, and every wanted
// one must come out under some seed.
func TestStructuralOps(t *testing.T) {
	digits := strings.Split("0123456789", "")
	tests := []struct {
		op     string
		in     string
		values []string
		want   []string // nil: the mutation does not apply
		reason string
	}{
		{"grow group", "1f-9", nil, []string{"1ff-9", "1f-99"}, "one more of a group's last character"},
		{"grow group", "-", nil, nil, "no group to grow"},
		{"shrink group", "1f-9", nil, []string{"1-9", "1f-"}, "one fewer"},
		{"non-hex digit", "a1-7", nil, []string{"g1-7", "ag-7", "a1-g", "a1-a"}, "a character just outside the class of hex and digit groups"},
		{"non-hex digit", "xyz", nil, nil, "no hex or digit group"},
		{"drop separator", "a-b.c", nil, []string{"ab.c", "a-bc"}, "one separator dropped"},
		{"drop separator", "abc", nil, nil, "no separator"},
		{"double separator", "a-b", nil, []string{"a--b"}, "one separator doubled"},
		{"swap separator", "a-b", nil, []string{"a_b", "a.b", "a:b", "a/b", "a b"}, "another separator in its place"},
		{"case of group", "v1.Beta", nil, []string{"V1.Beta", "v1.BETA"}, "a letter run upper-cased (lower-cased when it is upper)"},
		{"case of group", "AB-12", nil, []string{"ab-12"}, "an upper-case run is lower-cased; digits have no case"},
		{"swap groups", "12-ab-x", nil, []string{"ab-12-x", "x-ab-12", "12-x-ab"}, "two runs change places"},
		{"swap groups", "7-7", nil, nil, "equal runs: no change"},
		{"cut at separator", "a-b.c", nil, []string{"a", "a-", "a-b", "a-b."}, "cut before or after a separator"},
		{"package value", "ab-c", []string{"V"}, []string{"V-c", "ab-V", "V"}, "a valid value of the package for a group or the whole"},
		{"package value", "ab-c", nil, nil, "no value of the package"},
		{"bracket", "x", nil, []string{"{x}", "(x)", "[x]", "<x>", `"x"`, "'x'"}, "wrapped in a pair of brackets"},
		{"other digit", "7", nil, digits, "another digit of the group's class"},
	}
	for _, tt := range tests {
		t.Run(tt.op+"/"+tt.reason, func(t *testing.T) {
			op := slices.Index(structuralOps, tt.op)
			if op < 0 {
				t.Fatalf("no structural op %q", tt.op)
			}
			seen := map[string]bool{}
			for seed := uint64(1); seed <= 200; seed++ {
				mu := &mutator{rng: rand.New(rand.NewPCG(seed, 0)), g: newValueGen(nil, &mined{}), values: tt.values}
				got, name, ok := mu.structuralOp(tt.in, op)
				if name != tt.op {
					t.Fatalf("op %d is named %q, want %q", op, name, tt.op)
				}
				if ok != (tt.want != nil) {
					t.Fatalf("structuralOp(%q, %q) applies: %v, want %v", tt.in, tt.op, ok, tt.want != nil)
				}
				if !ok {
					continue
				}
				if !slices.Contains(tt.want, got) {
					t.Fatalf("seed %d: %q became %q, not one of %q", seed, tt.in, got, tt.want)
				}
				seen[got] = true
			}
			for _, w := range tt.want {
				if !seen[w] {
					t.Errorf("%q never became %q", tt.in, w)
				}
			}
		})
	}
}

// TestStructuralDeterministic checks that string mutation, structural
// mutations among the others, depends on the seed only.
func TestStructuralDeterministic(t *testing.T) {
	run := func(seed uint64) []string {
		mu := newMutator(rand.New(rand.NewPCG(seed, 7)), newValueGen(nil, &mined{}))
		var out []string
		for range 200 {
			s, op := mu.str("3f2a-0001-beta.7")
			out = append(out, s+" "+op)
		}
		return out
	}
	a, b := run(1), run(1)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave different mutations")
	}
	structural := 0
	for _, s := range a {
		for _, op := range structuralOps {
			if strings.Contains(s, " "+op) || strings.Contains(s, "+"+op) {
				structural++
				break
			}
		}
	}
	if structural == 0 || structural == len(a) {
		t.Errorf("%d of %d mutations structural: want some, not all", structural, len(a))
	}
}

func TestVariants(t *testing.T) {
	tests := []struct {
		in       string
		brackets [][2]string
		want     []string // all variants, in order
		reason   string
	}{
		{"", nil, nil, "nothing to vary"},
		{"1f-9", nil, []string{
			"1ff-9", "1-9", "1f-99", "1f-", // each group one longer, one shorter
			"1f9", "1f--9", // the separator dropped, doubled
			"gf-9", "1f-g", // a character outside each group's class
			"1f",                   // cut before the separator
			"ff-9", "10-9", "1f-0", // each digit at the top of its class (0 when it is)
			"1f-999999999999999999999", // the number too large for 64 bits
			"1f_9", "1f!9",             // the separator swapped
		}, "a hex group and a digit group"},
		{"Ab.c", [][2]string{{"{", "}"}}, []string{
			"Abb.c", "A.c", "Ab.cc", "Ab.",
			"Abc", "Ab..c",
			"AB.c", "Ab.C", // letter runs in the other case
			"Ab", "{Ab.c}", // cut, then in the brackets the code looks for
			"Ab_c", "Ab!c",
		}, "letters and brackets"},
		{"a_b", nil, []string{
			"aa_b", "_b", "a_bb", "a_",
			"ab", "a__b",
			"A_b", "a_B",
			"a",
			"a!b", // not swapped for itself
		}, "an underscore separator"},
		{"v1.2", nil, []string{
			"v11.2", "v.2", "v1.22", "v1.",
			"v12", "v1..2",
			"V1.2",
			"v1.g",
			"v1",
			"v9.2", "v1.9", // the digits of a mixed group too
			"v999999999999999999999.2", "v1.999999999999999999999",
			"v1_2", "v1!2",
		}, "a prefixed number"},
	}
	for _, tt := range tests {
		t.Run(tt.reason, func(t *testing.T) {
			if got := variants(tt.in, tt.brackets); !slices.Equal(got, tt.want) {
				t.Errorf("variants(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
	long := strings.Repeat("0123-", 40)
	if n := len(variants(long, nil)); n != maxVariants {
		t.Errorf("%d variants of a long value, want the bound %d", n, maxVariants)
	}
}
