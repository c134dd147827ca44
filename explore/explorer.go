package explore

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// Explorer proposes the probes of one round. The built-in explorer and
// the language-model explorers implement it.
type Explorer interface {
	// Explore answers a round's request with a plan. A plan with no
	// snippets means the explorer has nothing more to try.
	Explore(ctx context.Context, req *Request) (*Plan, error)
}

// Searcher is implemented by explorers that search in many small rounds,
// each learning from the last (the built-in explorer). Run does not stop
// them after a round without new behaviour, only on Patience, the budget,
// or an empty plan; and their rounds are not limited by default.
type Searcher interface {
	Explorer
	// Searching reports whether the explorer searches in small rounds.
	Searching() bool
}

// Request is what an explorer is told at the start of a round.
// Explorers must not modify it.
type Request struct {
	Func *target.Func
	// Round is the round number, from 1.
	Round int
	// Results are all probes run so far, in order.
	Results []*Record
	// Summary is the deterministic cluster summary of Results, with the
	// function's uncovered lines (nil in round 1).
	Summary *Summary
	// Uncovered are the source lines of the function's reach (its own,
	// then its callees') no probe has run yet (empty when coverage is
	// unknown).
	Uncovered []LineRange
	// Tried are the snippets already tried, in order.
	Tried []Snippet
	// CompileErrors are the previous round's snippets that could not be
	// turned into probes or did not compile, with the reason, for repair.
	CompileErrors []CompileError
	// Budget is what is left of the exploration budget.
	Budget Budget
}

// Budget is the remaining exploration budget.
type Budget struct {
	Probes int
	Time   time.Duration
}

// CompileError is a snippet that could not be run, with why.
type CompileError struct {
	Round   int
	Snippet Snippet
	// Message is the reason: a parse error, a refused construct, or the
	// compiler's message.
	Message string
}

// Record is one probe of an exploration and what it did.
type Record struct {
	// Index is the position of the record in the exploration, from 0.
	Index int
	// Round is the round of the probe: 0 for Options.Prior's inputs the
	// explorer did not run itself.
	Round int
	// Prior reports a probe of Options.Prior's inputs, run in round 0
	// or by the explorer, or the explorer's own probe of Options.Known's.
	Prior bool
	// Known reports a probe of Options.Known run in round 0.
	Known bool
	// Snippet is what the explorer proposed; Expect is "error" for an
	// error snippet, "" otherwise.
	Snippet Snippet
	Expect  string
	Probe   executors.Probe
	Result  executors.Result
	// Covered are the blocks the probe ran, as indices into
	// Exploration.Blocks, sorted.
	Covered []int
	// Class is the outcome class (see OutcomeClass); empty for probes
	// that did not run (compile, refused, engine).
	Class string
	// Behaviour is the index of the record's behaviour in
	// Exploration.Behaviours, or -1.
	Behaviour int
	// NewBlocks counts the blocks this probe was the first to run;
	// NewClass and NewBehaviour report an outcome class and a behaviour
	// first seen here.
	NewBlocks    int
	NewClass     bool
	NewBehaviour bool
	// NewCmpSites counts the comparisons this probe was the first to
	// make: a condition of a chain (len(q) < 2 || q[0] != '#' || q[1]
	// != '(') reached further, which no block tells, and whose
	// comparisons lead on to the next.
	NewCmpSites int
}

// Novel reports whether the record found something new: a block, an
// outcome class, a behaviour or a comparison.
func (r *Record) Novel() bool {
	return r.NewBlocks > 0 || r.NewClass || r.NewBehaviour || r.NewCmpSites > 0
}

// Ran reports whether the probe ran (it compiled and the engine worked).
func (r *Record) Ran() bool { return r.Class != "" }

// Options configure Run. The zero value is ready to use.
type Options struct {
	// MaxRounds bounds the rounds (0: 2 for model explorers, as vowel's
	// default, and no limit for a Searcher).
	MaxRounds int
	// MaxProbes bounds the probes run (default 2000).
	MaxProbes int
	// MaxTime bounds the exploration's wall time, checked between rounds
	// (default 20s).
	MaxTime time.Duration
	// Patience stops the exploration after this many consecutive probes
	// that found no new block, no new outcome class and made no new
	// comparison (default 300; negative: never).
	Patience int
	// Prior are the inputs of the cases of an existing spec (see
	// CallSnippet), so that the behaviours it states are found again
	// with the inputs it states them with. They run as round 0 once the
	// explorer is done (those it did not run itself), at most MaxProbes
	// of them, on top of the explorer's budget: the explorer searches
	// as it would without them, so that an unchanged function explores
	// as before. Their records are marked Prior, and a behaviour prefers
	// one of them as its representative.
	Prior []Snippet
	// Known are the inputs of hand-written cases of an existing spec:
	// run with Prior, so that their behaviours count as found, but a
	// person's case already states them: their records (Record.Known)
	// are the last choice as representatives, and a behaviour only they
	// show needs no generated case.
	Known []Snippet
	// Timeout bounds each probe (0: the executor's default).
	Timeout time.Duration
	// Logf, when non-nil, receives debug logging.
	Logf func(format string, args ...any)
	// Progress, when non-nil, is called after each round.
	Progress func(Progress)
	// Tracer, when set, gets a span per round, a child of the span in
	// Run's context, and one per probe batch sent to the engine
	// (executors.RunTraced); the explorer's calls are made in the
	// round's context.
	Tracer trace.Tracer
}

// Progress reports an exploration's state after a round.
type Progress struct {
	Func       string
	Round      int
	Probes     int
	Behaviours int
	// Coverage is the function's statement coverage so far, in percent;
	// ReachCoverage the coverage of its reach (its body and its callees').
	Coverage      float64
	ReachCoverage float64
	Elapsed       time.Duration
	// Records are what the probes run so far did, in order; the
	// exploration appends to them once Progress returns.
	Records []*Record
}

// DefaultMaxTime and DefaultMaxProbes are Options.MaxTime's and
// Options.MaxProbes's defaults.
const (
	DefaultMaxTime   = 20 * time.Second
	DefaultMaxProbes = 2000
)

func (o Options) withDefaults(ex Explorer) Options {
	if o.MaxProbes <= 0 {
		o.MaxProbes = DefaultMaxProbes
	}
	if o.MaxTime <= 0 {
		o.MaxTime = DefaultMaxTime
	}
	if o.Patience == 0 {
		o.Patience = 300
	}
	if o.MaxRounds <= 0 && !isSearcher(ex) {
		o.MaxRounds = 2
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	return o
}

// CmpUser is implemented by explorers that read the comparisons each
// probe made (executors.Result.Cmps): Run asks the executor for them.
type CmpUser interface {
	UsesCmps() bool
}

func usesCmps(ex Explorer) bool {
	c, ok := ex.(CmpUser)
	return ok && c.UsesCmps()
}

func isSearcher(ex Explorer) bool {
	s, ok := ex.(Searcher)
	return ok && s.Searching()
}
