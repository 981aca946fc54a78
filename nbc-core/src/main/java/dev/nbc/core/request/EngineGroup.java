package dev.nbc.core.request;

import dev.nbc.core.internal.ProgressHook;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The distinct engines of several requests, driven as one, so that a call over many requests
 * makes one pass of each engine rather than one per request.
 */
final class EngineGroup implements ProgressHook {
    private final ProgressHook[] engines;

    private EngineGroup(ProgressHook[] engines) {
        this.engines = engines;
    }

    /** The engine of all of {@code requests}, itself if there is only one (the common case). */
    static ProgressHook of(Collection<Request> requests) {
        List<ProgressHook> distinct = new ArrayList<>(1);
        for (Request request : requests) {
            ProgressHook engine = request.engine();
            if (!containsSame(distinct, engine)) {
                distinct.add(engine);
            }
        }
        return distinct.size() == 1 ? distinct.get(0) : new EngineGroup(distinct.toArray(new ProgressHook[0]));
    }

    private static boolean containsSame(List<ProgressHook> engines, ProgressHook engine) {
        for (ProgressHook known : engines) {
            if (known == engine) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void progressOnce(long now) {
        for (ProgressHook engine : engines) {
            engine.progressOnce(now);
        }
    }

    @Override
    public void futureTaken() {
        for (ProgressHook engine : engines) {
            engine.futureTaken();
        }
    }

    @Override
    public void beginActiveWait(long now) {
        for (ProgressHook engine : engines) {
            engine.beginActiveWait(now);
        }
    }

    @Override
    public void endActiveWait(boolean handOver, long now) {
        for (ProgressHook engine : engines) {
            engine.endActiveWait(handOver, now);
        }
    }

    @Override
    public void endBlockedWait() {
        for (ProgressHook engine : engines) {
            engine.endBlockedWait();
        }
    }

    /** Only if every engine does: a parked waiter must not depend on one that does not poll for it. */
    @Override
    public boolean takesOverBlockedWaiters() {
        for (ProgressHook engine : engines) {
            if (!engine.takesOverBlockedWaiters()) {
                return false;
            }
        }
        return engines.length > 0;
    }
}
