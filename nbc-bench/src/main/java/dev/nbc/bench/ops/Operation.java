package dev.nbc.bench.ops;

import dev.nbc.harness.ranks.NativeCollectives;
import dev.nbc.harness.ranks.Session;
import dev.nbc.core.Buffers;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressStatistics;
import dev.nbc.core.request.Request;

import java.nio.ByteBuffer;

/**
 * One collective of one variant on fixed buffers, ready to run again and again: {@link #start()}
 * (non-blocking: nbc's Request or MPI's iXxx) and {@link #blocking()} (nbc: start + await; MPI:
 * its blocking collective).
 */
public final class Operation {

    /** A started collective. */
    public interface Started {
        boolean test();

        void await();
    }

    private final Variant variant;
    private final Collective collective;
    private final int count;
    private final Session session;
    private final NativeCollectives natives;
    private final ByteBuffer in;
    private final ByteBuffer out;
    /**
     * The last request started, whose algorithm the report names. Kept unconditionally: a
     * "first start only" branch was a trap for the JIT (never taken while it compiled start(), then
     * taken by every new point's first start: deoptimization, and start() compiled again by C2 in
     * the middle of the next timed loop, 70 ms of a busy core's time, issue 10).
     */
    private Request last;

    private Operation(Variant variant, Collective collective, int bytes, Session session, NativeCollectives natives) {
        this.variant = variant;
        this.collective = collective;
        this.count = collective.count(bytes);
        this.session = session;
        this.natives = natives;
        int elements = Math.max(1, count);
        this.in = Buffers.allocate(elements, DataType.DOUBLE);
        this.out = Buffers.allocate(elements, DataType.DOUBLE);
        for (int i = 0; i < elements; i++) {
            in.putDouble(i * 8, i);
        }
    }

    /** nbc's collective on {@code session}'s communicator. */
    public static Operation nbc(Variant variant, Collective collective, int bytes, Session session) {
        return new Operation(variant, collective, bytes, session, null);
    }

    /** The MPI library's collective. */
    public static Operation mpi(Collective collective, int bytes, NativeCollectives natives) {
        return new Operation(Variant.OMPI, collective, bytes, null, natives);
    }

    public Variant variant() {
        return variant;
    }

    public Collective collective() {
        return collective;
    }

    public int bytes() {
        return count * 8;
    }

    /** nbc's chosen algorithm (after the first start), or "ompi-internal". */
    public String algorithm() {
        if (variant == Variant.OMPI) {
            return "ompi-internal";
        }
        return last == null ? "?" : last.algorithm().name();
    }

    public Started start() {
        if (session != null) {
            Request r = switch (collective) {
                case BARRIER -> session.comm().ibarrier();
                case BCAST -> session.comm().ibcast(out, count, DataType.DOUBLE, 0);
                case ALLREDUCE -> session.comm().iallreduce(in, out, count, DataType.DOUBLE, ReduceOp.SUM);
            };
            last = r;
            return new Started() {
                @Override
                public boolean test() {
                    return r.test();
                }

                @Override
                public void await() {
                    r.await();
                }
            };
        }
        NativeCollectives.NativeRequest r = switch (collective) {
            case BARRIER -> natives.ibarrier();
            case BCAST -> natives.ibcast(out, count, 0);
            case ALLREDUCE -> natives.iallreduce(in, out, count);
        };
        return new Started() {
            @Override
            public boolean test() {
                return r.test();
            }

            @Override
            public void await() {
                r.await();
            }
        };
    }

    public void blocking() {
        if (session != null) {
            start().await();
            return;
        }
        switch (collective) {
            case BARRIER -> natives.barrier();
            case BCAST -> natives.bcast(out, count, 0);
            case ALLREDUCE -> natives.allreduce(in, out, count);
        }
    }

    /** nbc's progress policy now ("dedicated", "shared", "manual"), or null for Open MPI's. */
    public String policy() {
        return session == null ? null : session.engine().policy().toString();
    }

    /** nbc's engine counters so far, or null for Open MPI's. */
    public ProgressStatistics statistics() {
        return session == null ? null : session.engine().statistics();
    }

    /** Progress thread CPU time so far (ns), or -1 (no thread / MPI). */
    public long progressThreadCpuNanos() {
        return session == null ? -1 : session.engine().threadCpuNanos();
    }
}
