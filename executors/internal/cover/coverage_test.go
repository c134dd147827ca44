package cover_test

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	xcover "golang.org/x/tools/cover"
)

// testBlocks are the blocks of two functions sharing line 9 (func a ends where func b starts,
// as unformatted code can have it) and a block of another file.
var testBlocks = []cover.Block{
	{File: "f.go", StartLine: 3, StartCol: 20, EndLine: 5, EndCol: 2, NumStmts: 2},  // 0: a
	{File: "f.go", StartLine: 5, StartCol: 2, EndLine: 7, EndCol: 3, NumStmts: 1},   // 1: a
	{File: "f.go", StartLine: 8, StartCol: 2, EndLine: 9, EndCol: 3, NumStmts: 3},   // 2: a
	{File: "f.go", StartLine: 9, StartCol: 25, EndLine: 9, EndCol: 40, NumStmts: 4}, // 3: b
	{File: "g.go", StartLine: 3, StartCol: 20, EndLine: 5, EndCol: 2, NumStmts: 5},  // 4: other file
	{File: "f.go", StartLine: 12, StartCol: 1, EndLine: 12, EndCol: 9, NumStmts: 0}, // 5: empty body
}

func TestCoverage(t *testing.T) {
	spanA := cover.Span{File: "f.go", StartLine: 3, StartCol: 1, EndLine: 9, EndCol: 4}
	spanB := cover.Span{File: "f.go", StartLine: 9, StartCol: 6, EndLine: 9, EndCol: 41}
	tests := []struct {
		name        string
		span        cover.Span
		covered     []int
		wantStmts   int
		wantCovered int
		reason      string
	}{
		{"nothing ran", spanA, nil, 6, 0, "statements count whether or not they ran"},
		{"some ran", spanA, []int{0, 2}, 6, 5, "covered statements are those of the blocks that ran"},
		{"other function", spanA, []int{3}, 6, 0, "a block of the next function on the same line is outside by column"},
		{"columns", spanB, []int{2, 3}, 4, 4, "a block of the previous function ending on the first line is outside by column"},
		{"lines", cover.Lines("f.go", 9, 9), []int{3}, 7, 4, "whole lines include every block touching them"},
		{"other file", cover.Lines("g.go", 1, 100), []int{4}, 5, 5, "only blocks of the span's file count"},
		{"bad indices", spanA, []int{-1, 99}, 6, 0, "indices outside blocks are ignored"},
		{"empty block", cover.Lines("f.go", 12, 12), []int{5}, 0, 0, "a block without statements adds nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stmts, cov := cover.Coverage(testBlocks, tt.covered, tt.span)
			if stmts != tt.wantStmts || cov != tt.wantCovered {
				t.Errorf("Coverage = %d/%d, want %d/%d (%s)", cov, stmts, tt.wantCovered, tt.wantStmts, tt.reason)
			}
		})
	}
}

func TestUncovered(t *testing.T) {
	tests := []struct {
		name    string
		span    cover.Span
		covered []int
		want    []int
		reason  string
	}{
		{"all", cover.Lines("f.go", 1, 20), nil, []int{0, 1, 2, 3}, "every block with statements, in source order; the empty one is left out"},
		{"some ran", cover.Lines("f.go", 1, 20), []int{1, 3}, []int{0, 2}, "blocks that ran are left out"},
		{"span", cover.Lines("f.go", 5, 5), nil, []int{0, 1}, "only blocks touching the span"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cover.Uncovered(testBlocks, tt.covered, tt.span); !slices.Equal(got, tt.want) {
				t.Errorf("Uncovered = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

// TestProfile checks that Profile writes what golang.org/x/tools/cover reads back.
func TestProfile(t *testing.T) {
	data := cover.Profile(testBlocks, []int{1, 4}, func(file string) string { return "example.com/p/" + file })
	profiles, err := xcover.ParseProfilesFromReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse profile: %v\n%s", err, data)
	}
	type block struct {
		File                                                  string
		StartLine, StartCol, EndLine, EndCol, NumStmts, Count int
	}
	var got []block
	for _, p := range profiles {
		if p.Mode != "set" {
			t.Errorf("mode %q, want set", p.Mode)
		}
		for _, b := range p.Blocks {
			got = append(got, block{p.FileName, b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmt, b.Count})
		}
	}
	var want []block
	for i, b := range testBlocks {
		count := 0
		if i == 1 || i == 4 {
			count = 1
		}
		want = append(want, block{"example.com/p/" + b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmts, count})
	}
	// The reader sorts files by name and blocks by start.
	slices.SortFunc(want, func(a, b block) int {
		return cmp.Or(strings.Compare(a.File, b.File), a.StartLine-b.StartLine, a.StartCol-b.StartCol)
	})
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("profile read back (-want +got):\n%s\n%s", diff, data)
	}
}

func TestCovered(t *testing.T) {
	counters := []uint32{1, 1, 0, 1, 0, 1, 7}
	tests := []struct {
		name     string
		first, n int
		want     []int
		reason   string
	}{
		{"all", 0, 7, []int{0, 1, 3, 5, 6}, "any non-zero counter marks its block as run"},
		{"offset", 2, 3, []int{1}, "indices are relative to first and stop after n blocks"},
		{"short", 5, 4, []int{0, 1}, "counters missing at the end count as not run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cover.Covered(counters, tt.first, tt.n); !slices.Equal(got, tt.want) {
				t.Errorf("Covered = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}
