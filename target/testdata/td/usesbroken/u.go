package usesbroken

import "example.com/td/broken"

var X = broken.F()
