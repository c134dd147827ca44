package cgopkg

import "C"

func F() {}
