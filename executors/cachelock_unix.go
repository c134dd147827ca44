//go:build unix

package executors

import (
	"context"
	"errors"
	"os"
	"syscall"
)

// keyLocking reports that the native cache locks its keys (flock).
const keyLocking = true

// keyLock is a lock on one key of the native build cache (see
// Native.build): an open lock file with a flock on it.
type keyLock struct{ f *os.File }

// lockKey locks the lock file at path, creating it: shared or
// exclusive. It waits for the lock, unless ctx ends first.
func lockKey(ctx context.Context, path string, exclusive bool) (*keyLock, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := flockCtx(ctx, f, how); err != nil {
			return nil, err
		}
		// prune removes a lock file while it holds it: the file locked
		// after such a removal is no longer the key's lock.
		if sameFile(f, path) {
			return &keyLock{f: f}, nil
		}
		f.Close()
	}
}

// tryLockKey locks the lock file at path exclusively if no one holds
// it; ok is false when someone does (or the file cannot be opened).
func tryLockKey(path string) (l *keyLock, ok bool) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false
	}
	if flock(f, syscall.LOCK_EX|syscall.LOCK_NB) != nil || !sameFile(f, path) {
		f.Close()
		return nil, false
	}
	return &keyLock{f: f}, true
}

// share turns an exclusive lock into a shared one.
func (l *keyLock) share() error { return flock(l.f, syscall.LOCK_SH) }

// unlock releases the lock.
func (l *keyLock) unlock() { l.f.Close() }

// flockCtx locks f as how says, waiting until it can or ctx ends. On
// error, f is closed (later, once the wait ends, when ctx ended it).
func flockCtx(ctx context.Context, f *os.File, how int) error {
	err := flock(f, how|syscall.LOCK_NB)
	if err == nil {
		return nil
	}
	if !errors.Is(err, syscall.EWOULDBLOCK) {
		f.Close()
		return err
	}
	done := make(chan error, 1)
	go func() { done <- flock(f, how) }()
	select {
	case err := <-done:
		if err != nil {
			f.Close()
		}
		return err
	case <-ctx.Done():
		go func() {
			<-done
			f.Close() // releases the lock if it came
		}()
		return ctx.Err()
	}
}

// flock is syscall.Flock, retried when a signal interrupts it.
func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// sameFile reports whether the open file f is still the file at path.
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
