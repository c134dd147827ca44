package target

import (
	"context"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var hashShopOnce = sync.OnceValues(func() (*Package, error) {
	return Load(context.Background(), "./shop", Config{Dir: "testdata/hash"})
})

// loadHashShop returns testdata/hash/shop, loaded where it stands.
func loadHashShop(t *testing.T) *Package {
	t.Helper()
	p, err := hashShopOnce()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// hashes returns SourceHash of every function and method of p by name.
func hashes(t *testing.T, p *Package) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, f := range p.byName {
		out[name] = f.SourceHash()
	}
	return out
}

// replacement replaces old, which must occur once, by new in a file of
// testdata/hash/shop.
type replacement struct{ file, old, new string }

// hashEdits are edits of testdata/hash/shop, with the functions whose
// SourceHash each changes and those each touches (Func.Touched with the
// git changes it makes).
var hashEdits = []struct {
	name    string
	edits   []replacement
	changed []string // functions whose hash changes
	touched []string // functions Touched reports; nil: the changed ones
}{
	{
		name: "comment only", // a comment in a body, a doc comment, a const's doc
		edits: []replacement{
			{"shop.go", "\tsum := 0\n", "\t// sum is the running total.\n\tsum := 0 // before tax\n"},
			{"shop.go", "func percent(", "// percent is p% of n.\nfunc percent("},
			{"shop.go", "// Rate is the tax rate in percent.", "// Rate is the VAT rate, in percent."},
		},
		changed: nil,
		touched: []string{"Total"}, // the doc comments lie outside the declarations
	},
	{
		name: "gofmt only", // spacing, a one-line body split, a call split with a trailing comma
		edits: []replacement{
			{"shop.go", "func line(it Item) int { return it.Price * it.Qty }", "func line( it  Item ) int {\n  return it.Price*it.Qty;\n}"},
			{"cart.go", "return Apply(items, twice) }", "return Apply(\n\titems,\n\ttwice,\n)\n}"},
			{"generic.go", "\tvar zero T\n", "\n\n\tvar zero T\n\n"},
		},
		changed: nil,
		touched: []string{"line", "Total", "Doubled", "(*Stack).Pop"},
	},
	{
		name:    "callee of callee body", // Total → withTax → percent
		edits:   []replacement{{"shop.go", "n * p / 100", "n * p / 1000"}},
		changed: []string{"percent", "withTax", "Total", "Discount.Price", "Quote"},
	},
	{
		name:    "const value",
		edits:   []replacement{{"shop.go", "const Rate = 20", "const Rate = 25"}},
		changed: []string{"withTax", "Total"},
	},
	{
		name:  "type field", // every function that handles an Item
		edits: []replacement{{"shop.go", "\tQty   int\n", "\tQty   int\n\tNote  string\n"}},
		changed: []string{"Total", "line", "NewItem", "(*Cart).Add", "(*Cart).Sum", "(*Cart).sum", "One",
			"Flat.Price", "Discount.Price", "Quote", "Apply", "Doubled", "twice"},
	},
	{
		name:    "init function that sets a var",
		edits:   []replacement{{"cart.go", "defaultQty = 1", "defaultQty = 2"}},
		changed: []string{"NewItem"},
	},
	{
		name:    "unrelated function",
		edits:   []replacement{{"shop.go", `s + "!"`, `s + "?"`}},
		changed: []string{"Unrelated"},
	},
	{
		name:    "method called on the receiver", // and on a local variable (One)
		edits:   []replacement{{"cart.go", "\tn := 0\n\tfor _, it := range c.items", "\tn := 1\n\tfor _, it := range c.items"}},
		changed: []string{"(*Cart).sum", "(*Cart).Sum", "One"},
	},
	{
		name:    "interface implementation", // Quote calls Pricer.Price
		edits:   []replacement{{"cart.go", "return it.Price - percent", "return it.Price + percent"}},
		changed: []string{"Discount.Price", "Quote"},
	},
	{
		name:    "var initialiser",
		edits:   []replacement{{"shop.go", `upper("sku-")`, `upper("ref-")`}},
		changed: []string{"ValidSKU"},
	},
	{
		name:    "function called by a var initialiser",
		edits:   []replacement{{"shop.go", "c - 'a' + 'A'", "c - 'a' + 'B'"}},
		changed: []string{"upper", "ValidSKU"},
	},
	{
		name:    "import path", // the same name, another package
		edits:   []replacement{{"shop.go", `import "unicode/utf8"`, `import utf8 "unicode/utf16"`}},
		changed: []string{"RuneLen"},
	},
	{
		name:    "Error method of an error var's type",
		edits:   []replacement{{"cart.go", "return string(e)", `return "shop: " + string(e)`}},
		changed: []string{"cartError.Error", "(*Cart).Sum"},
	},
	{
		name:    "error var",
		edits:   []replacement{{"cart.go", `"empty cart"`, `"no items"`}},
		changed: []string{"(*Cart).Sum"},
	},
	{
		name:    "String method of a type used",
		edits:   []replacement{{"shop.go", `return "L"`, `return "XL"`}},
		changed: []string{"Size.String", "Label", "Mid"},
	},
	{
		name:    "const inserted in an iota group", // Small and Medium get other values
		edits:   []replacement{{"shop.go", "\tSmall Size = iota\n", "\tTiny Size = iota\n\tSmall\n"}},
		changed: []string{"Size.String", "Label", "Mid"},
	},
	{
		name:    "const appended to an iota group", // no value changes; the group's lines do
		edits:   []replacement{{"shop.go", "\tLarge\n", "\tLarge\n\tHuge\n"}},
		changed: nil,
		touched: []string{"Size.String", "Label", "Mid"},
	},
	{
		name:    "method of a generic type",
		edits:   []replacement{{"generic.go", "return s.items[len(s.items)-1]", "return s.items[0]"}},
		changed: []string{"(*Stack).top", "(*Stack).Pop"},
	},
	{
		name:    "generic function",
		edits:   []replacement{{"generic.go", "make([]U, 0, len(xs))", "make([]U, 0)"}},
		changed: []string{"Map"},
	},
	{
		name:    "function passed as a value",
		edits:   []replacement{{"cart.go", "return 2 * it.Price", "return 3 * it.Price"}},
		changed: []string{"twice", "Doubled"},
	},
	{
		name: "declaration moved to another file",
		edits: []replacement{
			{"cart.go", "\nfunc twice(it Item) int { return 2 * it.Price }\n", ""},
			{"generic.go", "// Map maps", "func twice(it Item) int { return 2 * it.Price }\n\n// Map maps"},
		},
		changed: nil,
		touched: []string{"twice", "Doubled"},
	},
}

// TestSourceHashEdits edits a copy of testdata/hash/shop in a git
// repository and checks which functions' hashes change, and which
// functions Touched reports for the git changes.
func TestSourceHashEdits(t *testing.T) {
	base := hashes(t, loadHashShop(t))
	hexRE := regexp.MustCompile(`^[0-9a-f]{16}$`)
	for name, h := range base {
		if !hexRE.MatchString(h) {
			t.Fatalf("%s: SourceHash() = %q, want 16 lower-case hex digits", name, h)
		}
	}
	hasGit := true
	if _, err := exec.LookPath("git"); err != nil {
		hasGit = false
		t.Log("git is not on the PATH: Touched is not tested")
	}
	for _, tt := range hashEdits {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, "testdata/hash", dir)
			if hasGit {
				gitInit(t, dir)
			}
			for _, e := range tt.edits {
				editFile(t, filepath.Join(dir, "shop", e.file), e.old, e.new)
			}
			p, err := Load(context.Background(), "./shop", Config{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			got := hashes(t, p)
			if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(base))) {
				t.Fatalf("functions after the edit: %v, before: %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(base)))
			}
			var changed []string
			for name, h := range got {
				if h != base[name] {
					changed = append(changed, name)
				}
			}
			if slices.Sort(changed); !slices.Equal(changed, sorted(tt.changed)) {
				t.Errorf("hash changed for\n\t%v\nwant\n\t%v", changed, sorted(tt.changed))
			}
			if !hasGit {
				return
			}
			ch, err := GitChanges(context.Background(), dir, "HEAD")
			if err != nil {
				t.Fatal(err)
			}
			var touched []string
			for name, f := range p.byName {
				if f.Touched(ch) {
					touched = append(touched, name)
				}
			}
			want := tt.touched
			if want == nil {
				want = tt.changed
			}
			if slices.Sort(touched); !slices.Equal(touched, sorted(want)) {
				t.Errorf("Touched for\n\t%v\nwant\n\t%v", touched, sorted(want))
			}
		})
	}
}

// TestSourceHashInstantiation: an instantiation hashes like its generic
// origin.
func TestSourceHashInstantiation(t *testing.T) {
	p := loadHashShop(t)
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"Map", []string{"int", "string"}},
		{"(*Stack).Pop", []string{"Item"}},
		{"(*Stack).Push", []string{"[]byte"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := p.Func(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			var args []types.Type
			for _, a := range tt.args {
				typ, err := p.TypeOf(a)
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, typ)
			}
			g, err := f.Instantiate(args)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := g.SourceHash(), f.SourceHash(); got != want || want == "" {
				t.Errorf("%s%v: SourceHash() = %q, want the generic function's %q", tt.name, tt.args, got, want)
			}
		})
	}
}

// TestSourceHashWithoutText: without the files' text at hand, the
// declarations are printed and scanned, and hash alike.
func TestSourceHashWithoutText(t *testing.T) {
	want := hashes(t, loadHashShop(t))
	dir := t.TempDir()
	copyTree(t, "testdata/hash", dir)
	p, err := Load(context.Background(), "./shop", Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "shop")); err != nil {
		t.Fatal(err)
	}
	p.src = nil
	if got := hashes(t, p); !maps.Equal(got, want) {
		t.Errorf("hashes without the text =\n\t%v\nwant\n\t%v", got, want)
	}
}

// TestSourceHashDistinct: functions of different code hash apart, and a
// Func without a declaration hashes to "".
func TestSourceHashDistinct(t *testing.T) {
	p := loadHashShop(t)
	seen := map[string]string{}
	for name, h := range hashes(t, p) {
		if other, ok := seen[h]; ok {
			t.Errorf("%s and %s hash alike: %s", name, other, h)
		}
		seen[h] = name
	}
	if got := (&Func{Name: "F"}).SourceHash(); got != "" {
		t.Errorf("SourceHash() of a Func without a package = %q, want \"\"", got)
	}
}

// BenchmarkSourceHash hashes every function of the repository's spec
// package, the dependency graph built anew each time, as a first
// SourceHash after Load does.
func BenchmarkSourceHash(b *testing.B) {
	start := time.Now()
	p, err := Load(context.Background(), "./spec", Config{Dir: "../"})
	if err != nil {
		b.Fatal(err)
	}
	load := time.Since(start)
	b.ReportAllocs()
	for b.Loop() {
		p.depsOnce = sync.Once{}
		p.deps = nil
		for _, f := range p.byName {
			if f.SourceHash() == "" {
				b.Fatalf("%s: no hash", f.Name)
			}
		}
	}
	b.ReportMetric(float64(len(p.byName)), "funcs")
	b.ReportMetric(float64(load.Nanoseconds()), "load-ns") // one Load, for scale
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// copyTree copies the files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o777)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// editFile replaces old, which must occur once in file, by new.
func editFile(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), old); n != 1 {
		t.Fatalf("%s: %q occurs %d times, want once", file, old, n)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o666); err != nil {
		t.Fatal(err)
	}
}
