package dev.nbc.core;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Non-blocking collectives over one transport (one group of ranks), advanced by a
 * {@link ProgressEngine}.
 *
 * <p>As in MPI, every rank must call the collectives of a communicator in the same order. Each
 * call takes its tag here, in the calling thread, from a per-communicator counter, so the order in
 * which the engine receives the starts does not matter; a collective that sends nothing takes its
 * tag too, so the counters stay in step on every rank.
 *
 * <p>Buffers: direct {@link ByteBuffer}s; a collective uses {@code count * type size} bytes from
 * the buffer's position (the position itself is not moved). Data are in native byte order, as in
 * MPI ({@link Buffers#allocate} makes such buffers); a buffer in another order is refused for any
 * type wider than a byte. A buffer may be read-only where the collective only reads it (an
 * allreduce's send buffer, a broadcast's root buffer). A buffer belongs to the collective until
 * its request completes. Every rule is checked, after the algorithm is chosen, before anything is
 * sent.
 */
public final class Communicator implements AutoCloseable {
    private final ProgressEngine engine;
    private final Transport transport;
    private final AtomicInteger nextTag = new AtomicInteger();
    private final ScheduleCache cache = new ScheduleCache();
    private volatile AlgorithmSelector selector;

    private Communicator(ProgressEngine engine, Transport transport, AlgorithmSelector selector) {
        this.engine = engine;
        this.transport = transport;
        this.selector = selector;
    }

    /** A communicator over {@code transport}, progressed by {@code engine}. */
    public static Communicator create(ProgressEngine engine, Transport transport) {
        if (engine == null) {
            throw new IllegalArgumentException("engine: must not be null");
        }
        if (transport == null) {
            throw new IllegalArgumentException("transport: must not be null");
        }
        return new Communicator(engine, transport, AlgorithmSelector.defaults());
    }

    public int rank() {
        return transport.rank();
    }

    public int size() {
        return transport.size();
    }

    public Transport transport() {
        return transport;
    }

    public ProgressEngine engine() {
        return engine;
    }

    public AlgorithmSelector selector() {
        return selector;
    }

    /**
     * Sets how this communicator chooses algorithms (for example a fixed broadcast algorithm). All
     * ranks must use the same choice.
     */
    public void setSelector(AlgorithmSelector selector) {
        if (selector == null) {
            throw new IllegalArgumentException("selector: must not be null");
        }
        this.selector = selector;
    }

    // ---------------------------------------------------------------- barrier

    public Request ibarrier() {
        return barrierInit().start();
    }

    public void barrier() {
        ibarrier().await();
    }

    public PersistentCollective barrierInit() {
        BarrierAlgorithm algorithm = BarrierAlgorithm.DISSEMINATION;
        Schedule schedule = cache.get(new ScheduleCache.Key(algorithm, -1, 0, DataType.BYTE, null, false, 0),
                () -> algorithm.build(rank(), size()));
        return new PersistentCollective(this, schedule, null, null, "IBARRIER" + where());
    }

    // ---------------------------------------------------------------- broadcast

    /** Broadcasts {@code count} elements from {@code root}'s buffer into everyone's. */
    public Request ibcast(ByteBuffer buffer, int count, DataType type, int root) {
        return bcastInit(buffer, count, type, root, null).start();
    }

    /** As {@link #ibcast(ByteBuffer, int, DataType, int)} with a fixed algorithm (the same on all ranks). */
    public Request ibcast(ByteBuffer buffer, int count, DataType type, int root, BcastAlgorithm algorithm) {
        return bcastInit(buffer, count, type, root, algorithm).start();
    }

    public void bcast(ByteBuffer buffer, int count, DataType type, int root) {
        ibcast(buffer, count, type, root).await();
    }

    /** A persistent broadcast; {@code algorithm} null chooses by size. */
    public PersistentCollective bcastInit(ByteBuffer buffer, int count, DataType type, int root, BcastAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, size());
        ByteBuffer region = CollectiveArguments.region("buffer", buffer, count, type);
        int bytes = region.capacity();
        AlgorithmSelector choice = selector;
        BcastAlgorithm chosen = algorithm != null ? algorithm : choice.bcast(bytes, size());
        int segmentBytes = choice.segmentBytes();
        Schedule schedule = cache.get(new ScheduleCache.Key(chosen, root, count, type, null, false, segmentBytes),
                () -> chosen.build(rank(), size(), root, count, type, segmentBytes));
        CollectiveArguments.checkBinding("buffer", region, schedule, Slots.OUTPUT);
        return new PersistentCollective(this, schedule, null, region,
                "IBCAST " + count + " x " + type + " from " + root + where());
    }

    // ---------------------------------------------------------------- allreduce

    /**
     * Combines {@code count} elements of every rank's {@code sendBuffer} with {@code op} into every
     * rank's {@code receiveBuffer}. {@code sendBuffer} null, or the same region of memory as
     * {@code receiveBuffer} (the same object, a duplicate, a view), means in place: the contribution
     * is taken from {@code receiveBuffer}. Regions that share only some bytes are refused.
     */
    public Request iallreduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return allreduceInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    /** As {@link #iallreduce(ByteBuffer, ByteBuffer, int, DataType, ReduceOp)} with a fixed algorithm. */
    public Request iallreduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                              AllreduceAlgorithm algorithm) {
        return allreduceInit(sendBuffer, receiveBuffer, count, type, op, algorithm).start();
    }

    public void allreduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iallreduce(sendBuffer, receiveBuffer, count, type, op).await();
    }

    /** A persistent allreduce; {@code algorithm} null chooses by size and operation. */
    public PersistentCollective allreduceInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                              ReduceOp op, AllreduceAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, count, type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
        int bytes = output.capacity();
        boolean inPlace = input == null
                || CollectiveArguments.sameRegion("sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, bytes);
        if (inPlace) {
            input = null;
        }
        AllreduceAlgorithm chosen = algorithm != null ? algorithm : selector.allreduce(count, bytes, size(), op);
        if (chosen.reordersOperands() && !op.isCommutative()) {
            throw new IllegalArgumentException("algorithm: " + chosen + " combines operands out of rank order, so it cannot"
                    + " run the non-commutative operation " + op.name());
        }
        Schedule schedule = cache.get(new ScheduleCache.Key(chosen, -1, count, type, op, inPlace, 0),
                () -> chosen.build(rank(), size(), count, type, op, inPlace));
        CollectiveArguments.checkBinding("sendBuffer", input, schedule, Slots.INPUT);
        CollectiveArguments.checkBinding("receiveBuffer", output, schedule, Slots.OUTPUT);
        return new PersistentCollective(this, schedule, input, output,
                "IALLREDUCE " + count + " x " + type + " " + op.name() + where());
    }

    // ---------------------------------------------------------------- plumbing

    Request submit(Schedule schedule, ByteBuffer input, ByteBuffer output, String description) {
        return engine.submit(schedule, transport, takeTag(), input, output, description);
    }

    /** The next tag, wrapping within the transport's tag range. */
    private int takeTag() {
        int maxTag = transport.maxTag();
        return nextTag.getAndUpdate(tag -> tag >= maxTag ? 0 : tag + 1);
    }

    private String where() {
        return " on rank " + rank() + " of " + size();
    }

    /** Closes the transport. Complete every request of this communicator first. */
    @Override
    public void close() {
        transport.close();
    }
}
