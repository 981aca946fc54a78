package dev.nbc.bench.ops;

import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.CollectiveCall;


/** A point of a sweep: who runs the collective ({@link Variant}), and the call itself. */
public record VariantCall(Variant variant, CollectiveCall call) {

    public CollectiveCall.Started start() {
        return call.start();
    }

    public void blocking() {
        call.blocking();
    }

    public Collective collective() {
        return call.collective();
    }

    public int bytes() {
        return call.bytes();
    }

    public String algorithm() {
        return call.algorithm();
    }

    /** The progress thread's CPU time so far (ns), or -1 (no thread, or the MPI library's call). */
    public long progressThreadCpuNanos() {
        return call.engine().map(ProgressEngine::threadCpuNanos).orElse(-1L);
    }

    /** The point's key when {@code processes} ranks run it. */
    public PointKey key(int processes) {
        return new PointKey(processes, variant.label(), call.collective().label(), call.bytes(), call.algorithm());
    }
}
