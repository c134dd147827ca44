package explore

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

const producedSrc = `package list

type List struct{ items []int }

func New(xs ...int) *List { return &List{items: xs} }

func (l *List) Add(x int) { l.items = append(l.items, x) }

func (l *List) Iterator() Iterator { return Iterator{list: l, index: -1} }

type Iterator struct {
	list  *List
	index int
}

func (it *Iterator) Next() bool { it.index++; return it.index < len(it.list.items) }
func (it *Iterator) Last() bool { it.index = len(it.list.items) - 1; return it.index >= 0 }
func (it *Iterator) Value() int { return it.list.items[it.index] }
`

func TestProducedValues(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "list.go", producedSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/list", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := newValueGen(pkg, &mined{})
	it := types.NewPointer(pkg.Scope().Lookup("Iterator").Type())
	var list []string
	for _, v := range g.values(it) {
		if v.Kind == spec.Code {
			list = append(list, v.Str)
		}
	}
	got := strings.Join(list, "\n")
	for _, want := range []string{
		"v := New(",                    // made by the List's Iterator method, on a list the explorer builds
		").Iterator(); return &v }()",  // a value result taken as *Iterator
		"p.Next(); return p }()",       // moved one step
		"p.Next(); p.Next(); return p", // and two
		"p.Last(); return p",           // and to its end
		"return p }()).Iterator()",     // made on a list filled by its mutator
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no *Iterator candidate with %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "&Iterator{}") && strings.Index(got, "&Iterator{}") < strings.Index(got, "Iterator()") {
		t.Errorf("the zero iterator comes before the produced ones:\n%s", got)
	}
}
