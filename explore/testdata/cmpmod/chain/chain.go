// Package chain reads a selector whose opening is one chain of
// conditions: no statement runs between them, so only the comparisons
// a probe makes tell how far it got.
package chain

// Selector splits a selector into its name, operator and value.
func Selector(s string) (name, op, value string, ok bool) {
	if len(s) < 4 || s[0] != '@' || (s[1] != '[' && s[1] != '{') || s[len(s)-1] != ']' && s[len(s)-1] != '}' {
		return "", "", "", false
	}
	body := s[2 : len(s)-1]
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '=', '~':
			if i+1 < len(body) && body[i+1] == body[i] {
				return body[:i], body[i : i+2], body[i+2:], true
			}
			return body[:i], body[i : i+1], body[i+1:], true
		}
	}
	return body, "", "", true
}
