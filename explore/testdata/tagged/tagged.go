// Package tagged decodes form values into a struct by its fields' tags.
package tagged

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Decoder fills structs from form values.
type Decoder struct {
	tag string
}

// NewDecoder is a decoder reading the "form" tag.
func NewDecoder() *Decoder { return &Decoder{tag: "form"} }

// Decode sets the fields of the struct dst points to from src, by the
// names the fields' tags give them; a field tagged required must be in
// src.
func (d *Decoder) Decode(dst any, src map[string][]string) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return errors.New("tagged: dst must point to a struct")
	}
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get(d.tag), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		vals, ok := src[name]
		if !ok || len(vals) == 0 {
			if strings.Contains(opts, "required") {
				return fmt.Errorf("tagged: %s is required", name)
			}
			continue
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.String:
			fv.SetString(vals[0])
		case reflect.Int:
			n, err := strconv.Atoi(vals[0])
			if err != nil {
				return fmt.Errorf("tagged: %s: %w", name, err)
			}
			fv.SetInt(int64(n))
		case reflect.Float64:
			x, err := strconv.ParseFloat(vals[0], 64)
			if err != nil {
				return fmt.Errorf("tagged: %s: %w", name, err)
			}
			fv.SetFloat(x)
		case reflect.Bool:
			fv.SetBool(vals[0] == "true")
		case reflect.Slice:
			fv.Set(reflect.ValueOf(vals))
		default:
			return fmt.Errorf("tagged: %s: unsupported kind %s", name, fv.Kind())
		}
	}
	return nil
}

// fieldNames lists the names the form tags of struct type t (or of the
// struct it points to) give its fields; t's kind for another type.
func fieldNames(t reflect.Type) []string {
	if t == nil {
		return nil
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return []string{t.Kind().String()}
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if name := t.Field(i).Tag.Get("form"); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// setStrings sets the settable string fields of the struct v holds to
// s, and reports how many it set; -1 for the zero Value.
func setStrings(v reflect.Value, s string) int {
	if !v.IsValid() {
		return -1
	}
	if v.Kind() != reflect.Struct {
		return 0
	}
	n := 0
	for i := 0; i < v.NumField(); i++ {
		if f := v.Field(i); f.Kind() == reflect.String && f.CanSet() {
			f.SetString(s)
			n++
		}
	}
	return n
}

// zeroInts sets the int fields of the struct v holds, of type t, to
// 0, and reports how many it set; -1 when v is not of type t.
func zeroInts(t reflect.Type, v reflect.Value) int {
	if !v.IsValid() || v.Type() != t {
		return -1
	}
	n := 0
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Type.Kind() == reflect.Int && v.Field(i).CanSet() {
			v.Field(i).SetInt(0)
			n++
		}
	}
	return n
}

// fieldName is the name the form tag gives field f, its own name
// without one; "" for a field the tag skips.
func fieldName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("form"), ",")
	switch name {
	case "-":
		return ""
	case "":
		return f.Name
	}
	return name
}
