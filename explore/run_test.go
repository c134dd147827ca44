package explore

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// scripted is an explorer that answers each round with a fixed plan, the
// way a model would, and keeps the requests it was given.
type scripted struct {
	plans []*Plan
	errs  map[int]error
	reqs  []Request
}

func (s *scripted) Explore(ctx context.Context, req *Request) (*Plan, error) {
	r := *req
	r.Results = slices.Clone(req.Results)
	s.reqs = append(s.reqs, r)
	if err := s.errs[req.Round]; err != nil {
		return nil, err
	}
	if req.Round-1 < len(s.plans) {
		return s.plans[req.Round-1], nil
	}
	return &Plan{}, nil
}

func snippets(codes ...string) []Snippet {
	var out []Snippet
	for _, c := range codes {
		out = append(out, Snippet{Description: "probe", Code: c})
	}
	return out
}

func newSampleRun(t *testing.T, fn string) (*target.Func, *fakeExec) {
	t.Helper()
	f := loadFunc(t, sampleDir, fn)
	fe, err := newFakeExec(f.Pkg)
	if err != nil {
		t.Fatal(err)
	}
	return f, fe
}

func TestRunRounds(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{
		{
			Snippets:      snippets(`ParseSize("12kb")`, `ParseSize(1, 2)`, `ParseSize(5)`),
			ErrorSnippets: snippets(`ParseSize("")`),
		},
		{Snippets: snippets(`ParseSize("12kb")`, `out, err := ParseSize("x")`)},
	}}
	x, err := Run(context.Background(), f, ex, fe, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if x.Stop != StopRounds || x.Rounds != 2 {
		t.Errorf("stop %q after %d rounds; want %q after 2: a model explorer gets 2 rounds by default", x.Stop, x.Rounds, StopRounds)
	}
	if len(ex.reqs) != 2 {
		t.Fatalf("explorer asked %d times, want 2", len(ex.reqs))
	}
	r1, r2 := ex.reqs[0], ex.reqs[1]
	if r1.Summary != nil || len(r1.Results) != 0 || r1.Budget.Probes != 2000 {
		t.Errorf("round 1 request: summary %v, %d results, budget %d; want none, 0, 2000", r1.Summary, len(r1.Results), r1.Budget.Probes)
	}
	if r2.Summary == nil || len(r2.Results) != 3 || len(r2.Tried) != 4 || len(r2.Uncovered) == 0 {
		t.Fatalf("round 2 request: summary %v, %d results, %d tried, %d uncovered; want a summary, 3, 4, some", r2.Summary != nil, len(r2.Results), len(r2.Tried), len(r2.Uncovered))
	}
	var msgs []string
	for _, ce := range r2.CompileErrors {
		msgs = append(msgs, ce.Message)
	}
	if len(msgs) != 2 || !strings.Contains(msgs[0], "takes 1 arguments") || !strings.Contains(msgs[1], "cannot") {
		t.Errorf("round 2 compile errors %q; want the conversion error and the compiler's message, for repair", msgs)
	}
	if x.Uncompiled() != 2 || x.Probes() != 4 {
		t.Errorf("%d uncompiled, %d probes; want 2 and 4 (the repeated snippet is not run again)", x.Uncompiled(), x.Probes())
	}
	if x.Records[2].Expect != "error" || x.Records[2].Class != "error *errors.errorString: empty size" {
		t.Errorf("error snippet recorded as %q with class %q", x.Records[2].Expect, x.Records[2].Class)
	}
	if !x.Records[3].NewBehaviour || x.Records[3].Round != 2 {
		t.Errorf("round 2 probe: new behaviour %v, round %d", x.Records[3].NewBehaviour, x.Records[3].Round)
	}
}

func TestRunStopsOnStaleRound(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{
		{Snippets: snippets(`ParseSize("12kb")`, `ParseSize("")`)},
		{Snippets: snippets(`ParseSize("13kb")`, `ParseSize("7gb")`)},
		{Snippets: snippets(`ParseSize("x")`)},
	}}
	x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 5})
	if err != nil {
		t.Fatal(err)
	}
	if x.Stop != StopStale || x.Rounds != 2 {
		t.Errorf("stop %q after %d rounds; want %q after 2: round 2 found nothing new", x.Stop, x.Rounds, StopStale)
	}
}

// searching is a scripted explorer that searches, as the built-in one
// does: no bound on its rounds, and a stale round alone does not end it.
type searching struct{ scripted }

func (*searching) Searching() bool { return true }

// TestRunSearcherStopsCovered checks when a searcher's rounds that found
// no new behaviour end the exploration: two in a row, once every
// statement of the reach has run.
func TestRunSearcherStopsCovered(t *testing.T) {
	tests := []struct {
		name   string
		fn     string // Truthy when empty
		plans  []*Plan
		stop   StopReason
		rounds int
	}{
		{
			name: "all covered",
			plans: []*Plan{
				{Snippets: snippets(`Truthy("yes")`, `Truthy("no")`, `Truthy("x")`)},
				{Snippets: snippets(`Truthy("y")`)},
				{Snippets: snippets(`Truthy("n")`)},
				{Snippets: snippets(`Truthy("on")`)},
			},
			stop: StopCovered, rounds: 3,
		},
		{
			name: "a behaviour between stale rounds",
			fn:   "CountLines",
			plans: []*Plan{
				{Snippets: snippets(`CountLines(strings.NewReader("a\nbb"), 1)`, `CountLines(strings.NewReader("a"), 5)`)},
				{Snippets: snippets(`CountLines(strings.NewReader("b"), 5)`)},
				{Snippets: snippets(`CountLines(strings.NewReader(""), 5)`)},
				{Snippets: snippets(`CountLines(strings.NewReader("c"), 5)`)},
				{Snippets: snippets(`CountLines(strings.NewReader("d"), 5)`)},
				{Snippets: snippets(`CountLines(strings.NewReader("e"), 5)`)},
			},
			stop: StopCovered, rounds: 5,
		},
		{
			name: "one return not run",
			plans: []*Plan{
				{Snippets: snippets(`Truthy("yes")`, `Truthy("x")`)},
				{Snippets: snippets(`Truthy("y")`)},
				{Snippets: snippets(`Truthy("1")`)},
				{Snippets: snippets(`Truthy("no")`)},
			},
			stop: StopDone, rounds: 4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn := tt.fn
			if fn == "" {
				fn = "Truthy"
			}
			f, fe := newSampleRun(t, fn)
			x, err := Run(context.Background(), f, &searching{scripted{plans: tt.plans}}, fe, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if x.Stop != tt.stop || x.Rounds != tt.rounds {
				t.Errorf("stop %q after %d rounds, want %q after %d", x.Stop, x.Rounds, tt.stop, tt.rounds)
			}
		})
	}
}

func TestRunStops(t *testing.T) {
	boom := errors.New("model unavailable")
	tests := []struct {
		name    string
		ex      Explorer
		opts    Options
		stop    StopReason
		wantErr bool
		reason  string
	}{
		{"empty-plan", &scripted{}, Options{}, StopDone, false, "an explorer with nothing to try ends the exploration"},
		{"error-round-1", &scripted{errs: map[int]error{1: boom}}, Options{}, StopNone, true, "without any result an explorer failure is an error"},
		{"error-round-2", &scripted{plans: []*Plan{{Snippets: snippets(`ParseSize("1")`)}}, errs: map[int]error{2: boom}}, Options{}, StopExplorer, false, "a later failure keeps what earlier rounds found"},
		{"budget", NewBuiltin(BuiltinOptions{}), Options{MaxProbes: 50}, StopBudget, false, "MaxProbes bounds the probes"},
		{"time", NewBuiltin(BuiltinOptions{FirstRound: 5, Round: 5}), Options{MaxTime: time.Nanosecond}, StopTime, false, "MaxTime is checked between rounds"},
		{"rounds", NewBuiltin(BuiltinOptions{FirstRound: 5, Round: 5}), Options{MaxRounds: 3}, StopRounds, false, "MaxRounds bounds a searcher too"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, fe := newSampleRun(t, "ParseSize")
			x, err := Run(context.Background(), f, tt.ex, fe, tt.opts)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v (%s)", err, tt.wantErr, tt.reason)
			}
			if x.Stop != tt.stop {
				t.Errorf("stop %q, want %q (%s)", x.Stop, tt.stop, tt.reason)
			}
			if tt.name == "budget" && x.Probes() > 50 {
				t.Errorf("%d probes run, budget 50", x.Probes())
			}
			if tt.name == "error-round-2" && !errors.Is(x.Err, boom) {
				t.Errorf("x.Err = %v, want the explorer's error", x.Err)
			}
			if tt.name == "rounds" && x.Rounds != 3 {
				t.Errorf("%d rounds, want 3", x.Rounds)
			}
		})
	}
}

func TestRunRepresentative(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{{Snippets: snippets(`ParseSize("123456kb")`, `ParseSize("1kb")`, `ParseSize("22kb")`)}}}
	x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Behaviours) != 1 {
		t.Fatalf("%d behaviours, want 1: same class, same blocks", len(x.Behaviours))
	}
	if b := x.Behaviours[0]; b.Rep != 1 || b.Count != 3 {
		t.Errorf("representative %d of %d; want the simplest input (1) of 3", b.Rep, b.Count)
	}
}

// TestRunPrior runs the inputs of an existing spec after the explorer's
// search (at most MaxProbes of them, on top of the explorer's budget),
// without showing them to the explorer; a behaviour they show keeps them as its
// representative over a simpler input, and a snippet the explorer ran
// itself is not run again.
func TestRunPrior(t *testing.T) {
	tests := []struct {
		name     string
		prior    []Snippet
		plan     []Snippet
		max      int
		rep      string // representative of the first behaviour, as written in the probe
		probes   int
		marked   int // records of the prior
		stop     StopReason
		explorer int // requests the explorer got
	}{
		{"prior-kept", snippets(`ParseSize("123456kb")`), snippets(`ParseSize("1kb")`, `ParseSize("22kb")`), 0, `"123456kb"`, 3, 1, StopRounds, 1},
		{"without-prior", nil, snippets(`ParseSize("123456kb")`, `ParseSize("1kb")`), 0, `"1kb"`, 2, 0, StopRounds, 1},
		{"explorer-ran-it", snippets(`ParseSize("9kb")`), snippets(`ParseSize("9kb")`, `ParseSize("1kb")`), 0, `"9kb"`, 2, 1, StopRounds, 1},
		{"prior-twice", snippets(`ParseSize("9kb")`, `ParseSize("9kb")`), snippets(`ParseSize("1kb")`), 0, `"9kb"`, 2, 1, StopRounds, 1},
		{"budget", snippets(`ParseSize("9kb")`, `ParseSize("")`, `ParseSize("7gb")`), snippets(`ParseSize("1kb")`), 2, `"9kb"`, 3, 2, StopRounds, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, fe := newSampleRun(t, "ParseSize")
			ex := &scripted{plans: []*Plan{{Snippets: tt.plan}}}
			x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 1, MaxProbes: tt.max, Prior: tt.prior})
			if err != nil {
				t.Fatal(err)
			}
			if x.Probes() != tt.probes || x.Stop != tt.stop || len(ex.reqs) != tt.explorer {
				t.Fatalf("%d probes, stop %q, %d requests; want %d, %q, %d", x.Probes(), x.Stop, len(ex.reqs), tt.probes, tt.stop, tt.explorer)
			}
			if got := x.Records[x.Behaviours[0].Rep].Probe.Args[0]; got != tt.rep {
				t.Errorf("representative %s, want %s", got, tt.rep)
			}
			marked := 0
			for _, r := range x.Records {
				if r.Prior {
					marked++
				}
			}
			if x.Prior != tt.marked || marked != tt.marked {
				t.Errorf("x.Prior = %d, %d records marked; want %d", x.Prior, marked, tt.marked)
			}
			if tt.explorer > 0 {
				r1 := ex.reqs[0]
				if len(r1.Results) != 0 || r1.Summary != nil {
					t.Errorf("round 1 request: %d results, summary %v; want none: the explorer searches as without the prior", len(r1.Results), r1.Summary != nil)
				}
			}
		})
	}
}

// TestRunKnown: the inputs of hand-written cases run after the search
// too, but a record of round 0 of theirs is the last choice as a
// representative; the explorer's own record of one is marked Prior.
func TestRunKnown(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{{Snippets: snippets(`ParseSize("22kb")`, `ParseSize("333kb")`)}}}
	x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 1, Known: snippets(`ParseSize("1kb")`, `ParseSize("333kb")`)})
	if err != nil {
		t.Fatal(err)
	}
	if x.Probes() != 3 {
		t.Fatalf("%d probes, want 3: the explorer's 2 and the hand-written input it did not run", x.Probes())
	}
	if r := x.Records[2]; !r.Known || r.Prior || r.Round != 0 {
		t.Errorf("round 0 record: known %v, prior %v, round %d; want known", r.Known, r.Prior, r.Round)
	}
	if r := x.Records[1]; !r.Prior || r.Known {
		t.Errorf("the explorer's record of a hand-written input: prior %v, known %v; want prior", r.Prior, r.Known)
	}
	if got := x.Records[x.Behaviours[0].Rep].Probe.Args[0]; got != `"333kb"` {
		t.Errorf("representative %s, want \"333kb\"", got)
	}
}

// TestRunPriorExplorerFails: an explorer that fails in its first round
// is an error (the caller may fall back), and the prior still runs.
func TestRunPriorExplorerFails(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{errs: map[int]error{1: errors.New("model unavailable")}}
	x, err := Run(context.Background(), f, ex, fe, Options{Prior: snippets(`ParseSize("1kb")`)})
	if err == nil || x == nil || x.Probes() != 1 || x.Prior != 1 {
		t.Fatalf("err %v, exploration %v; want an error and the prior's record", err, x)
	}
}

// TestCallSnippet writes the call of an existing case's inputs as the
// built-in explorer writes its own, and the call runs.
func TestCallSnippet(t *testing.T) {
	f, _ := newSampleRun(t, "ParseSize")
	sn, err := CallSnippet(f, nil, []spec.Value{spec.StringValue("12kb")})
	if err != nil {
		t.Fatal(err)
	}
	if sn.Code != `ParseSize("12kb")` {
		t.Errorf("code %q", sn.Code)
	}
	if _, err := CallSnippet(f, nil, nil); err == nil {
		t.Error("no arguments for a one-parameter function: no error")
	}
	if _, err := CallSnippet(f, nil, []spec.Value{spec.ListValue(spec.IntValue(1))}); err == nil {
		t.Error("a list for a string: no error")
	}
}

// TestRunBuiltinSample explores each sample function with the built-in
// explorer: every statement must run, no probe may fail to compile, and
// the exploration must end by itself (patience, or nothing left to try).
func TestRunBuiltinSample(t *testing.T) {
	tests := []struct {
		fn      string
		classes []string // substrings of outcome classes that must be found
		missed  int      // statements that cannot be reached, with why
		why     string
	}{
		{fn: "ParseSize", classes: []string{"empty size", "no number in", "unknown unit …", "size too large", "strconv.ParseFloat: parsing", "ok int<0", "ok int=0", "ok int>0"}},
		{fn: "Grade", classes: []string{"ok string"}},
		{fn: "Join", classes: []string{`ok ""`, "ok string"}},
		{fn: "Rect.Area", classes: []string{"panic", "ok float>0", "ok float=0"}},
		{fn: "(*Counter).Add", classes: []string{"limit … exceeded", "ok"}},
		{fn: "Human", classes: []string{"ok string"}},
		{fn: "Pick", classes: []string{"panic", "ok int>0"}},
		{fn: "Total", classes: []string{"missing key", "ok int>0", "ok int=0", "ok int<0"}},
		{fn: "ParseKV", classes: []string{"missing =", "hex key", "too many values", "non-numeric id", "one value only", `ok "", int=0`, "ok string, int>0"}},
		{fn: "Paint", classes: []string{"ok string"}},
		{fn: "MajorVersion", classes: []string{"bad version", "prerelease", "unstable", "ok int>0"}},
		{fn: "(*Server).Addr", classes: []string{"no host", "bad port", "tls needs a cert", "ok string"}, why: "a context already cancelled reaches the branch that gives up"},
		{fn: "CountLines", classes: []string{"too long", "ok int=0", "ok int>0"}},
		{fn: "Checksum", classes: []string{"ok uint=0, false", "ok uint>0, true", "ok uint>0, false"}},
		{fn: "Weekend", classes: []string{"ok true", "ok false"}},
		{fn: "Truthy", classes: []string{"ok true", "ok false", "not a boolean"}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			f, fe := newSampleRun(t, tt.fn)
			x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{MaxTime: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			c, total := x.Statements()
			t.Logf("stop %s after %d rounds, %d probes, %d behaviours, coverage %d/%d, %v", x.Stop, x.Rounds, x.Probes(), len(x.Behaviours), c, total, x.Elapsed)
			if c != total-tt.missed || total == 0 {
				for _, u := range x.Uncovered() {
					t.Logf("uncovered %d-%d: %s", u.Start, u.End, u.Text)
				}
				t.Errorf("coverage %d/%d statements, want %d (%s)", c, total, total-tt.missed, tt.why)
			}
			if x.Uncompiled() != 0 {
				t.Errorf("%d snippets of the built-in explorer did not compile, first: %+v", x.Uncompiled(), x.CompileErrors[0])
			}
			switch x.Stop {
			case StopPatience, StopDone:
			case StopCovered:
				if c, total := x.ReachStatements(); c != total {
					t.Errorf("stop %q with the reach's coverage %d/%d", x.Stop, c, total)
				}
			default:
				t.Errorf("stop %q, want %q, %q (nothing new left to try) or %q", x.Stop, StopPatience, StopDone, StopCovered)
			}
			for _, want := range tt.classes {
				found := false
				for _, b := range x.Behaviours {
					found = found || strings.Contains(b.Class, want)
				}
				if !found {
					t.Errorf("no behaviour of class %q", want)
				}
			}
		})
	}
}

// TestRunBuiltinCoverageGrows runs the built-in explorer in small rounds
// and checks that coverage grows round by round to all statements, and
// that the search then stops after two rounds in a row find nothing new.
func TestRunBuiltinCoverageGrows(t *testing.T) {
	f, fe := newSampleRun(t, "ParseKV")
	var progress []Progress
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{FirstRound: 5, Round: 10}), fe, Options{
		Patience: 300, Progress: func(p Progress) { progress = append(progress, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(progress) != x.Rounds || len(progress) < 3 {
		t.Fatalf("%d progress reports for %d rounds", len(progress), x.Rounds)
	}
	for i := 1; i < len(progress); i++ {
		if progress[i].Coverage < progress[i-1].Coverage || progress[i].Probes <= progress[i-1].Probes {
			t.Errorf("round %d: coverage %.1f after %.1f, probes %d after %d: must not shrink", i+1, progress[i].Coverage, progress[i-1].Coverage, progress[i].Probes, progress[i-1].Probes)
		}
	}
	first, last := progress[0], progress[len(progress)-1]
	if first.Coverage >= 100 || last.Coverage != 100 {
		t.Errorf("coverage from %.1f%% to %.1f%%; want growth to 100%%", first.Coverage, last.Coverage)
	}
	if x.Stop != StopCovered || x.Records[len(x.Records)-1].Round != x.Rounds {
		t.Errorf("stop %q after round %d, want %q", x.Stop, x.Rounds, StopCovered)
	}
	for _, r := range x.Records {
		if r.Round >= x.Rounds-1 && r.NewBehaviour {
			t.Errorf("round %d of %d found behaviour %d: the last two were not stale", r.Round, x.Rounds, r.Behaviour)
		}
	}
}

func TestRunBuiltinDeterministic(t *testing.T) {
	run := func(seed uint64) []string {
		f, fe := newSampleRun(t, "ParseKV")
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{Seed: seed}), fe, Options{MaxProbes: 600})
		if err != nil {
			t.Fatal(err)
		}
		var codes []string
		for _, s := range x.Tried {
			codes = append(codes, s.Code)
		}
		return codes
	}
	a, b := run(0), run(0)
	if !slices.Equal(a, b) {
		t.Errorf("two explorations with the same seed differ (%d and %d snippets)", len(a), len(b))
	}
	if c := run(7); slices.Equal(a, c) {
		t.Errorf("a different seed gave the same %d snippets", len(c))
	}
}

func TestHazards(t *testing.T) {
	f := loadFunc(t, sampleDir, "Pick")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	list := func(n int) spec.Value { return repeatValue(spec.IntValue(1), n) }
	rec := func(o executors.Outcome, xs spec.Value, i int64) *Record {
		return &Record{Class: string(o), Result: executors.Result{Outcome: o, Inputs: []executors.NamedValue{
			{Name: "xs", Value: xs}, {Name: "i", Value: spec.IntValue(i)},
		}}}
	}
	h := a.hazards([]*Record{
		rec(executors.OK, list(1), 1e9),
		rec(executors.Timeout, list(2), 5000),
		rec(executors.Exited, list(3), 1e6),
	})
	tests := []struct {
		vals   []spec.Value
		want   bool
		reason string
	}{
		{[]spec.Value{list(1), spec.IntValue(4999)}, false, "below the smallest magnitude that hung"},
		{[]spec.Value{list(1), spec.IntValue(5000)}, true, "as large as one that hung"},
		{[]spec.Value{list(1), spec.IntValue(-1e12)}, true, "magnitudes are absolute"},
		{[]spec.Value{list(2000), spec.IntValue(0)}, false, "no slice was ever large when a probe hung"},
	}
	for _, tt := range tests {
		if got := h.blocks(tt.vals); got != tt.want {
			t.Errorf("blocks(%s, %s) = %v, want %v (%s)", clip(tt.vals[0].String(), 20), tt.vals[1], got, tt.want, tt.reason)
		}
	}

	// A probe that timed out may come back without its inputs: the
	// explorer knows what it proposed.
	code := "Pick(nil, 70000)"
	a.proposed[normCode(code)] = []spec.Value{spec.NullValue(), spec.IntValue(70000)}
	h = a.hazards([]*Record{{Snippet: Snippet{Code: code}, Class: "timeout", Result: executors.Result{Outcome: executors.Timeout}}})
	if !h.blocks([]spec.Value{list(1), spec.IntValue(70000)}) || h.blocks([]spec.Value{list(1), spec.IntValue(69999)}) {
		t.Errorf("hazards of a timeout without reported inputs = %v, want 70000 for input i", h)
	}
}

// TestBuiltinConcurrent explores two functions at once with one
// built-in explorer (run it with -race).
func TestBuiltinConcurrent(t *testing.T) {
	ex := NewBuiltin(BuiltinOptions{})
	fns := []string{"ParseSize", "ParseKV", "ParseSize"}
	type setup struct {
		f  *target.Func
		fe *fakeExec
	}
	var setups []setup
	for _, fn := range fns {
		f, fe := newSampleRun(t, fn)
		setups = append(setups, setup{f, fe})
	}
	errs := make(chan error, len(fns))
	for _, s := range setups {
		go func() {
			x, err := Run(context.Background(), s.f, ex, s.fe, Options{MaxProbes: 300})
			if err == nil && x.Uncompiled() != 0 {
				err = errors.New("uncompiled probes")
			}
			errs <- err
		}()
	}
	for range fns {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestSimpler(t *testing.T) {
	rec := func(arg string, d time.Duration) *Record {
		return &Record{Probe: executors.Probe{Args: []string{arg}}, Result: executors.Result{Duration: d, CPU: d}}
	}
	// loaded is a probe that took a second by the wall clock and a
	// millisecond of processor time: a fast probe on a busy machine.
	loaded := func(r *Record) *Record {
		r.Result.Duration = time.Second
		return r
	}
	big := func(r *Record) *Record {
		r.Result.Outputs = []spec.Value{spec.StringValue(strings.Repeat("0", 1<<20))}
		return r
	}
	prior := func(r *Record) *Record {
		r.Prior = true
		return r
	}
	tests := []struct {
		a, b   *Record
		want   bool
		reason string
	}{
		{rec("1", time.Millisecond), rec("100", time.Millisecond), true, "shorter inputs"},
		{rec("100", time.Millisecond), rec("1", time.Millisecond), false, "longer inputs"},
		{rec("1", time.Millisecond), rec("1", time.Millisecond), false, "a tie keeps the first"},
		{rec("100000", time.Millisecond), rec("1", time.Second), true, "a fast probe beats a slow one"},
		{rec("1", time.Second), rec("100000", time.Millisecond), false, "a slow probe never beats a fast one"},
		{loaded(rec("1", time.Millisecond)), rec("100000", time.Millisecond), true, "slowness is processor time: the wall clock of a loaded machine does not count"},
		{rec("100000", time.Millisecond), loaded(rec("1", time.Millisecond)), false, "a fast probe timed on a loaded machine is still fast"},
		{rec("100", time.Millisecond), big(rec("1", time.Millisecond)), true, "a short result beats a huge one"},
		{big(rec("1", time.Millisecond)), rec("100", time.Millisecond), false, "a huge result never beats a short one"},
		{prior(rec("100", time.Millisecond)), rec("1", time.Millisecond), true, "an input of the existing spec beats a shorter new one"},
		{rec("1", time.Millisecond), prior(rec("100", time.Millisecond)), false, "a new input never beats one of the existing spec"},
		{prior(rec("1", time.Second)), rec("1", time.Millisecond), true, "an input of the existing spec beats a faster new one"},
		{prior(rec("1", time.Millisecond)), prior(rec("100", time.Millisecond)), true, "between inputs of the existing spec, the shorter"},
	}
	for _, tt := range tests {
		if got := simpler(tt.a, tt.b); got != tt.want {
			t.Errorf("simpler = %v, want %v (%s)", got, tt.want, tt.reason)
		}
	}
}

// TestRunReach explores a one-line wrapper whose helper does the work:
// the wrapper's own coverage is 100% from the first probe, its reach's
// is not; uncovered lines name the helper; behaviours tell the helper's
// paths apart.
func TestRunReach(t *testing.T) {
	f, fe := newSampleRun(t, "Level")
	if got := len(f.Reach()); got != 2 {
		t.Fatalf("Level reaches %d declarations, want 2 (Level, level)", got)
	}
	ex := &scripted{plans: []*Plan{{Snippets: snippets(`Level(5)`)}, {Snippets: snippets(`Level(50)`)}}}
	x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	if c, tot := x.Statements(); c != 1 || tot != 1 {
		t.Errorf("Statements() = %d, %d; want 1, 1", c, tot)
	}
	// level: the switch and its 4 returns (the fake instrumenter counts
	// one statement a block), with Level's.
	if c, tot := x.ReachStatements(); c != 4 || tot != 6 || len(x.ReachBlocks) != 6 || x.ReachBlocks[0] != x.FuncBlocks[0] {
		t.Errorf("ReachStatements() = %d, %d over blocks %v (function %v); want 4 of 6, the function's first", c, tot, x.ReachBlocks, x.FuncBlocks)
	}
	if len(x.Behaviours) != 2 || slices.Equal(x.Behaviours[0].Reach, x.Behaviours[1].Reach) || !slices.Equal(x.Behaviours[0].Blocks, x.Behaviours[1].Blocks) {
		t.Errorf("behaviours %+v %+v: want two, on one path of Level and two of level", x.Behaviours[0], x.Behaviours[len(x.Behaviours)-1])
	}
	if !x.Records[1].NewBehaviour {
		t.Errorf("Level(50) is not a new behaviour")
	}
	// The second round was told what of level did not run.
	u := ex.reqs[1].Uncovered
	if len(u) == 0 {
		t.Fatal("round 2: no uncovered lines")
	}
	for _, r := range u {
		if r.Func != "level" || !strings.HasSuffix(r.File, "reach.go") || !strings.Contains(r.Text, "return") {
			t.Errorf("uncovered %+v: want lines of level in reach.go", r)
		}
	}
	text := x.Summary().Text(0)
	for _, want := range []string{
		"statement coverage 100.0% (1 of 1 statements); with the package functions it calls 66.7% (4 of 6 statements)",
		"(in level, reach.go, which it calls):",
		`return "none"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
}

// TestRunBuiltinReach: the built-in explorer covers the helper of a
// wrapper, not only the wrapper's line.
func TestRunBuiltinReach(t *testing.T) {
	f, fe := newSampleRun(t, "Level")
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{Patience: 100})
	if err != nil {
		t.Fatal(err)
	}
	if x.Coverage() != 100 || x.ReachCoverage() != 100 {
		t.Errorf("coverage %.1f%%, reach %.1f%%; want 100%% and 100%%", x.Coverage(), x.ReachCoverage())
	}
	if len(x.Behaviours) < 4 {
		t.Errorf("%d behaviours, want one per return of level", len(x.Behaviours))
	}
}

// TestProbeTimeout checks the calibration of the probe timeout on the
// probes that ended: none until enough have finished or timed out, then
// ten times the slowest that finished, between a tenth of the timeout
// given and the timeout.
func TestProbeTimeout(t *testing.T) {
	ms := time.Millisecond
	finished := func(n int, d time.Duration, o executors.Outcome) []*Record {
		var rs []*Record
		for range n {
			rs = append(rs, &Record{Result: executors.Result{Outcome: o, Duration: d}})
		}
		return rs
	}
	tests := []struct {
		name    string
		limit   time.Duration
		records []*Record
		want    time.Duration
	}{
		{"nothing run yet: the timeout given", time.Second, nil, time.Second},
		{"too few finished to calibrate", time.Second, finished(calibrateAfter-1, ms, executors.OK), time.Second},
		{"fast probes: a tenth of the timeout", time.Second, finished(calibrateAfter, ms, executors.OK), 100 * ms},
		{"panics finished too", time.Second, finished(calibrateAfter, ms, executors.Panicked), 100 * ms},
		{"ten times the slowest", time.Second, append(finished(calibrateAfter, ms, executors.OK), finished(1, 30*ms, executors.OK)...), 300 * ms},
		{"never over the timeout given", time.Second, append(finished(calibrateAfter, ms, executors.OK), finished(1, 400*ms, executors.OK)...), time.Second},
		{"exits do not count", time.Second, append(finished(calibrateAfter-1, ms, executors.OK), finished(5, 0, executors.Exited)...), time.Second},
		{"timeouts count, not as the slowest", time.Second, append(finished(calibrateAfter-5, 30*ms, executors.OK), finished(5, time.Second, executors.Timeout)...), 300 * ms},
		{"only timeouts: a tenth of the timeout", time.Second, finished(calibrateAfter, time.Second, executors.Timeout), 100 * ms},
		{"no timeout given: the engines' 5s", 0, finished(calibrateAfter, ms, executors.OK), 500 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := &Exploration{Records: tt.records}
			if got := x.probeTimeout(tt.limit); got != tt.want {
				t.Errorf("probeTimeout(%v) = %v, want %v", tt.limit, got, tt.want)
			}
		})
	}
}

// timeoutSpy keeps the probe timeout of each program it runs.
type timeoutSpy struct {
	executors.Executor
	timeouts []time.Duration
}

func (s *timeoutSpy) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	s.timeouts = append(s.timeouts, prog.Timeout)
	return s.Executor.Run(ctx, prog)
}

// TestRunCalibratesTimeout checks that the first round's probes get the
// timeout given and later rounds a calibrated one, once enough probes
// finished.
func TestRunCalibratesTimeout(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	spy := &timeoutSpy{Executor: fe}
	if _, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{FirstRound: calibrateAfter, Round: 5}), spy, Options{MaxRounds: 2, Timeout: 2 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if len(spy.timeouts) < 2 {
		t.Fatalf("%d programs run, want 2 rounds", len(spy.timeouts))
	}
	if spy.timeouts[0] != 2*time.Second {
		t.Errorf("round 1's timeout %v, want the 2s given", spy.timeouts[0])
	}
	if got := spy.timeouts[1]; got >= 2*time.Second || got < 200*time.Millisecond {
		t.Errorf("round 2's timeout %v, want calibrated to [200ms, 2s)", got)
	}
}

// TestSandboxedOutcomes: a probe the sandbox refused an operation, or
// one that wrote where it runs (the package's directory, the home), is
// no behaviour: it counts as a probe that did not run, and no case is
// drawn from it; one that wrote only temporary files is.
func TestSandboxedOutcomes(t *testing.T) {
	f := loadFunc(t, "testdata/builder", "(*Tag).Path")
	x := newExploration(f, "native")
	errRes := func() executors.Result {
		return executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Type: "*fs.PathError", Message: "open /x: permission denied"}}
	}
	for _, tt := range []struct {
		name string
		edit func(*executors.Result)
		ran  bool
	}{
		{"denied", func(r *executors.Result) { r.Denied = "open /x: permission denied" }, false},
		{"wrote-package", func(r *executors.Result) { r.Wrote = []string{"package directory"} }, false},
		{"wrote-home", func(r *executors.Result) { r.Wrote = []string{"home"} }, false},
		{"plain", func(*executors.Result) {}, true},
	} {
		res := errRes()
		tt.edit(&res)
		r := x.add(1, expected{Snippet: Snippet{Code: tt.name}}, executors.Probe{ID: tt.name}, res, nil)
		if r.Ran() != tt.ran {
			t.Errorf("%s: Ran() = %v, want %v", tt.name, r.Ran(), tt.ran)
		}
	}
	if len(x.Behaviours) != 1 {
		t.Errorf("behaviours = %d, want 1 (the plain probe's)", len(x.Behaviours))
	}
}
