package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/pipeline"
)

// TestWriteReviews: a reason shared by a few cases lists each; one
// shared by many makes one line naming the first three and the count.
func TestWriteReviews(t *testing.T) {
	var results []*pipeline.FuncResult
	for i := 0; i < 4; i++ {
		r := &pipeline.FuncResult{Name: fmt.Sprintf("(*Set).M%d", i)}
		for _, typ := range []string{"int", "string"} {
			r.Reviews = append(r.Reviews, pipeline.Review{ID: typ + "-nil-deref-panics", Reason: "nil pointer dereference panic"})
		}
		results = append(results, r)
	}
	results[1].Reviews = append(results[1].Reviews, pipeline.Review{ID: "1k-doc", Reason: `doc comment says M1("1k") returns 1000, got 1024`})
	results = append(results, &pipeline.FuncResult{Name: "Lookup", Reviews: []pipeline.Review{{ID: "out-of-range-panics", Reason: "index out of range [5] with length 3 panic"}}})
	var b strings.Builder
	writeReviews(&b, results)
	want := `review before trusting (10):
  (*Set).M0/int-nil-deref-panics, (*Set).M0/string-nil-deref-panics, (*Set).M1/int-nil-deref-panics, … (8 cases): nil pointer dereference panic
  (*Set).M1/1k-doc: doc comment says M1("1k") returns 1000, got 1024
  Lookup/out-of-range-panics: index out of range [5] with length 3 panic
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("writeReviews (-want +got):\n%s", diff)
	}
	b.Reset()
	writeReviews(&b, results[4:])
	if got := b.String(); got != "review before trusting (1):\n  Lookup/out-of-range-panics: index out of range [5] with length 3 panic\n" {
		t.Errorf("one review: %q", got)
	}
}

// TestWriteTableFailedNotes: a function that failed shows why its
// probes were left out, as notes, but for those its error already
// says.
func TestWriteTableFailedNotes(t *testing.T) {
	results := []*pipeline.FuncResult{
		{Name: "Spin", Probes: 2, Err: errors.New("no behaviour could be written as a case (2 probes ran)"),
			Notes: []string{"2 probes timed out: r1p1, r1p2", "probe r1p1: left out: the result cannot be written as a value"}},
		{Name: "Build", Err: errors.New("no behaviour could be written as a case (0 probes ran: native: build failed)"),
			Notes: []string{"native: build failed"}},
	}
	var b strings.Builder
	if !writeTable(&b, results, "") {
		t.Error("writeTable: no failure reported")
	}
	var notes []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "note:") {
			notes = append(notes, l)
		}
	}
	want := []string{"note: Spin: 2 probes timed out: r1p1, r1p2", "note: Spin: probe r1p1: left out: the result cannot be written as a value"}
	if diff := cmp.Diff(want, notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
}

// TestWriteNotesShared: a note three or more functions share is printed
// once, naming the first three and how many; others as they came.
func TestWriteNotesShared(t *testing.T) {
	load := "yaegi disagreed with native, explored natively: yaegi failed: load p: x.go:1:2: cannot use type int as type int32"
	notes := []funcNote{
		{"A", load}, {"A", "3 probes did not compile"}, {"B", load}, {"C", "3 probes did not compile"},
		{"C", load}, {"D", load}, {"E", "skipped: generic"},
		// One per instantiation of a generic function.
		{"(*M).F", "2 probes timed out"}, {"(*M).F", "2 probes timed out"}, {"(*M).F", "2 probes timed out"},
	}
	var b strings.Builder
	writeNotes(&b, notes)
	want := "note: A, B, C, … (4 functions): " + load + "\n" +
		"note: A: 3 probes did not compile\n" +
		"note: C: 3 probes did not compile\n" +
		"note: E: skipped: generic\n" +
		"note: (*M).F: 2 probes timed out\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
}
