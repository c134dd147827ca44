package executors_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/specgen-dev/specgen/executors"
)

// thousand is a program of 1,000 simple cases on one function.
func thousand(b *testing.B) *executors.Program {
	pkg, err := calcOnce()
	if err != nil {
		b.Fatal(err)
	}
	f, err := pkg.Func("Div")
	if err != nil {
		b.Fatal(err)
	}
	prog := &executors.Program{Func: f}
	for i := 0; i < 1000; i++ {
		prog.Probes = append(prog.Probes, executors.Probe{ID: fmt.Sprint(i), Args: []string{fmt.Sprint(i * 7), fmt.Sprint(i%9 + 1)}})
	}
	return prog
}

// BenchmarkRun1000 runs 1,000 cases per iteration; cases/s is reported.
// The native binary is cached after the first iteration, so the figure
// is the steady state of a rerun; BenchmarkNativeBuild measures a build.
func BenchmarkRun1000(b *testing.B) {
	cache := b.TempDir()
	for _, cover := range []bool{false, true} {
		for _, e := range []executors.Executor{&executors.Native{CacheDir: cache}, &executors.Yaegi{}} {
			name := e.Name()
			if cover {
				name += "-cover"
			}
			b.Run(name, func(b *testing.B) { benchRun(b, e, cover) })
		}
	}
}

func benchRun(b *testing.B, e executors.Executor, cover bool) {
	prog := thousand(b)
	prog.Cover = cover
	ctx := context.Background()
	if _, err := e.Run(ctx, prog); err != nil { // warm: build or load once
		b.Fatal(err)
	}
	b.ResetTimer()
	var build float64
	for i := 0; i < b.N; i++ {
		rep, err := e.Run(ctx, prog)
		if err != nil {
			b.Fatal(err)
		}
		build += rep.BuildTime.Seconds()
	}
	b.ReportMetric(float64(len(prog.Probes)*b.N)/b.Elapsed().Seconds(), "cases/s")
	b.ReportMetric(float64(len(prog.Probes)*b.N)/(b.Elapsed().Seconds()-build), "cases/s-after-load")
}

// BenchmarkNativeBuild measures a build of the native worker for a new
// program: "warm" with the Go build cache holding the package's
// dependencies (the common case: only the probe file changed), "cold"
// with an empty Go build cache (a first run on a fresh machine).
func BenchmarkNativeBuild(b *testing.B) {
	for _, cold := range []bool{false, true} {
		name := "warm"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			prog := thousand(b)
			ctx := context.Background()
			for i := 0; i < b.N; i++ {
				cache, _ := os.MkdirTemp(b.TempDir(), "cache")
				e := &executors.Native{CacheDir: cache}
				if cold {
					gocache, _ := os.MkdirTemp(b.TempDir(), "gocache")
					e.Env = []string{"GOCACHE=" + gocache}
				}
				rep, err := e.Run(ctx, prog)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(rep.BuildTime.Seconds(), "build-s")
			}
		})
	}
}

// BenchmarkYaegiLoad measures loading the package in a yaegi worker.
func BenchmarkYaegiLoad(b *testing.B) {
	prog := thousand(b)
	prog.Probes = prog.Probes[:1]
	ctx := context.Background()
	e := &executors.Yaegi{}
	for i := 0; i < b.N; i++ {
		rep, err := e.Run(ctx, prog)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(rep.BuildTime.Seconds()*1000, "load-ms")
	}
}

// BenchmarkCmps runs 1,000 probes of a parser (calc.ParseVersion,
// which cuts its input at "-" and "." and converts the parts) with
// coverage, without and with comparison recording (Program.Cmps), on
// both engines; cases/s-after-load is the price of recording.
func BenchmarkCmps(b *testing.B) {
	pkg, err := calcOnce()
	if err != nil {
		b.Fatal(err)
	}
	f, err := pkg.Func("ParseVersion")
	if err != nil {
		b.Fatal(err)
	}
	inputs := []string{"1.2", "10.20-rc1", "x", "", "1.", ".5", "3.4-", "1.2.3", "-", "99999.1-beta.2"}
	cache := b.TempDir()
	for _, cmps := range []bool{false, true} {
		for _, e := range []executors.Executor{&executors.Native{CacheDir: cache}, &executors.Yaegi{}} {
			name := e.Name() + "-cover"
			if cmps {
				name += "-cmps"
			}
			b.Run(name, func(b *testing.B) {
				prog := &executors.Program{Func: f, Cover: true, Cmps: cmps}
				for i := 0; i < 1000; i++ {
					prog.Probes = append(prog.Probes, executors.Probe{ID: fmt.Sprint(i), Args: []string{fmt.Sprintf("%q", inputs[i%len(inputs)])}})
				}
				benchProg(b, e, prog)
			})
		}
	}
}

func benchProg(b *testing.B, e executors.Executor, prog *executors.Program) {
	ctx := context.Background()
	if _, err := e.Run(ctx, prog); err != nil { // warm: build or load once
		b.Fatal(err)
	}
	b.ResetTimer()
	var build float64
	for i := 0; i < b.N; i++ {
		rep, err := e.Run(ctx, prog)
		if err != nil {
			b.Fatal(err)
		}
		build += rep.BuildTime.Seconds()
	}
	b.ReportMetric(float64(len(prog.Probes)*b.N)/b.Elapsed().Seconds(), "cases/s")
	b.ReportMetric(float64(len(prog.Probes)*b.N)/(b.Elapsed().Seconds()-build), "cases/s-after-load")
}

// BenchmarkRunFew runs a program of six cases per iteration on a cached
// native binary, with one worker and with the default number: the
// figure is what one Run costs beyond its probes (the run directory, the
// workers' start), which confirm's fresh reruns and every exploration
// round pay.
func BenchmarkRunFew(b *testing.B) {
	prog := thousand(b)
	prog.Probes = prog.Probes[:6]
	prog.Cover = true
	cache := b.TempDir()
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			e := &executors.Native{CacheDir: cache, Workers: workers}
			ctx := context.Background()
			if _, err := e.Run(ctx, prog); err != nil { // warm: build once
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := e.Run(ctx, prog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
