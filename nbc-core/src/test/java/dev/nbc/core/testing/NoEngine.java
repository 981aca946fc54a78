package dev.nbc.core.testing;

import dev.nbc.core.internal.ProgressHook;

/** An engine that does nothing: for tests that set and read a request's outcome themselves. */
public final class NoEngine implements ProgressHook {
    public static final NoEngine INSTANCE = new NoEngine();

    private NoEngine() {
    }

    @Override
    public void progressOnce(long now) {
    }

    @Override
    public void futureTaken() {
    }

    @Override
    public void beginActiveWait(long now) {
    }

    @Override
    public void endActiveWait(boolean handOver, long now) {
    }

    @Override
    public void endBlockedWait() {
    }

    @Override
    public boolean takesOverBlockedWaiters() {
        return false;
    }
}
