package main

import (
	"io"

	"github.com/specgen-dev/specgen/schemas"
)

func schemaCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("schema", "", stderr)
	if _, err := parse(fs, args); err != nil {
		return err
	}
	_, err := stdout.Write(schemas.Spec)
	return err
}
