// Package target loads the Go package under test with go/packages and
// describes its functions: signature, parameters, results, source, doc,
// and the error sentinels and error types a result can be classified by.
// It also turns canonical spec values into Go expressions of a
// parameter's type.
package target

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"
)

// Config configures Load. The zero value is ready to use.
type Config struct {
	// Dir is the working directory the pattern is resolved in ("" = current).
	Dir string
	// Env, when non-nil, is the environment of the go command.
	Env []string
	// Logf, when non-nil, receives debug logging.
	Logf func(format string, args ...any)
}

// Package is a loaded package under test.
type Package struct {
	Dir        string // absolute directory of the package
	ImportPath string
	Name       string
	ModulePath string // "" outside a module
	ModuleDir  string
	GoVersion  string // the module's go directive, e.g. "1.22"

	GoFiles   []string // absolute paths of the compiled non-test files
	TestFiles []string // absolute paths of the _test.go files in Dir

	Fset      *token.FileSet
	Syntax    []*ast.File // parallel to GoFiles
	Types     *types.Package
	TypesInfo *types.Info

	// Imports maps every import path reachable from the package to its
	// type information (for type-checking probe files).
	Imports map[string]*types.Package
	// Deps lists every non-standard-library package the package depends on,
	// transitively, for interpreters that load dependencies from source.
	Deps []Dep

	// Sentinels are the package-level error variables of the package (all,
	// exported or not) and of the standard-library packages it imports.
	Sentinels []Sentinel
	// ErrorTypes are the named types of the package and of the standard-library
	// packages it imports whose value or pointer implements error.
	ErrorTypes []ErrorType

	src     map[string][]byte // file contents by absolute path
	srcPkgs []srcPackage      // the package and its same-module dependencies
	funcs   []*Func           // drivable functions, in source order
	skipped []Skipped         // functions Funcs leaves out
	byName  map[string]*Func  // every function and method by spec name

	depsOnce sync.Once // builds deps
	deps     *depGraph // see Func.SourceHash

	methodsOnce sync.Once                     // builds methods
	methods     map[*types.Func]*ast.FuncDecl // method declarations, by object
	writesMu    sync.Mutex
	writes      map[*types.Func]bool // writesReceiver's answers, by method
}

// Dep is a dependency loaded from source.
type Dep struct {
	ImportPath string
	Dir        string
	GoFiles    []string // absolute paths
	// ModulePath is the module that provides the package.
	ModulePath string
}

// Sentinel is a package-level error variable.
type Sentinel struct {
	// Expr references it from inside the package under test ("ErrEmpty", "io.EOF").
	Expr string
	// Name is how specs write it ("pricing.ErrEmpty", "io.EOF").
	Name string
	// ImportPath is the package that declares it.
	ImportPath string
	// Obj is the variable, for rendering a reference with a Qualifier.
	Obj *types.Var
}

// ErrorType is a concrete error type.
type ErrorType struct {
	// Expr is the type as written inside the package under test ("*ParseError", "*strconv.NumError").
	Expr string
	// Name is how specs write it ("*pricing.ParseError", "*strconv.NumError").
	Name string
	// ImportPath is the package that declares it.
	ImportPath string
	// Type is the error type: the named type, or a pointer to it.
	Type types.Type
}

// Func is a function or method of the package under test.
type Func struct {
	// Name is how specs name it: Func, Type.Method or (*Type).Method.
	Name string
	Pkg  *Package
	Obj  *types.Func
	Sig  *types.Signature

	// Recv is the receiver's named type (without pointer) for a method,
	// else nil. For a method of a generic type it is the type over the
	// method's receiver type parameters (Stack[T]), and on an
	// instantiation the instantiated type (Stack[int]).
	Recv *types.Named
	// RecvPtr reports a pointer receiver.
	RecvPtr bool

	// TypeParams are the type parameters of a generic function, or of
	// the receiver type of a method of a generic type (as the type
	// declares them), in order; they stay set on instantiations (see
	// Instantiate).
	TypeParams []TypeParam
	// TypeArgs are the type arguments of an instantiation, parallel to
	// TypeParams; Params and Results are then the instantiated types.
	// Nil for a function that is not an instantiation.
	TypeArgs []types.Type

	Params  []Param
	Results []types.Type
	// ErrorLast reports that the last result has type error.
	ErrorLast bool

	Decl   *ast.FuncDecl
	Source string // the declaration's source text, doc comment included
	Doc    string
	File   string // absolute path
	// StartLine and EndLine are the lines of the func keyword and of the
	// closing brace (the doc comment, which Source includes, comes before).
	StartLine int
	EndLine   int

	// Unbuildable is set when a parameter or the receiver has a type that
	// GoExpr cannot build from a spec value (a func, a channel, an
	// interface other than the few supported ones); it says which and why.
	// Funcs leaves such functions out; Func returns them, for probes
	// written by hand or by a model.
	Unbuildable string

	reach []Span // see Reach
}

// Param is one parameter.
type Param struct {
	// Name is the declared name, or p0, p1, ... for unnamed and blank parameters.
	Name     string
	Type     types.Type // for a variadic parameter, the slice type
	Variadic bool
}

// TypeParam is a type parameter of a generic function or type.
type TypeParam struct {
	Name       string
	Constraint types.Type
	Type       *types.TypeParam
}

// Skipped is a function the tool cannot drive, with the reason.
type Skipped struct {
	Name   string
	Reason string
}
