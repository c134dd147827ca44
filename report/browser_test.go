package report_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/specgen-dev/specgen/report"
)

// The browser test opens the report in headless chromium. It skips when
// no chromium is installed, unless SPECGEN_REQUIRE_BROWSER is set (CI
// sets it, so that a missing browser fails the run). SPECGEN_SCREENSHOT
// names a file to copy the screenshot to (the screenshot is always
// written under the test's temporary directory and its path logged).
const (
	requireBrowserEnv = "SPECGEN_REQUIRE_BROWSER"
	screenshotEnv     = "SPECGEN_SCREENSHOT"
)

// findChromium returns the path of a chromium or chrome binary, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// domState is what the test reads of the page after a click.
type domState struct {
	SelLine     string   `json:"selLine"`
	ReachCases  []string `json:"reachCases"`
	ReachNone   string   `json:"reachNone"`
	HitRows     []string `json:"hitRows"`
	Uncovered   bool     `json:"uncovered"`
	Mutants     []string `json:"mutants"`
	MutantShown bool     `json:"mutantShown"`
}

// stateJS reads the state of the Size section and of its line n.
const stateJS = `(function (n) {
  var sec = document.getElementById("f-Size");
  var row = sec.querySelector('tr.line[data-line="' + n + '"]');
  var muts = Array.from(sec.querySelectorAll('tr.line[data-line="14"] .mutant'));
  return {
    selLine: sec.querySelector(".sel-line").textContent,
    reachCases: Array.from(sec.querySelectorAll(".reach-list li")).map(function (li) { return li.dataset.case; }),
    reachNone: sec.querySelector(".reach-none").textContent,
    hitRows: Array.from(sec.querySelectorAll("tr.case.hit .case-name")).map(function (td) { return td.textContent; }),
    uncovered: row.classList.contains("uncovered"),
    mutants: muts.map(function (m) { return m.textContent; }),
    mutantShown: muts.length > 0 && muts[0].getBoundingClientRect().height > 0 && getComputedStyle(muts[0]).display !== "none",
  };
})`

func browserTest(t *testing.T, p *report.Package) {
	chrome := findChromium()
	if chrome == "" {
		if os.Getenv(requireBrowserEnv) != "" {
			t.Fatalf("%s is set and no chromium is installed (apt-get install chromium)", requireBrowserEnv)
		}
		t.Skipf("no chromium installed (set %s to fail instead)", requireBrowserEnv)
	}
	dir := t.TempDir()
	paths, err := report.Write(dir, []*report.Package{p})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 {
		t.Fatalf("wrote %q, want one file", paths)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome), chromedp.NoSandbox, chromedp.Headless, chromedp.WindowSize(1200, 1000))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first Run starts the browser: no deadline on it (see chromedp.Run).
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+paths[0])); err != nil {
		t.Fatalf("open %s in %s: %v", paths[0], chrome, err)
	}
	step, stepCancel := context.WithTimeout(ctx, time.Minute)
	defer stepCancel()

	tests := []struct {
		name       string
		line       string
		cases      []string
		uncovered  bool
		noneSaying string
	}{
		{"covered line", "8", []string{"negative", "minus-five", "small", "large"}, false, ""},
		{"error branch", "9", []string{"negative", "minus-five"}, false, ""},
		{"uncovered line", "12", nil, true, "No case reaches this line."},
		// Last, so that the screenshot shows the cases of a line.
		{"boundary line", "14", []string{"small", "large"}, false, ""},
	}
	for _, tt := range tests {
		if err := chromedp.Do(step, chromedp.Click(chromedp.CSS(`#f-Size tr.line[data-line="`+tt.line+`"]`))); err != nil {
			t.Fatalf("%s: click line %s: %v", tt.name, tt.line, err)
		}
		st, err := chromedp.Run(step, chromedp.Evaluate[domState](stateJS+"("+tt.line+")"))
		if err != nil {
			t.Fatalf("%s: read the page: %v", tt.name, err)
		}
		if st.SelLine != tt.line {
			t.Errorf("%s: the detail panel shows line %q, want %s", tt.name, st.SelLine, tt.line)
		}
		if strings.Join(st.ReachCases, " ") != strings.Join(tt.cases, " ") {
			t.Errorf("%s: the panel lists cases %q, want %q", tt.name, st.ReachCases, tt.cases)
		}
		if strings.Join(st.HitRows, " ") != strings.Join(tt.cases, " ") {
			t.Errorf("%s: the case table highlights %q, want %q", tt.name, st.HitRows, tt.cases)
		}
		if st.Uncovered != tt.uncovered {
			t.Errorf("%s: line %s marked uncovered: %v, want %v", tt.name, tt.line, st.Uncovered, tt.uncovered)
		}
		if st.ReachNone != tt.noneSaying {
			t.Errorf("%s: the panel says %q, want %q", tt.name, st.ReachNone, tt.noneSaying)
		}
		if !st.MutantShown || !strings.Contains(strings.Join(st.Mutants, "\n"), ">=") {
			t.Errorf("%s: line 14 shows mutants %q (visible %v), want a surviving >= mutant", tt.name, st.Mutants, st.MutantShown)
		}
	}

	png, err := chromedp.Run(step, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	shot := filepath.Join(dir, "report.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
	if extra := os.Getenv(screenshotEnv); extra != "" {
		if err := os.WriteFile(extra, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", extra)
	}
}
