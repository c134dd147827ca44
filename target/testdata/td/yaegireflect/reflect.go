package yaegireflect

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"
)

type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

type Celsius int

type Shape interface{ Sum() int }

type NotFound struct{ Key int }

func (e *NotFound) Error() string { return "not found" }

func Flagged(p Point, err error, v any) string {
	s := fmt.Sprintf("%T %v", p, []*Point{&p})
	b, _ := json.Marshal(p)
	var nf *NotFound
	_ = errors.As(err, &nf)
	sum := Point.Sum
	_, _ = v.(Shape)
	switch x := v.(type) {
	case Point:
		_ = x
	}
	return s + string(b) + fmt.Sprint(Celsius(sum(p)))
}

func show(v any) string { return fmt.Sprint(v) }

func Fine(ps []Point, err error, v any) string {
	sort.Slice(ps, func(i, j int) bool { return ps[i].X < ps[j].X })
	f := ps[0].Sum
	var s Shape = ps[0]
	_, ok := v.(*NotFound)
	switch v.(type) {
	case Point:
	}
	return show(ps[0]) + fmt.Sprintf("%d %v %s %v", f(), s.Sum(), strconv.Itoa(len(ps)), ok) +
		fmt.Sprint(err, time.Second, ps[0].X)
}
