package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionLine(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{
			name: "released",
			info: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/specgen-dev/specgen", Version: "v1.2.3"}},
			want: "specgen v1.2.3 go1.26.8 linux/amd64",
		},
		{
			name: "checkout",
			info: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201223000-0123456789ab+dirty"},
				Settings: settings("vcs", "git", "vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-12-01T22:30:00Z", "vcs.modified", "true")},
			want: "specgen v0.0.0-20261201223000-0123456789ab+dirty go1.26.8 linux/amd64 rev 0123456789ab 2026-12-01T22:30:00Z modified",
		},
		{
			name: "devel, clean",
			info: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
				Settings: settings("vcs.revision", "abc123", "vcs.modified", "false")},
			want: "specgen (devel) go1.26.8 linux/amd64 rev abc123",
		},
		{
			name: "lite",
			info: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"},
				Settings: settings("-tags", "specgen_lite", "vcs.revision", "abc123")},
			want: "specgen v1.2.3 go1.26.8 linux/amd64 rev abc123 tags specgen_lite",
		},
	}
	for _, tt := range tests {
		if got := versionLine(tt.info, "linux", "amd64"); got != tt.want {
			t.Errorf("%s: versionLine = %q, want %q", tt.name, got, tt.want)
		}
	}
}
