// Package pairs sorts jobs, by priority and then by name.
package pairs

// Job is a unit of work.
type Job struct {
	Prio int
	Name string
}

// ByPrio sorts jobs by priority, highest first, then by name.
type ByPrio []*Job

func (b ByPrio) Len() int { return len(b) }

func (b ByPrio) Less(i, j int) bool {
	if b[i].Prio != b[j].Prio {
		return b[i].Prio > b[j].Prio
	}
	return b[i].Name < b[j].Name
}
