// Package grade has a function whose boundary no explored input sits on.
package grade

// Grade is "pass" for a score of at least 50, else "fail".
func Grade(score int) string {
	if score >= 50 {
		return "pass"
	}
	return "fail"
}
