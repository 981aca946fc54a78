package dev.nbc.harness.call;

import dev.nbc.core.Communicator;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Collective;

import java.nio.ByteBuffer;
import java.util.Optional;

/** nbc's collective on a communicator: any {@link Collective}, started through {@link Communicator#icollective} (the v-collectives with every rank's count alike). */
public final class NbcCall implements CollectiveCall {
    private static final DataType TYPE = DataType.DOUBLE;
    private static final ReduceOp OP = ReduceOp.SUM;
    private static final int ROOT = 0;

    private final Communicator comm;
    private final Collective collective;
    private final int count;
    private final Algorithm algorithm;
    private final ByteBuffer in;
    private final ByteBuffer out;
    /**
     * The last request started, whose algorithm the report names. Kept unconditionally: a
     * "first start only" branch was a trap for the JIT (never taken while it compiled start(), then
     * taken by every new point's first start: deoptimization, and start() compiled again by C2 in
     * the middle of the next timed loop, 70 ms of a busy core's time).
     */
    private Request last;

    /**
     * @param bytes     a rank's block ({@link Collective#count})
     * @param algorithm one of {@code collective}'s algorithms, the same on every rank; null: the selector's choice
     */
    public NbcCall(Communicator comm, Collective collective, int bytes, Algorithm algorithm) {
        CallBuffers.checkSupported(collective);
        if (algorithm != null && algorithm.collective() != collective) {
            throw new IllegalArgumentException("algorithm: " + algorithm.name() + " is a " + algorithm.collective().label()
                    + " algorithm, not a " + collective.label() + " one");
        }
        this.comm = comm;
        this.collective = collective;
        this.count = collective.count(bytes, TYPE);
        this.algorithm = algorithm;
        CallBuffers buffers = CallBuffers.of(collective, count, comm.size());
        this.in = buffers.in();
        this.out = buffers.out();
    }

    @Override
    public Collective collective() {
        return collective;
    }

    @Override
    public int bytes() {
        return TYPE.bytesFor(count);
    }

    /** Starts the collective: nbc's request. */
    public Request request() {
        Request r = comm.icollective(collective, in, out, count, TYPE, OP, ROOT, algorithm);
        last = r;
        return r;
    }

    @Override
    public Started start() {
        Request r = request();
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

    @Override
    public void blocking() {
        request().await();
    }

    @Override
    public String algorithm() {
        return last == null ? "?" : last.algorithm().name();
    }

    @Override
    public Optional<ProgressEngine> engine() {
        return Optional.of(comm.engine());
    }
}
