package sample

// Level names a score's level: level does the work.
func Level(score int) string { return level(score) }

func level(score int) string {
	switch {
	case score < 0:
		return "none"
	case score < 10:
		return "low"
	case score < 100:
		return "mid"
	}
	return "high"
}
