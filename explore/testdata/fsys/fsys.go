// Package fsys reads file systems: a walk that counts and a filter of
// entries.
package fsys

import (
	"encoding/json"
	"io/fs"
	"path"
	"strings"
)

// Count counts the files under dir of fsys with extension ext and the
// symbolic links, skipping hidden entries.
func Count(fsys fs.FS, dir, ext string) (files, links int, err error) {
	err = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			links++
			return nil
		}
		if !d.IsDir() && path.Ext(p) == ext {
			files++
		}
		return nil
	})
	return files, links, err
}

// Kind names the kind of an entry.
func Kind(d fs.DirEntry) string {
	switch {
	case d == nil:
		return "none"
	case d.Type()&fs.ModeSymlink != 0:
		return "link"
	case d.IsDir():
		return "dir"
	case strings.HasPrefix(d.Name(), "."):
		return "hidden"
	}
	return "file"
}

// Settings reads the settings file of fsys, settings.toml.
func Settings(fsys fs.ReadFileFS) (string, error) {
	b, err := fsys.ReadFile("settings.toml")
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Load decodes the JSON settings file at path of fsys.
func Load(fsys fs.FS, path string) (map[string]any, error) {
	b, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return m, nil
}
