// Package settings fills a struct from named settings by its fields'
// tags: the name each is read under (env), the text it takes when not
// given (default), whether it must be given (required) and whether it
// is left alone (skip). Its Usage writes a table of the settings with
// the layout the package keeps, or one of the caller's.
package settings

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"text/template"
	"time"
)

// ErrNotStruct is returned for a spec that does not point to a struct.
var ErrNotStruct = errors.New("settings: spec must point to a struct")

// Wait is how long a caller should wait for its settings to be given.
const Wait = 5 * time.Second

// table is the layout Usage writes: a template over the settings.
const table = `NAME	KIND	DEFAULT
{{range .}}{{name .}}	{{kind .}}	{{default .}}
{{end}}`

// Load sets the fields of the struct spec points to from the settings
// given, by name.
func Load(spec any, given map[string]string) error {
	v := reflect.ValueOf(spec)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return ErrNotStruct
	}
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || isSet(f.Tag.Get("skip")) {
			continue
		}
		name := f.Tag.Get("env")
		if name == "" {
			name = strings.ToUpper(f.Name)
		}
		text, ok := given[name]
		if !ok {
			text, ok = f.Tag.Lookup("default")
		}
		required := f.Tag.Get("required")
		if !ok {
			if isSet(required) {
				return fmt.Errorf("settings: %s is required", name)
			}
			continue
		}
		if err := set(v.Field(i), text); err != nil {
			return fmt.Errorf("settings: %s: %w", name, err)
		}
	}
	return nil
}

// set sets field from text by the field's kind.
func set(field reflect.Value, text string) error {
	switch field.Kind() {
	case reflect.String:
		field.SetString(text)
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return err
		}
		field.SetInt(n)
	case reflect.Uint, reflect.Uint8:
		n, err := strconv.ParseUint(text, 10, field.Type().Bits())
		if err != nil {
			return err
		}
		field.SetUint(n)
	case reflect.Pointer:
		field.Set(reflect.New(field.Type().Elem()))
		return set(field.Elem(), text)
	default:
		return fmt.Errorf("cannot set a %s", field.Kind())
	}
	return nil
}

// isSet reports whether a flag's text says true.
func isSet(s string) bool {
	b, _ := strconv.ParseBool(s)
	return b
}

// Usage writes the settings of the struct spec points to as the table
// the package lays them out in.
func Usage(spec any, w io.Writer) error {
	return Usagef(spec, w, table)
}

// Usagef writes the settings of the struct spec points to, laid out by
// the template layout (its functions name, kind and default).
func Usagef(spec any, w io.Writer, layout string) error {
	v := reflect.ValueOf(spec)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return ErrNotStruct
	}
	funcs := template.FuncMap{
		"name":    func(f reflect.StructField) string { return f.Name },
		"kind":    func(f reflect.StructField) string { return f.Type.Kind().String() },
		"default": func(f reflect.StructField) string { return f.Tag.Get("default") },
	}
	tmpl, err := template.New("usage").Funcs(funcs).Parse(layout)
	if err != nil {
		return err
	}
	var fields []reflect.StructField
	t := v.Elem().Type()
	for i := 0; i < t.NumField(); i++ {
		fields = append(fields, t.Field(i))
	}
	return tmpl.Execute(w, fields)
}

// Config says where a Loader puts the settings it loads.
type Config struct {
	// Target is a pointer to the struct to fill.
	Target any
	// Given are the settings given, by name.
	Given map[string]string
}

// Loader loads settings into its target.
type Loader struct {
	cfg *Config
}

// NewLoader is a loader of cfg, whose target must be a pointer.
func NewLoader(cfg *Config) (*Loader, error) {
	if v := reflect.ValueOf(cfg.Target); v.Kind() != reflect.Pointer {
		return nil, errors.New("settings: the target must be a pointer")
	}
	return &Loader{cfg: cfg}, nil
}

// Load fills the loader's target.
func (l *Loader) Load() error {
	return Load(l.cfg.Target, l.cfg.Given)
}
