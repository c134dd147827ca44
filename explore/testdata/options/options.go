// Package options guards a service with the options its constructor is
// given.
package options

import "strings"

// Options configure a Guard.
type Options struct {
	AllowedHosts []string
	ProxyHeaders map[string]string
	Strict       bool
	Name         string
	Retries      int
	Debug        bool
	Prefix       string
	Tags         []string
	// OnDeny is called with each host denied.
	OnDeny func(host string)
}

// Guard checks hosts.
type Guard struct {
	opt   Options
	hosts map[string]bool
}

// New makes a guard of the first options given.
func New(options ...Options) *Guard {
	var o Options
	if len(options) > 0 {
		o = options[0]
	}
	g := &Guard{opt: o, hosts: map[string]bool{}}
	for _, h := range o.AllowedHosts {
		g.hosts[strings.ToLower(h)] = true
	}
	if o.Name == "" {
		g.opt.Name = "guard"
	}
	if o.Retries < 0 {
		g.opt.Retries = 0
	}
	return g
}

// Check says what the guard makes of a request to host carrying headers.
func (g *Guard) Check(host string, headers map[string]string) string {
	if !g.opt.Strict {
		return "open"
	}
	for k, v := range g.opt.ProxyHeaders {
		if headers[k] == v {
			return "proxied"
		}
	}
	if g.hosts[host] {
		return "allowed"
	}
	if g.opt.OnDeny != nil {
		g.opt.OnDeny(host)
	}
	return "denied"
}
