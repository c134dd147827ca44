package explore

import (
	"go/types"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

// mapFSMethods are the methods of testing/fstest.MapFS.
var mapFSMethods = []string{"Open", "ReadFile", "Stat", "ReadDir", "Glob", "Sub", "ReadLink", "Lstat"}

// mapFSFits reports whether an fstest.MapFS is a value of interface u:
// u has an Open(string) (fs.File, error), as io/fs's FS does, and its
// other methods are among MapFS's (fs.ReadDirFS, fs.StatFS, a package's
// own interface embedding them).
func mapFSFits(u *types.Interface) bool {
	open := false
	for i := 0; i < u.NumMethods(); i++ {
		m := u.Method(i)
		if !slices.Contains(mapFSMethods, m.Name()) {
			return false
		}
		if m.Name() != "Open" {
			continue
		}
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() != 1 || sig.Results().Len() != 2 || !types.Identical(sig.Params().At(0).Type(), types.Typ[types.String]) {
			return false
		}
		open = isNamed(sig.Results().At(0).Type(), "io/fs", "File")
	}
	return open
}

// maxFSNames bounds the package's own file names a tree holds.
const maxFSNames = 4

// fsTrees are in-memory file systems (testing/fstest.MapFS, written as
// code) for a parameter of a file-system interface. First fsTree, the
// typical value, which the others vary; then an empty one, one file,
// and fsTree holding the names of files the package's code spells out
// (go.mod, config.yaml), at the top and in a directory.
func (g *valueGen) fsTrees() []spec.Value {
	// The tree first: the typical value, which the others vary.
	out := []spec.Value{
		spec.CodeValue(mapFSCode(fsTree)),
		spec.CodeValue(mapFSCode(nil)),
		spec.CodeValue(mapFSCode([]fsEntry{{name: "a.txt", data: "a"}})),
	}
	if names := g.fileNames(); len(names) > 0 {
		own := slices.Clip(fsTree)
		for _, n := range names {
			for _, p := range []string{n, path.Join("dir", n)} {
				// A key twice would not compile (a.txt is there).
				if !slices.ContainsFunc(own, func(e fsEntry) bool { return e.name == p }) {
					own = append(own, fsEntry{name: p, data: "x"})
				}
			}
		}
		out = append(out, spec.CodeValue(mapFSCode(own)))
	}
	return out
}

// fsTree is the tree of the shapes code that walks one branches on
// (files at the top and two levels down, several extensions, a hidden
// file and a hidden directory, a capitalised name, an empty directory,
// a symbolic link to a directory) and of settings files for code that
// decodes what it reads.
var fsTree = []fsEntry{
	{name: "a.txt", data: "a"},
	{name: "b.go", data: "package b"},
	// Settings in the common formats, of the keys the package's
	// tagged structs decode (see taggedValues: Name, Count, Tags).
	{name: "conf.json", data: `{"name": "abc", "count": 2, "tags": ["x"]}`},
	{name: "conf.toml", data: "name = \"abc\"\ncount = 2\ntags = [\"x\"]\n"},
	{name: "conf.yaml", data: "name: abc\ncount: 2\ntags: [x]\n"},
	{name: ".hidden", data: "h"},
	{name: "dir/c.txt", data: "c"},
	{name: "dir/sub/d.go", data: "d"},
	{name: "dir/.git/e", data: "e"},
	{name: "Upper/F.TXT", data: "F"},
	{name: "empty", mode: "fs.ModeDir"},
	{name: "link", data: "dir", mode: "fs.ModeSymlink"},
}

// fsEntry is one entry of an fstest.MapFS: its path, content and mode
// (Go code of an fs.FileMode, "" for a plain file).
type fsEntry struct {
	name, data, mode string
}

// mapFSCode writes entries as an fstest.MapFS literal.
func mapFSCode(entries []fsEntry) string {
	var b strings.Builder
	b.WriteString("fstest.MapFS{")
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		var fields []string
		if e.data != "" {
			fields = append(fields, "Data: []byte("+strconv.Quote(e.data)+")")
		}
		if e.mode != "" {
			fields = append(fields, "Mode: "+e.mode)
		}
		b.WriteString(strconv.Quote(e.name) + ": {" + strings.Join(fields, ", ") + "}")
	}
	b.WriteString("}")
	return b.String()
}

// fileNames are the strings of the package's code that name a file
// (config.yaml, templates/index.html): a valid path of io/fs whose last
// element has an extension of letters or digits. At most maxFSNames.
func (g *valueGen) fileNames() []string {
	if g.m == nil {
		return nil
	}
	var out []string
	for _, list := range [][]string{g.m.words, g.m.suffixes, g.m.own, g.m.strs} {
		for _, s := range list {
			if len(out) == maxFSNames {
				return out
			}
			if fileName(s) && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// fileName reports whether s names a file: a valid path of io/fs, of
// plain characters, whose last element is a name and an extension.
func fileName(s string) bool {
	if len(s) > 64 || !fs.ValidPath(s) || s == "." {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/", r)) {
			return false
		}
	}
	base := path.Base(s)
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 || dot == len(base)-1 || len(base)-dot > 6 {
		return false
	}
	for _, r := range base[dot+1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// takesFS reports whether the function under test is given a file
// system (see mapFSFits): as a parameter, or in a field of its
// receiver.
func (g *valueGen) takesFS() bool {
	fn, ok := g.under.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	var ts []types.Type
	for v := range sig.Params().Variables() {
		ts = append(ts, v.Type())
	}
	if r := sig.Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if st, ok := t.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				ts = append(ts, f.Type())
			}
		}
	}
	return slices.ContainsFunc(ts, func(t types.Type) bool {
		u, ok := t.Underlying().(*types.Interface)
		return ok && mapFSFits(u)
	})
}

// fsPaths are the names of fsTrees' entries and their neighbours
// (the root, a missing name, a trailing slash) and its extensions, for
// the strings of a function given a file system: a directory to read,
// a file to open, the files to pick.
func (g *valueGen) fsPaths() []string {
	out := []string{".", "dir", "a.txt", "dir/sub", "dir/c.txt", "missing", "link", "empty", "dir/", "Upper", ".hidden", "dir/sub/d.go", "link/c.txt", "", ".txt", ".go",
		"conf.json", "conf.toml", "conf.yaml"}
	for _, n := range g.fileNames() {
		out = append(out, n, path.Join("dir", n))
	}
	return out
}

// fileInfos are values of io/fs's DirEntry (entry set) or FileInfo: nil,
// then what fs.Lstat reports of a file, a directory, a symbolic link
// and a hidden file of a one-entry tree, the kinds code given an entry
// (a WalkDirFunc, a filter) branches on.
func fileInfos(entry bool) []spec.Value {
	out := []spec.Value{spec.NullValue()}
	kinds := []fsEntry{
		{name: "a.txt", data: "a"},
		{name: "dir", mode: "fs.ModeDir"},
		{name: "link", data: "dir", mode: "fs.ModeSymlink"},
		{name: ".hidden", data: "h"},
	}
	for _, e := range kinds {
		lstat := "fs.Lstat(" + mapFSCode([]fsEntry{e}) + ", " + strconv.Quote(e.name) + ")"
		if entry {
			out = append(out, spec.CodeValue("func() fs.DirEntry { i, _ := "+lstat+"; return fs.FileInfoToDirEntry(i) }()"))
		} else {
			out = append(out, spec.CodeValue("func() fs.FileInfo { i, _ := "+lstat+"; return i }()"))
		}
	}
	return out
}

// fileWords are the words that end the name of a parameter naming a
// file to read (path, name, filename, file); a directory's (dir, root)
// are not among them.
var fileWords = []string{"path", "name", "file"}

// fileParam reports whether a parameter's name says it names a file.
func fileParam(name string) bool {
	name = strings.ToLower(name)
	return slices.ContainsFunc(fileWords, func(w string) bool { return strings.HasSuffix(name, w) })
}

// fileValues are the files of fsTree, the settings ones first, as
// strings.
func fileValues() []spec.Value {
	var out []spec.Value
	for _, pass := range []bool{true, false} {
		for _, e := range fsTree {
			if e.mode == "" && strings.HasPrefix(e.name, "conf.") == pass {
				out = append(out, spec.StringValue(e.name))
			}
		}
	}
	return out
}
