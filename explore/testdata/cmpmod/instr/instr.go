// Package instr parses the instructions of a toy machine. Its
// mnemonics are not written anywhere in upper case: the table is built
// at init from a list, so only what the code compares an input with
// tells what it accepts.
package instr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

const mnemonics = "load store add jump halt"

var opcodes = func() map[string]int {
	m := map[string]int{}
	for i, name := range strings.Fields(mnemonics) {
		m[strings.ToUpper(name)] = i + 1
	}
	return m
}()

// Instr is a decoded instruction.
type Instr struct {
	Op  int
	Reg int
	Imm uint16
}

// Parse parses "OP rN,#hhhh": a mnemonic, a register 0-7 and a 16-bit
// immediate in four lower-case hex digits.
func Parse(s string) (Instr, error) {
	op, rest, ok := strings.Cut(s, " ")
	if !ok {
		return Instr{}, errors.New("want a mnemonic and operands")
	}
	code, found := opcodes[op]
	if !found {
		return Instr{}, fmt.Errorf("unknown mnemonic %q", op)
	}
	if len(rest) != 8 {
		return Instr{}, errors.New("operands: want rN,#hhhh")
	}
	if rest[0] != 'r' || rest[2] != ',' || rest[3] != '#' {
		return Instr{}, errors.New("operands: bad layout")
	}
	if rest[1] < '0' || rest[1] > '7' {
		return Instr{}, fmt.Errorf("no register r%c", rest[1])
	}
	for i := 4; i < len(rest); i++ {
		if c := rest[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return Instr{}, fmt.Errorf("immediate: bad hex digit %q", c)
		}
	}
	imm, _ := strconv.ParseUint(rest[4:], 16, 16)
	reg := int(rest[1] - '0')
	in := Instr{Op: code, Reg: reg, Imm: uint16(imm)}
	switch code {
	case 4: // jump
		if imm%2 != 0 {
			return Instr{}, errors.New("jump to an odd address")
		}
	case 5: // halt
		in.Imm = 0
	}
	return in, nil
}
