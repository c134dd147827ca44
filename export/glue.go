package export

// glue is the code of every exported file that runs one case: it runs
// the probe as the native worker does (specgenRun recovers a panic and
// classifies it; the recorder turns values into their canonical form),
// bounded by the case timeout, then evaluates what it recorded.
const glue = `// specgenCheck runs one case: the probe calls the function and records
// what it did; the case's evaluators then judge it.
func specgenCheck(specgenT *specgentesting.T, f *specgenFunc, c *specgenCase, probe func(func(string, string, interface{}))) {
	specgenT.Helper()
	rec := &SpecgenRecorder{}
	done := make(chan specgentime.Duration, 1)
	go func() {
		start := specgentime.Now()
		specgenRun(probe, rec.Record)
		done <- specgentime.Since(start)
	}()
	var took specgentime.Duration
	select {
	case took = <-done:
	case <-specgentime.After(specgenTimeout):
		specgenT.Fatalf("the call did not return within %s", specgenTimeout)
	}
	r := rec.Resp
	g := &specgenGot{Outputs: r.Outputs, Asserts: r.Asserts, Took: took}
	if r.Err != nil {
		g.Err = &specgenErrGot{Message: r.Err.Message, Type: r.Err.Type, Types: r.Err.Types, Sentinels: r.Err.Sentinels}
	}
	if r.After != nil {
		g.After, g.HasAfter = r.After.V, true
	}
	for _, a := range r.ArgsAfter {
		name, _ := a[0].(string)
		g.ArgsAfter = append(g.ArgsAfter, [2]interface{}{name, a[1]})
	}
	if r.Panic != nil {
		g = &specgenGot{Panic: &specgenErrGot{Message: r.Panic.Message, Type: r.Panic.Type}, Took: took}
	}
	fails := specgenEvaluate(f, c, g, specgentesting.Short())
	if len(fails) == 0 {
		return
	}
	var in []string
	for _, kv := range r.Inputs {
		name, _ := kv[0].(string)
		in = append(in, name+" = "+specgenString(kv[1]))
	}
	msg := "input: " + specgenstrings.Join(in, ", ")
	if len(in) == 0 {
		msg = "no input"
	}
	for _, f := range fails {
		msg += "\n" + f
	}
	specgenT.Error(msg)
}
`
