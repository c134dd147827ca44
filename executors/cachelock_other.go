//go:build !unix

package executors

import "context"

// keyLocking reports that the native cache does not lock its keys here:
// concurrent builders of one key each build it (in build directories of
// their own), and prune goes by age alone.
const keyLocking = false

// keyLock is a lock on one key of the native build cache; without
// locking, it holds nothing.
type keyLock struct{}

func lockKey(ctx context.Context, path string, exclusive bool) (*keyLock, error) {
	return &keyLock{}, ctx.Err()
}

func tryLockKey(path string) (*keyLock, bool) { return nil, false }

func (l *keyLock) share() error { return nil }

func (l *keyLock) unlock() {}
