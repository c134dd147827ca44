package executors

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/gcexportdata"

	"github.com/specgen-dev/specgen/executors/internal/cover"
	"github.com/specgen-dev/specgen/target"
)

const counterVar = "specgenCov"

// prepared is a program turned into source files, ready for an engine.
type prepared struct {
	// pkgFiles maps each package file (absolute path) to the source to
	// use in its place (instrumented, or the original).
	pkgFiles map[string][]byte
	// extra maps new files of the package (base names) to their source:
	// the counter declaration, the harness and the probe files.
	extra map[string][]byte
	// runnable lists the probes that compiled, by index.
	runnable []int
	// wire is each probe's request id (see generator.wire).
	wire []string
	// early holds results decided before running (refused, not compiling).
	early  map[int]Result
	blocks []Block
	// cmpKinds are the kinds of the comparison sites (Program.Cmps);
	// cmpSwapped the sites whose records are the other way round.
	cmpKinds   []CmpKind
	cmpSwapped []bool
	// checkDecl is the counter declaration the probes are type-checked with.
	checkDecl []byte
	// funcs are the probe functions written, by name, each with a probe
	// that makes it: those of Program.Also too.
	funcs map[string]Probe
}

// own marks the blocks of f, by index: those in its file between its
// first and last lines.
func (p *prepared) own(f *target.Func) []bool {
	if f == nil || f.File == "" || len(p.blocks) == 0 {
		return nil
	}
	out := make([]bool, len(p.blocks))
	for i, b := range p.blocks {
		out[i] = filepath.Clean(b.File) == filepath.Clean(f.File) && (f.EndLine == 0 || b.StartLine >= f.StartLine && b.EndLine <= f.EndLine)
	}
	return out
}

// setKinds fills in the kinds of a result's comparisons.
func (p *prepared) setKinds(r *Result) {
	for i := range r.Cmps {
		if s := r.Cmps[i].Site; s >= 0 && s < len(p.cmpKinds) {
			r.Cmps[i].Kind = p.cmpKinds[s]
			if p.cmpSwapped[s] {
				r.Cmps[i].A, r.Cmps[i].B = r.Cmps[i].B, r.Cmps[i].A
			}
		}
	}
}

// preparer turns programs into sources; it caches the importer used to
// type-check probes.
type preparer struct {
	// inline keeps every probe's arguments in its function: the probes
	// are written out by other means (see TestFile), not built.
	inline   bool
	mu       sync.Mutex
	fallback types.Importer
	fset     *token.FileSet
	// shared are, by package under test, the packages a probe imports
	// beyond that package's own dependencies, read from export data
	// into a map that holds those dependencies (see importer).
	shared map[*target.Package]map[string]*types.Package
	// noExport are the paths whose export data could not be read.
	noExport map[string]error
	// bases are the packages checked with an overlay (see base).
	bases recent[*types.Package]
	// instrumented are the packages instrumented last (see instrument).
	instrumented recent[*instrumented]
	// wholeChecks counts the checks of a whole package with the added
	// files (see check), the slow path.
	wholeChecks atomic.Int64
}

func (pr *preparer) importer(pkg *target.Package) types.Importer {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.fallback == nil {
		pr.fset = token.NewFileSet()
		pr.fallback = importer.ForCompiler(pr.fset, "source", nil)
	}
	return importerFunc(func(path string) (*types.Package, error) {
		if p, ok := pkg.Imports[path]; ok {
			return p, nil
		}
		pr.mu.Lock()
		defer pr.mu.Unlock()
		if p, err := pr.exportImport(pkg, path); err == nil {
			return p, nil
		}
		return pr.fallback.Import(path)
	})
}

// exportImport reads the package path, which pkg does not import, from
// its export data (go list -export) into a map seeded with pkg's
// dependencies: a type it shares with them is theirs (the *http.Request
// httptest.NewRequest returns is the one a handler of pkg takes), where
// a package checked apart from pkg would have its own copy of each.
// Called with pr.mu held.
func (pr *preparer) exportImport(pkg *target.Package, path string) (*types.Package, error) {
	if pr.shared == nil {
		pr.shared = map[*target.Package]map[string]*types.Package{}
	}
	m, ok := pr.shared[pkg]
	if !ok {
		m = maps.Clone(pkg.Imports)
		if m == nil {
			m = map[string]*types.Package{}
		}
		pr.shared[pkg] = m
	}
	if p, ok := m[path]; ok && p.Complete() {
		return p, nil
	}
	if err, ok := pr.noExport[path]; ok {
		return nil, err
	}
	p, err := readExport(pkg.Dir, path, pr.fset, m)
	if err != nil {
		if pr.noExport == nil {
			pr.noExport = map[string]error{}
		}
		pr.noExport[path] = err
	}
	return p, err
}

// readExport reads the export data of package path, as the go command
// run in dir builds it, into imports.
func readExport(dir, path string, fset *token.FileSet, imports map[string]*types.Package) (*types.Package, error) {
	cmd := exec.Command("go", "list", "-export", "-f", "{{.Export}}", "--", path)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("export data of %s: go list: %w", path, err)
	}
	file := strings.TrimSpace(string(out))
	if file == "" {
		return nil, fmt.Errorf("export data of %s: go list gave no file", path)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("export data of %s: %w", path, err)
	}
	defer f.Close()
	//lint:ignore SA1019 go list -export gives an archive, which NewReader is the way to read (until Go 1.29)
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("export data of %s: %w", path, err)
	}
	return gcexportdata.Read(r, fset, imports, path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// prepare instruments the package (when asked), generates the probe
// files for an engine (suffix "_test.go" or ".go") and type-checks them,
// setting aside the probes that are refused or do not compile.
func (pr *preparer) prepare(prog *Program, suffix string, has func(path, name string) bool) (*prepared, error) {
	if len(prog.Also) > 0 && suffix == "_test.go" {
		// The probes of Also are written and checked as the others and
		// run never: they leave no trace in what prepare returns.
		full := *prog
		full.Probes = append(slices.Clip(prog.Probes), prog.Also...)
		full.Also = nil
		out, err := pr.prepare(&full, suffix, has)
		if err != nil {
			return nil, err
		}
		n := len(prog.Probes)
		out.runnable = slices.DeleteFunc(out.runnable, func(i int) bool { return i >= n })
		// out.funcs keeps the functions of Also: they are built.
		for i := range out.early {
			if i >= n {
				delete(out.early, i)
			}
		}
		out.wire = out.wire[:n]
		return out, nil
	}
	f := prog.Func
	pkg := f.Pkg
	out := &prepared{pkgFiles: map[string][]byte{}, extra: map[string][]byte{}, early: map[int]Result{}}

	var srcs []cover.Source
	for _, name := range pkg.GoFiles {
		src, err := prog.source(name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		srcs = append(srcs, cover.Source{Name: name, Src: src})
		out.pkgFiles[name] = src
	}
	if prog.Cover {
		ins, err := pr.instrument(pkg, srcs, prog.Cmps)
		if err != nil {
			return nil, err
		}
		for name, src := range ins.files {
			out.pkgFiles[name] = src
		}
		out.extra["specgen_cov.go"] = ins.decl
		if prog.Cmps {
			out.checkDecl = cover.Decl(pkg.Name, counterVar, len(ins.blocks))
		}
		for _, b := range ins.blocks {
			out.blocks = append(out.blocks, Block(b))
		}
		for _, s := range ins.sites {
			out.cmpKinds = append(out.cmpKinds, CmpKind(s.Kind))
			out.cmpSwapped = append(out.cmpSwapped, s.Swapped)
		}
	} else {
		out.extra["specgen_cov.go"] = cover.Decl(pkg.Name, counterVar, 0)
	}
	if out.checkDecl == nil {
		out.checkDecl = out.extra["specgen_cov.go"]
	}
	// The counters and comparison helpers use type aliases and other
	// things an old module's language version refuses (go-semver says
	// go 1.8); a build constraint lifts that file alone to go1.21.
	if oldLanguage(pkg.GoVersion) {
		out.extra["specgen_cov.go"] = liftLanguage(out.extra["specgen_cov.go"])
		out.checkDecl = liftLanguage(out.checkDecl)
	}

	g := &generator{prog: prog, pkgName: pkg.Name, self: pkg.Types, has: has}
	var candidates []int
	for i, p := range prog.Probes {
		if bad := refusedIn(p, pkg.Types); bad != "" {
			out.early[i] = Result{ID: p.ID, Outcome: Refused, Message: fmt.Sprintf("probe imports %s, which probes may not use", bad)}
			continue
		}
		candidates = append(candidates, i)
	}

	// Type-check; drop the probes that do not compile and try again.
	for attempt := 0; ; attempt++ {
		files, err := g.genProbes(candidates, suffix)
		if err != nil {
			return nil, err
		}
		harness := g.harness(candidates)
		split := suffix == "_test.go" && !pr.inline
		var typed map[string]*probeTypes
		if split {
			typed = map[string]*probeTypes{}
		}
		errs := pr.check(prog, out.checkDecl, harness, files, typed)
		if len(errs) == 0 && split {
			// The native engine builds the probes with their
			// arguments as functions of their own (see splitArgs),
			// once that compiles too.
			files, harness = pr.splitArgs(g, out.checkDecl, candidates, files, harness, typed)
		}
		if len(errs) == 0 {
			out.runnable = candidates
			out.wire = g.wire
			out.funcs = map[string]Probe{}
			for _, i := range candidates {
				names := g.args[i]
				if name := wireName(g.wire[i]); name != "" {
					names = append([]string{name}, names...)
				}
				for _, name := range names {
					if _, ok := out.funcs[name]; !ok {
						out.funcs[name] = prog.Probes[i]
					}
				}
			}
			out.extra["specgen_harness"+suffix] = harness
			for _, pf := range files {
				out.extra[pf.name] = pf.src
			}
			return out, nil
		}
		bad := map[int][]string{}
		var global []string
		for _, e := range errs {
			if users := declUsersAt(files, e); len(users) > 0 {
				for _, i := range users {
					bad[i] = append(bad[i], fmt.Sprintf("declaration it needs: %s", e.Error()))
				}
				continue
			}
			i, ok := probeAt(files, e)
			if !ok {
				global = append(global, e.Error())
				continue
			}
			bad[i] = append(bad[i], fmt.Sprintf("%d:%d: %s", e.line-files[fileIndex(files, e.file)].lines[i][0]+1, e.col, e.msg))
		}
		if len(bad) == 0 || attempt > 3 {
			if len(global) == 0 {
				for _, e := range errs {
					global = append(global, e.Error())
				}
			}
			return nil, &BuildError{Step: "generated harness does not compile", Detail: strings.Join(global, "; ")}
		}
		// Probes that share a function share its errors.
		badName := map[string][]string{}
		for i, msgs := range bad {
			badName[wireName(g.wire[i])] = msgs
		}
		for _, i := range candidates {
			if msgs, ok := badName[wireName(g.wire[i])]; ok {
				bad[i] = msgs
			}
		}
		var keep []int
		for _, i := range candidates {
			if msgs, ok := bad[i]; ok {
				out.early[i] = Result{ID: prog.Probes[i].ID, Outcome: NoBuild, Message: strings.Join(msgs, "\n")}
				continue
			}
			keep = append(keep, i)
		}
		candidates = keep
	}
}

// splitArgs writes the probes listed in idx, which compile as files and
// harness, with their arguments as argument functions (see
// generator.splitArgs) and returns those files, or files and harness
// themselves when no argument is split or the split ones do not compile
// (which they should whenever the others do: the check costs one more
// type-check of the package and keeps a build from failing whole).
func (pr *preparer) splitArgs(g *generator, decl []byte, idx []int, files []*probeFile, harness []byte, typed map[string]*probeTypes) ([]*probeFile, []byte) {
	wire := g.wire
	g.split = true
	g.typed = map[int]*probeTypes{}
	for _, i := range idx {
		if t, ok := typed[wireName(wire[i])]; ok {
			g.typed[i] = t
		}
	}
	defer func() { g.split, g.typed = false, nil }()
	split, err := g.genProbes(idx, "_test.go")
	some := false
	for _, i := range idx {
		some = some || len(g.args[i]) > 0
	}
	if err == nil && some {
		h := g.harness(idx)
		if errs := pr.check(g.prog, decl, h, split, nil); len(errs) == 0 {
			return split, h
		}
	}
	g.wire, g.args = wire, make([][]string, len(g.prog.Probes))
	return files, harness
}

func refusedIn(p Probe, pkg *types.Package) string {
	for path := range p.Imports {
		if RefusedImportBy(path, pkg) {
			return path
		}
	}
	return ""
}

type checkError struct {
	file      string
	line, col int
	msg       string
}

func (e checkError) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.file, e.line, e.col, e.msg) }

func fileIndex(files []*probeFile, name string) int {
	for i, f := range files {
		if f.name == name {
			return i
		}
	}
	return -1
}

// declUsersAt are the probes that use the declaration where e is, in
// the file of the probes' declarations; none when e is elsewhere.
func declUsersAt(files []*probeFile, e checkError) []int {
	fi := fileIndex(files, e.file)
	if fi < 0 {
		return nil
	}
	for _, d := range files[fi].decls {
		if e.line >= d.first && e.line <= d.last {
			return d.users
		}
	}
	return nil
}

func probeAt(files []*probeFile, e checkError) (int, bool) {
	fi := fileIndex(files, e.file)
	if fi < 0 {
		return 0, false
	}
	// The probes are written in order: find the last one starting at or
	// before the error's line.
	pf := files[fi]
	k := sort.Search(len(pf.probes), func(k int) bool { return pf.lines[pf.probes[k]][0] > e.line }) - 1
	if k < 0 {
		return 0, false
	}
	i := pf.probes[k]
	if r := pf.lines[i]; e.line >= r[0] && e.line <= r[1] {
		return i, true
	}
	return 0, false
}

// check type-checks the package's original files with the generated
// ones. With typed not nil, it records there what splitArgs needs of
// each probe function, by the function's name.
func (pr *preparer) check(prog *Program, decl, harness []byte, files []*probeFile, typed map[string]*probeTypes) []checkError {
	pkg := prog.Func.Pkg
	fset := token.NewFileSet()
	var asts []*ast.File
	var errs []checkError
	parse := func(name string, src []byte) {
		af, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			var list scannerErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					errs = append(errs, checkError{file: e.Pos.Filename, line: e.Pos.Line, col: e.Pos.Column, msg: e.Msg})
				}
				return
			}
			errs = append(errs, checkError{file: name, msg: err.Error()})
			return
		}
		asts = append(asts, af)
	}
	parse("specgen_cov.go", decl)
	parse("specgen_harness.go", harness)
	for _, f := range files {
		parse(f.name, f.src)
	}
	if len(errs) > 0 {
		return errs
	}
	added := asts
	newInfo := func() *types.Info {
		if typed == nil {
			return nil
		}
		return &types.Info{Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	}
	record := func(info *types.Info) {
		if typed == nil {
			return
		}
		for _, af := range added[len(added)-len(files):] {
			for _, d := range af.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					typed[fd.Name.Name] = typesOf(fd, info)
				}
			}
		}
	}
	if base := pr.base(prog); base != nil && !declaresMethods(added) {
		info := newInfo()
		if checkAdded(base, pr.config(pkg, nil), fset, added, info) {
			record(info)
			return nil
		}
	}
	// The whole package, its own files with the added ones: the errors
	// are those the compiler would report.
	pr.wholeChecks.Add(1)
	asts = nil
	for _, name := range pkg.GoFiles {
		src, err := prog.source(name)
		if err != nil {
			errs = append(errs, checkError{file: name, msg: err.Error()})
			continue
		}
		parse(name, src)
	}
	if len(errs) > 0 {
		return errs
	}
	asts = append(asts, added...)
	info := newInfo()
	conf := pr.config(pkg, func(err error) {
		var te types.Error
		if errors.As(err, &te) {
			p := te.Fset.Position(te.Pos)
			errs = append(errs, checkError{file: filepath.Base(p.Filename), line: p.Line, col: p.Column, msg: te.Msg})
			if !strings.HasPrefix(p.Filename, "specgen_") {
				errs[len(errs)-1].file = p.Filename
			}
			return
		}
		errs = append(errs, checkError{msg: err.Error()})
	})
	conf.Check(pkg.ImportPath, fset, asts, info)
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].line < errs[j].line })
	if len(errs) == 0 {
		record(info)
	}
	return errs
}

// An instrumented package: its files with counters (and comparison
// records), the declaration file, the blocks and the comparison sites.
type instrumented struct {
	files  map[string][]byte
	decl   []byte
	blocks []cover.Block
	sites  []cover.CmpSite
}

// maxInstrumented bounds the instrumented packages a preparer
// remembers.
const maxInstrumented = 4

// instrument instruments the package's sources for coverage, and for
// comparisons when cmps is set; the last maxInstrumented results are
// remembered by a hash of the sources, since every program of a
// package's exploration instruments the same ones. What it returns is
// shared: not to be changed.
func (pr *preparer) instrument(pkg *target.Package, srcs []cover.Source, cmps bool) (*instrumented, error) {
	key := sourcesKey(fmt.Sprintf("%s\x00%s\x00%s\x00%t", pkg.ImportPath, pkg.Name, pkg.GoVersion, cmps), srcs)
	pr.mu.Lock()
	in, ok := pr.instrumented.get(key)
	pr.mu.Unlock()
	if ok {
		return in, nil
	}
	in = &instrumented{}
	var err error
	if cmps {
		co := cover.CmpOptions{Importer: pr.importer(pkg), GoVersion: goVersion(pkg.GoVersion)}
		in.files, in.decl, in.blocks, in.sites, err = cover.PackageCmps(pkg.Name, srcs, cover.Options{CounterVar: counterVar}, co)
	} else {
		in.files, in.decl, in.blocks, err = cover.Package(pkg.Name, srcs, cover.Options{CounterVar: counterVar})
	}
	if err != nil {
		return nil, fmt.Errorf("instrument %s: %w", pkg.ImportPath, err)
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.instrumented.put(key, in, maxInstrumented)
	return in, nil
}

// config is the type-checker configuration of files of pkg, with the
// error handler report (nil: stop at the first error).
func (pr *preparer) config(pkg *target.Package, report func(error)) *types.Config {
	return &types.Config{Importer: pr.importer(pkg), Error: report, GoVersion: goVersion(pkg.GoVersion)}
}

// checkAdded type-checks the files specgen adds to a package (the
// counter declaration, the harness, the probe files) against base, the
// package's own files already type-checked, without checking those
// again: the added files are checked as a package of base's path whose
// scope holds base's objects, so that they see its unexported names as
// their own package's. It reports whether they check without an error.
// An error there is not always one in the package itself (an unkeyed
// literal of base's struct with unexported fields, say), so the caller
// checks the whole package before it reports one.
func checkAdded(base *types.Package, conf *types.Config, fset *token.FileSet, added []*ast.File, info *types.Info) bool {
	pkg := target.Beside(base)
	failed := false
	conf.Error = func(error) { failed = true }
	if err := types.NewChecker(conf, fset, pkg, info).Files(added); err != nil {
		return false
	}
	return !failed
}

// declaresMethods reports whether one of files declares a method of a
// type they do not declare: a method of base's types cannot be added
// from a package of its own (a method of the harness's own types, such
// as specgenCalls.add, can).
func declaresMethods(files []*ast.File) bool {
	own := map[string]bool{}
	for _, af := range files {
		for _, d := range af.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, sp := range gd.Specs {
					own[sp.(*ast.TypeSpec).Name.Name] = true
				}
			}
		}
	}
	for _, af := range files {
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && !own[recvTypeName(fd)] {
				return true
			}
		}
	}
	return false
}

// base is the type-checked package of prog's own files (with its
// Overlay), to check added files against (see checkAdded): the loaded
// package when there is no overlay, else the package checked with the
// overlay once and remembered (the last maxCheckedBases of them); nil
// when it does not check.
func (pr *preparer) base(prog *Program) *types.Package {
	pkg := prog.Func.Pkg
	if len(prog.Overlay) == 0 {
		return pkg.Types
	}
	var overlay []cover.Source
	for _, name := range slices.Sorted(maps.Keys(prog.Overlay)) {
		overlay = append(overlay, cover.Source{Name: name, Src: prog.Overlay[name]})
	}
	key := sourcesKey(pkg.ImportPath, overlay)
	pr.mu.Lock()
	checked, ok := pr.bases.get(key)
	pr.mu.Unlock()
	if ok {
		return checked
	}
	fset := token.NewFileSet()
	var asts []*ast.File
	for _, name := range pkg.GoFiles {
		src, err := prog.source(name)
		if err != nil {
			return nil
		}
		af, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		asts = append(asts, af)
	}
	checked, err := pr.config(pkg, nil).Check(pkg.ImportPath, fset, asts, nil)
	if err != nil {
		checked = nil
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.bases.put(key, checked, maxCheckedBases)
	return checked
}

// sourcesKey is a hash of head and of the sources' names and contents.
func sourcesKey(head string, srcs []cover.Source) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", head)
	for _, s := range srcs {
		fmt.Fprintf(h, "%s\x00%d\x00", s.Name, len(s.Src))
		h.Write(s.Src)
	}
	return string(h.Sum(nil))
}

// recent remembers values by key, the last few put.
type recent[V any] struct {
	keys []string
	vals []V
}

func (r *recent[V]) get(key string) (v V, ok bool) {
	if i := slices.Index(r.keys, key); i >= 0 {
		return r.vals[i], true
	}
	return v, false
}

// put remembers v by key, forgetting the oldest beyond n.
func (r *recent[V]) put(key string, v V, n int) {
	r.keys, r.vals = append(r.keys, key), append(r.vals, v)
	if len(r.keys) > n {
		r.keys, r.vals = r.keys[1:], r.vals[1:]
	}
}

// maxCheckedBases bounds the packages checked with an overlay that a
// preparer remembers: a mutant schema's programs are prepared a few
// times each, one function's after another.
const maxCheckedBases = 4

// liftedLanguage is the language version the files specgen adds to a
// package are compiled at when the module's is older: the first
// version whose //go:build line may raise a file's version above its
// module's.
const liftedLanguage = 21

// oldLanguage reports whether the module's language version v ("1.8",
// "go1.8.1") is older than liftedLanguage; an unknown one is not.
func oldLanguage(v string) bool {
	v = strings.TrimPrefix(goVersion(v), "go1.")
	if v == "" || strings.HasPrefix(v, "go") {
		return false
	}
	minor, err := strconv.Atoi(v)
	return err == nil && minor < liftedLanguage
}

// liftLanguage puts a //go:build line raising src's language version to
// liftedLanguage at its top.
func liftLanguage(src []byte) []byte {
	if src == nil {
		return nil
	}
	return append([]byte(fmt.Sprintf("//go:build go1.%d\n\n", liftedLanguage)), src...)
}

func goVersion(v string) string {
	if v == "" {
		return ""
	}
	if !strings.HasPrefix(v, "go") {
		v = "go" + v
	}
	// types.Config wants a language version: go1.N
	if parts := strings.Split(v, "."); len(parts) > 2 {
		v = parts[0] + "." + parts[1]
	}
	return v
}

type scannerErrorList = scanner.ErrorList

// source is the content of a package file: from Overlay, else from disk.
func (p *Program) source(name string) ([]byte, error) {
	if src, ok := p.Overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}
