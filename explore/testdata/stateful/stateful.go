// Package stateful evaluates queries over records in steps: each step
// is handed the state its driver built, and reads fields of it that no
// method of the state sets (the records still in play).
package stateful

// Record is a row of named values.
type Record struct {
	ID     int
	Fields map[string]string
	Tags   []string
}

// NewRecord makes a record of the given id.
func NewRecord(id int) *Record { return &Record{ID: id, Fields: map[string]string{}} }

// Set sets a field of the record.
func (r *Record) Set(k, v string) { r.Fields[k] = v }

// Tag adds a tag to the record.
func (r *Record) Tag(t string) { r.Tags = append(r.Tags, t) }

// evalState is what a query's steps share.
type evalState struct {
	inPlay []*Record
	kept   []*Record
	limit  int
}

func newEvalState() *evalState { return &evalState{} }

// hasTag keeps the records carrying a tag.
type hasTag struct{ tag string }

func (h *hasTag) apply(s *evalState) {
	for _, r := range s.inPlay {
		for _, t := range r.Tags {
			if t == h.tag {
				s.kept = append(s.kept, r)
				break
			}
		}
	}
	s.inPlay, s.kept = s.kept, s.inPlay[:0]
}

// fieldIs keeps the records whose field holds a value.
type fieldIs struct{ key, want string }

func (f *fieldIs) apply(s *evalState) {
	n := 0
	for _, r := range s.inPlay {
		if v, ok := r.Fields[f.key]; ok && v == f.want {
			s.inPlay[n] = r
			n++
		}
	}
	if s.limit > 0 && n > s.limit {
		n = s.limit
	}
	s.inPlay = s.inPlay[:n]
}

// Query runs the steps over the records and returns the ids kept.
func Query(records []*Record, tag, key, want string) []int {
	s := newEvalState()
	s.inPlay = append(s.inPlay, records...)
	(&hasTag{tag}).apply(s)
	(&fieldIs{key, want}).apply(s)
	var ids []int
	for _, r := range s.inPlay {
		ids = append(ids, r.ID)
	}
	return ids
}
