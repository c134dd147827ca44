package mutate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/target"
)

// TestStateVars checks which package-level variables count as state:
// those some code of the package may change after init.
func TestStateVars(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"read only", `
var (
	table = map[string]int{"k": 1}
	names = []string{"a", "b"}
	limit = 10
	re    = regexp.MustCompile("a+")
	ten   = big.NewInt(10)
	sizes = map[string]*big.Int{"k": big.NewInt(1024)}
	ErrX  = errors.New("x")
)

func sum(xs []string, b *big.Int) int { return len(xs) + int(b.Int64()) }

func F(s string) (int, bool, string) {
	n := table[s] + len(names) + limit + sum(names, ten)
	for k, v := range table {
		n += len(k) + v
	}
	for _, x := range names {
		n += len(x)
	}
	local := names
	n += len(local)
	if m, ok := sizes[s]; ok {
		n += int(new(big.Int).Mul(m, ten).Int64())
	}
	if names[0] == s || limit > 3 {
		return n, re.MatchString(s), strings.Repeat(names[1], 2)
	}
	return n, errors.Is(ErrX, ErrX), fmt.Sprint(table)
}`, nil},
		{"written", `
var (
	count int
	cache = map[string]int{}
	buf   []byte
	seen  struct{ n int }
	ptr   = new(int)
	total = big.NewInt(0)
	via   = map[string]int{}
)

func F(s string) int {
	count++
	cache[s] = 1
	buf = append(buf, s...)
	seen.n += 2
	*ptr = 3
	total.Add(total, big.NewInt(1))
	c := via
	c["k"] = 2
	return count
}`, []string{"buf", "cache", "count", "ptr", "seen", "total", "via"}},
		{"escapes", `
var (
	items = []int{1, 2}
	byKey = map[string][]int{}
	n     int
	m     = map[int]int{}
	w     = new(strings.Builder)
)

func keep(xs []int) { xs[0] = 9 }

func F() *int {
	keep(items)
	alias := byKey
	_ = alias
	fmt.Fprint(w, "x")
	clear(m)
	return &n
}`, []string{"byKey", "items", "m", "n", "w"}},
		{"init and literals", `
var (
	fromInit []string
	hook     = func() { calls++ }
	calls    int
	hooks    []func()
	later    int
)

func init() {
	fromInit = append(fromInit, "x")
	hooks = append(hooks, func() { later++ })
}

func F() int { return len(fromInit) }`, []string{"calls", "later"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"math/big\"\n\t\"regexp\"\n\t\"strings\"\n)\n\nvar _ = errors.New\nvar _ = fmt.Sprint\nvar _ = big.NewInt\nvar _ = regexp.MustCompile\nvar _ = strings.Repeat\n" + tt.src
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
			tp, err := typeCheck(fset, f, info)
			if err != nil {
				t.Fatal(err)
			}
			pkg := &target.Package{Fset: fset, Syntax: []*ast.File{f}, Types: tp, TypesInfo: info}
			if diff := cmp.Diff(tt.want, stateVars(pkg)); diff != "" {
				t.Errorf("state variables (-want +got):\n%s", diff)
			}
		})
	}
}
