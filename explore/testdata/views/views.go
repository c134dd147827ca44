// Package views schedules jobs on a queue of its own or runs them at
// once: the shapes of a package whose values come only from other
// types' methods (a queue's jobs), from a conversion (a job's internal
// view), or behind an interface (a watch's context).
package views

import (
	"context"
	"errors"
)

// Runner makes jobs.
type Runner interface {
	Job(id int) *Job
}

// Job is work scheduled on a queue, or run at once.
type Job struct {
	id    int
	queue *Queue
	done  bool
}

// Cancel takes a scheduled job off its queue; a job run at once is
// done already.
func (j *Job) Cancel() bool {
	if j.queue == nil || j.done {
		return false
	}
	return (*entry)(j).remove()
}

// Finish marks the job done.
func (j *Job) Finish() { j.done = true }

// entry is a job as its queue holds it.
type entry Job

func (e *entry) remove() bool {
	for i, x := range e.queue.jobs {
		if x == (*Job)(e) {
			e.queue.jobs = append(e.queue.jobs[:i], e.queue.jobs[i+1:]...)
			e.done = true
			return true
		}
	}
	return false
}

// Queue holds jobs until they run.
type Queue struct {
	jobs []*Job
}

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{} }

// Job schedules a job.
func (q *Queue) Job(id int) *Job {
	j := &Job{id: id, queue: q}
	q.jobs = append(q.jobs, j)
	return j
}

// Watch returns a context the queue cancels when it empties, or the
// parent's own when the parent is done already.
func (q *Queue) Watch(parent context.Context) (context.Context, context.CancelFunc) {
	if parent.Err() != nil {
		return context.WithCancel(parent)
	}
	w := &watch{Context: parent, queue: q}
	return w, func() { w.stopped = true }
}

type watch struct {
	context.Context
	queue   *Queue
	stopped bool
}

// pending tells how many jobs the watched queue still holds.
func (w *watch) pending() (int, error) {
	if w.stopped {
		return 0, errors.New("stopped")
	}
	return len(w.queue.jobs), nil
}

// now runs jobs at once. Nothing of the package makes one: code
// writes it as a literal.
type now struct{}

// Job runs a job at once.
func (now) Job(id int) *Job { return &Job{id: id, done: true} }
