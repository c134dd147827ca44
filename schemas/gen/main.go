// Command gen writes the JSON Schemas of the schemas package into the
// current directory (or -dir), skipping files whose bytes are unchanged.
// It is run by `go generate ./schemas`.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/specgen-dev/specgen/schemas/internal/schemagen"
)

func main() {
	dir := flag.String("dir", ".", "directory to write the schemas into")
	flag.Parse()
	written, err := schemagen.WriteAll(*dir)
	for _, path := range written {
		fmt.Println("wrote", path)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
