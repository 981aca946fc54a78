package dev.nbc.core;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.algorithm.allgather.AllgathervAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.gather.GathervAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.scatter.ScattervAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.check.CallSignature;
import dev.nbc.core.internal.EngineAccess;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.check.ConcurrentCalls;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Non-blocking collectives over one transport (one group of ranks), advanced by a
 * {@link ProgressEngine}.
 *
 * <p>As in MPI, every rank must call the collectives of a communicator in the same order. Each
 * call takes its tag here, in the calling thread, from a per-communicator counter, so the order in
 * which the engine receives the starts does not matter; a collective that sends nothing takes its
 * tag too, so the counters stay in step on every rank. Calls of one communicator from several
 * threads must therefore be ordered by the application, the same way on every rank; calls that
 * overlap in time have no order (use a communicator per thread).
 *
 * <p>With the consistency check on ({@link CollectiveCheck}: {@code NBC_CHECK=1} or
 * {@link #create(ProgressEngine, Transport, CollectiveCheck)}), every call first compares its
 * signature with every other rank's and fails on every rank, naming both calls, if they differ;
 * calls that overlap in time are refused; and {@link #close()} is a collective call too.
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
    private final CollectiveCheck check;
    /** Calls made so far: the next call's number, from which its tag is taken. */
    private final AtomicLong calls = new AtomicLong();
    /** Tags run 0 .. transport.maxTag(): this many, and as a mask when a power of two (MPI's TAG_UB is 2^k - 1). */
    private final long tags;
    private final long tagMask;
    private final ConcurrentCalls callers = new ConcurrentCalls();
    private final ScheduleCache cache = new ScheduleCache();
    private volatile AlgorithmSelector selector;
    private final ArrayCollectives arrays = new ArrayCollectives(this);
    /** Set by {@link #close()}: every later call is refused at the call, before anything reaches the engine. */
    private volatile boolean closed;

    private Communicator(ProgressEngine engine, Transport transport, CollectiveCheck check, AlgorithmSelector selector) {
        this.engine = engine;
        this.transport = transport;
        this.check = check;
        this.selector = selector;
        this.tags = transport.maxTag() + 1L;
        this.tagMask = Long.bitCount(tags) == 1 ? tags - 1 : -1;
    }

    /**
     * A communicator over {@code transport}, progressed by {@code engine}, with the consistency
     * check as {@code NBC_CHECK} or {@code -Dnbc.check} say (off if neither is set).
     *
     * @throws IllegalArgumentException if an argument is null, or NBC_CHECK has a value it does not know
     */
    public static Communicator create(ProgressEngine engine, Transport transport) {
        return create(engine, transport, CollectiveCheck.fromEnvironment());
    }

    /** A communicator over {@code transport}, progressed by {@code engine}, with the consistency check on or off. */
    public static Communicator create(ProgressEngine engine, Transport transport, CollectiveCheck check) {
        if (engine == null) {
            throw new IllegalArgumentException("engine: must not be null");
        }
        if (transport == null) {
            throw new IllegalArgumentException("transport: must not be null");
        }
        if (check == null) {
            throw new IllegalArgumentException("check: must not be null");
        }
        return new Communicator(engine, transport, check, AlgorithmSelector.defaults());
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

    /** This communicator's collectives on Java arrays (copied through pooled direct buffers). */
    public ArrayCollectives arrays() {
        return arrays;
    }

    /** Whether this communicator checks that all ranks make the same calls. */
    public CollectiveCheck check() {
        return check;
    }

    /**
     * {@code given}, or the selector's choice for this call. The cast holds: the selector chooses
     * one of {@code collective}'s algorithms, which are exactly the constants of its enum.
     */
    @SuppressWarnings("unchecked")
    private <A extends Algorithm> A chosen(A given, Collective collective, int count, DataType type, ReduceOp op) {
        return given != null ? given : (A) selector.choose(collective, count, type, size(), op);
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
                () -> check.prepare(algorithm.build(rank(), size())));
        return new PersistentCollective(this, schedule, null, null, () -> "IBARRIER" + where(), signature(schedule, 0));
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
        AlgorithmSelector choice = selector;
        BcastAlgorithm chosen = algorithm != null ? algorithm : (BcastAlgorithm) choice.choose(Collective.BCAST, count, type, size(), null);
        int segmentBytes = choice.segmentBytes();
        Schedule schedule = cache.get(new ScheduleCache.Key(chosen, root, count, type, null, false, segmentBytes),
                () -> check.prepare(chosen.build(rank(), size(), root, count, type, segmentBytes)));
        CollectiveArguments.checkBinding("buffer", region, schedule, Slots.OUTPUT);
        return new PersistentCollective(this, schedule, null, region,
                () -> "IBCAST " + count + " x " + type + " from " + root + where(),
                signature(schedule, chosen.segmented() ? segmentBytes : 0));
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
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count, type);
        ByteBuffer input = buffers.input();
        ByteBuffer output = buffers.output();
        boolean inPlace = buffers.inPlace();
        AllreduceAlgorithm chosen = chosen(algorithm, Collective.ALLREDUCE, count, type, op);
        return collective(new ScheduleCache.Key(chosen, -1, count, type, op, inPlace, 0),
                () -> chosen.build(rank(), size(), count, type, op, inPlace), input, output,
                () -> "IALLREDUCE " + count + " x " + type + " " + op.name() + where());
    }

    // ---------------------------------------------------------------- reduce

    /**
     * Combines {@code count} elements of every rank's {@code sendBuffer} with {@code op} into
     * {@code root}'s {@code receiveBuffer}, in rank order (x0 op x1 op ...). Only the root's
     * {@code receiveBuffer} is used (others may pass null). At the root, {@code sendBuffer} null or
     * the same region of memory as {@code receiveBuffer} means in place: its contribution is taken
     * from {@code receiveBuffer}; every other rank must give a {@code sendBuffer}.
     */
    public Request ireduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op, int root) {
        return reduceInit(sendBuffer, receiveBuffer, count, type, op, root, null).start();
    }

    /** As {@link #ireduce(ByteBuffer, ByteBuffer, int, DataType, ReduceOp, int)} with a fixed algorithm. */
    public Request ireduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op, int root,
                           ReduceAlgorithm algorithm) {
        return reduceInit(sendBuffer, receiveBuffer, count, type, op, root, algorithm).start();
    }

    public void reduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op, int root) {
        ireduce(sendBuffer, receiveBuffer, count, type, op, root).await();
    }

    /** A persistent reduce; {@code algorithm} null chooses by size and operation. */
    public PersistentCollective reduceInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                           ReduceOp op, int root, ReduceAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        CollectiveArguments.checkRoot(root, size());
        boolean atRoot = rank() == root;
        ByteBuffer output = null;
        ByteBuffer input;
        boolean inPlace = false;
        if (atRoot) {
            output = CollectiveArguments.region("receiveBuffer", receiveBuffer, count, type);
            input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
            inPlace = input == null
                    || CollectiveArguments.sameRegion("sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, output.capacity());
            if (inPlace) {
                input = null;
            }
        } else {
            input = CollectiveArguments.region("sendBuffer", requireNotInPlace("sendBuffer", sendBuffer, root), count, type);
        }
        ReduceAlgorithm chosen = chosen(algorithm, Collective.REDUCE, count, type, op);
        boolean rootInPlace = inPlace;
        return collective(new ScheduleCache.Key(chosen, root, count, type, op, rootInPlace, 0),
                () -> chosen.build(rank(), size(), root, count, type, op, rootInPlace), input, output,
                () -> "IREDUCE " + count + " x " + type + " " + op.name() + " to " + root + where());
    }

    // ---------------------------------------------------------------- allgather

    /**
     * Gathers {@code count} elements of every rank's {@code sendBuffer} into every rank's
     * {@code receiveBuffer}, rank r's at element r x count ({@code receiveBuffer} holds P x count).
     * {@code sendBuffer} null, or the same memory as this rank's block of {@code receiveBuffer},
     * means in place: the block is already there.
     */
    public Request iallgather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        return allgatherInit(sendBuffer, receiveBuffer, count, type, null).start();
    }

    /** As {@link #iallgather(ByteBuffer, ByteBuffer, int, DataType)} with a fixed algorithm. */
    public Request iallgather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                              AllgatherAlgorithm algorithm) {
        return allgatherInit(sendBuffer, receiveBuffer, count, type, algorithm).start();
    }

    public void allgather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        iallgather(sendBuffer, receiveBuffer, count, type).await();
    }

    /** A persistent allgather; {@code algorithm} null chooses by size. */
    public PersistentCollective allgatherInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                              AllgatherAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        int blockBytes = type.bytesFor(count);
        long total = (long) count * size();
        type.bytesFor(total); // refuses a result larger than a buffer, naming count
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, (int) total, type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
        boolean inPlace = input == null || CollectiveArguments.isOwnBlock("sendBuffer", sendBuffer, "receiveBuffer",
                receiveBuffer, rank(), blockBytes, output.capacity());
        if (inPlace) {
            input = null;
        }
        AllgatherAlgorithm chosen = chosen(algorithm, Collective.ALLGATHER, count, type, null);
        boolean ownInPlace = inPlace;
        return collective(new ScheduleCache.Key(chosen, -1, count, type, null, ownInPlace, 0),
                () -> chosen.build(rank(), size(), count, type, ownInPlace), input, output,
                () -> "IALLGATHER " + count + " x " + type + where());
    }

    // ---------------------------------------------------------------- gather

    /**
     * Gathers {@code count} elements of every rank's {@code sendBuffer} into {@code root}'s
     * {@code receiveBuffer} (P x count elements, rank r's at element r x count). Only the root's
     * {@code receiveBuffer} is used (others may pass null). At the root, {@code sendBuffer} null or
     * the same memory as its own block of {@code receiveBuffer} means in place; every other rank
     * must give a {@code sendBuffer}.
     */
    public Request igather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        return gatherInit(sendBuffer, receiveBuffer, count, type, root, null).start();
    }

    /** As {@link #igather(ByteBuffer, ByteBuffer, int, DataType, int)} with a fixed algorithm. */
    public Request igather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root,
                           GatherAlgorithm algorithm) {
        return gatherInit(sendBuffer, receiveBuffer, count, type, root, algorithm).start();
    }

    public void gather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        igather(sendBuffer, receiveBuffer, count, type, root).await();
    }

    /** A persistent gather; {@code algorithm} null chooses by size. */
    public PersistentCollective gatherInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root,
                                           GatherAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, size());
        int blockBytes = type.bytesFor(count);
        type.bytesFor((long) count * size()); // refuses a result larger than a buffer, naming count
        ByteBuffer output = null;
        ByteBuffer input;
        boolean inPlace = false;
        if (rank() == root) {
            output = CollectiveArguments.region("receiveBuffer", receiveBuffer, count * size(), type);
            input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
            inPlace = input == null || CollectiveArguments.isOwnBlock("sendBuffer", sendBuffer, "receiveBuffer",
                    receiveBuffer, rank(), blockBytes, output.capacity());
            if (inPlace) {
                input = null;
            }
        } else {
            input = CollectiveArguments.region("sendBuffer", requireNotInPlace("sendBuffer", sendBuffer, root), count, type);
        }
        GatherAlgorithm chosen = chosen(algorithm, Collective.GATHER, count, type, null);
        boolean rootInPlace = inPlace;
        return collective(new ScheduleCache.Key(chosen, root, count, type, null, rootInPlace, 0),
                () -> chosen.build(rank(), size(), root, count, type, rootInPlace), input, output,
                () -> "IGATHER " + count + " x " + type + " to " + root + where());
    }

    // ---------------------------------------------------------------- scatter

    /**
     * Sends block r of {@code root}'s {@code sendBuffer} (P x count elements) to rank r's
     * {@code receiveBuffer} (count elements). Only the root's {@code sendBuffer} is used (others may
     * pass null). At the root, {@code receiveBuffer} null or the same memory as its own block of
     * {@code sendBuffer} means in place (its block stays where it is); every other rank must give a
     * {@code receiveBuffer}.
     */
    public Request iscatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        return scatterInit(sendBuffer, receiveBuffer, count, type, root, null).start();
    }

    /** As {@link #iscatter(ByteBuffer, ByteBuffer, int, DataType, int)} with a fixed algorithm. */
    public Request iscatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root,
                            ScatterAlgorithm algorithm) {
        return scatterInit(sendBuffer, receiveBuffer, count, type, root, algorithm).start();
    }

    public void scatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        iscatter(sendBuffer, receiveBuffer, count, type, root).await();
    }

    /** A persistent scatter; {@code algorithm} null chooses by size. */
    public PersistentCollective scatterInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                            int root, ScatterAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, size());
        int blockBytes = type.bytesFor(count);
        type.bytesFor((long) count * size()); // refuses a send buffer larger than a buffer, naming count
        ByteBuffer input = null;
        ByteBuffer output;
        boolean inPlace = false;
        if (rank() == root) {
            input = CollectiveArguments.region("sendBuffer", sendBuffer, count * size(), type);
            output = receiveBuffer == null ? null : CollectiveArguments.region("receiveBuffer", receiveBuffer, count, type);
            inPlace = output == null || CollectiveArguments.isOwnBlock("receiveBuffer", receiveBuffer, "sendBuffer",
                    sendBuffer, rank(), blockBytes, input.capacity());
            if (inPlace) {
                output = null;
            }
        } else {
            output = CollectiveArguments.region("receiveBuffer", requireNotInPlace("receiveBuffer", receiveBuffer, root),
                    count, type);
        }
        ScatterAlgorithm chosen = chosen(algorithm, Collective.SCATTER, count, type, null);
        boolean rootInPlace = inPlace;
        return collective(new ScheduleCache.Key(chosen, root, count, type, null, rootInPlace, 0),
                () -> chosen.build(rank(), size(), root, count, type, rootInPlace), input, output,
                () -> "ISCATTER " + count + " x " + type + " from " + root + where());
    }

    // ---------------------------------------------------------------- all-to-all

    /**
     * Sends block j of every rank's {@code sendBuffer} ({@code count} elements each, P blocks) to
     * rank j, which receives it as block {@code rank} of its {@code receiveBuffer} (P blocks).
     * {@code sendBuffer} null, or the same memory as {@code receiveBuffer}, means in place: the send
     * blocks are in {@code receiveBuffer}, which the result replaces.
     */
    public Request ialltoall(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        return alltoallInit(sendBuffer, receiveBuffer, count, type, null).start();
    }

    /** As {@link #ialltoall(ByteBuffer, ByteBuffer, int, DataType)} with a fixed algorithm. */
    public Request ialltoall(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                             AlltoallAlgorithm algorithm) {
        return alltoallInit(sendBuffer, receiveBuffer, count, type, algorithm).start();
    }

    public void alltoall(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        ialltoall(sendBuffer, receiveBuffer, count, type).await();
    }

    /** A persistent all-to-all; {@code algorithm} null chooses by size. */
    public PersistentCollective alltoallInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                             AlltoallAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        type.bytesFor((long) count * size()); // refuses buffers larger than Java's, naming count
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count * size(), type);
        ByteBuffer input = buffers.input();
        ByteBuffer output = buffers.output();
        AlltoallAlgorithm chosen = chosen(algorithm, Collective.ALLTOALL, count, type, null);
        boolean allInPlace = buffers.inPlace();
        return collective(new ScheduleCache.Key(chosen, -1, count, type, null, allInPlace, 0),
                () -> chosen.build(rank(), size(), count, type, allInPlace), input, output,
                () -> "IALLTOALL " + count + " x " + type + where());
    }

    // ---------------------------------------------------------------- scan and exscan

    /**
     * Rank r's {@code receiveBuffer} gets x0 op x1 op ... op xr of every rank's {@code count}
     * elements, in rank order (MPI_Scan). {@code sendBuffer} null, or the same memory as
     * {@code receiveBuffer}, means in place.
     */
    public Request iscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return scanInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    /** As {@link #iscan(ByteBuffer, ByteBuffer, int, DataType, ReduceOp)} with a fixed algorithm. */
    public Request iscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                         ScanAlgorithm algorithm) {
        return scanInit(sendBuffer, receiveBuffer, count, type, op, algorithm).start();
    }

    public void scan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iscan(sendBuffer, receiveBuffer, count, type, op).await();
    }

    /** A persistent scan; {@code algorithm} null chooses by size. */
    public PersistentCollective scanInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                                         ScanAlgorithm algorithm) {
        ScanAlgorithm chosen = chosen(algorithm, Collective.SCAN, count, type, op);
        return prefixInit("ISCAN", chosen, sendBuffer, receiveBuffer, count, type, op,
                inPlace -> chosen.build(rank(), size(), count, type, op, inPlace));
    }

    /**
     * Rank r's {@code receiveBuffer} gets x0 op ... op x(r-1), in rank order (MPI_Exscan); rank
     * 0's is left as it was (MPI defines no result there). {@code sendBuffer} null, or the same
     * memory as {@code receiveBuffer}, means in place.
     */
    public Request iexscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return exscanInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    /** As {@link #iexscan(ByteBuffer, ByteBuffer, int, DataType, ReduceOp)} with a fixed algorithm. */
    public Request iexscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                           ExscanAlgorithm algorithm) {
        return exscanInit(sendBuffer, receiveBuffer, count, type, op, algorithm).start();
    }

    public void exscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iexscan(sendBuffer, receiveBuffer, count, type, op).await();
    }

    /** A persistent exscan; {@code algorithm} null chooses by size. */
    public PersistentCollective exscanInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                           ReduceOp op, ExscanAlgorithm algorithm) {
        ExscanAlgorithm chosen = chosen(algorithm, Collective.EXSCAN, count, type, op);
        return prefixInit("IEXSCAN", chosen, sendBuffer, receiveBuffer, count, type, op,
                inPlace -> chosen.build(rank(), size(), count, type, op, inPlace));
    }

    // ---------------------------------------------------------------- reduce-scatter

    /**
     * Combines every rank's {@code sendBuffer} (P blocks of {@code count} elements) with {@code op}
     * in rank order, and gives rank r block r of the result in its {@code receiveBuffer} (count
     * elements; MPI_Reduce_scatter_block). {@code sendBuffer} null means in place: the P blocks are
     * in {@code receiveBuffer}, whose first block gets the result.
     */
    public Request ireduceScatterBlock(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return reduceScatterBlockInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    /** As {@link #ireduceScatterBlock(ByteBuffer, ByteBuffer, int, DataType, ReduceOp)} with a fixed algorithm. */
    public Request ireduceScatterBlock(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                                       ReduceScatterBlockAlgorithm algorithm) {
        return reduceScatterBlockInit(sendBuffer, receiveBuffer, count, type, op, algorithm).start();
    }

    public void reduceScatterBlock(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        ireduceScatterBlock(sendBuffer, receiveBuffer, count, type, op).await();
    }

    /** A persistent reduce-scatter; {@code algorithm} null chooses by operation. */
    public PersistentCollective reduceScatterBlockInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                                       ReduceOp op, ReduceScatterBlockAlgorithm algorithm) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        type.bytesFor((long) count * size()); // refuses buffers larger than Java's, naming count
        boolean inPlace = sendBuffer == null;
        ByteBuffer input = inPlace ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count * size(), type);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, inPlace ? count * size() : count, type);
        if (!inPlace && Overlap.of(input, 0, input.capacity(), output, 0, output.capacity()) != Overlap.NONE) {
            throw new IllegalArgumentException("sendBuffer: shares memory with receiveBuffer; overlapping send and receive "
                    + "buffers are erroneous (as in MPI): pass null as sendBuffer to work in place, or separate memory");
        }
        ReduceScatterBlockAlgorithm chosen = chosen(algorithm, Collective.REDUCE_SCATTER_BLOCK, count, type, op);
        return collective(new ScheduleCache.Key(chosen, -1, count, type, op, inPlace, 0),
                () -> chosen.build(rank(), size(), count, type, op, inPlace), input, output,
                () -> "IREDUCE_SCATTER_BLOCK " + count + " x " + type + " " + op.name() + where());
    }

    /**
     * MPI_Reduce_scatter: every rank's {@code sendBuffer} holds P blocks, block r of
     * {@code counts[r]} elements, packed; they are combined with {@code op} in rank order and rank r
     * gets block r of the result in its {@code receiveBuffer}. {@code sendBuffer} null means in
     * place: the P blocks are in {@code receiveBuffer}, whose start gets the result.
     */
    public Request ireduceScatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type, ReduceOp op) {
        return reduceScatterInit(sendBuffer, receiveBuffer, counts, type, op, null).start();
    }

    /** As {@link #ireduceScatter(ByteBuffer, ByteBuffer, int[], DataType, ReduceOp)} with a fixed algorithm. */
    public Request ireduceScatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type, ReduceOp op,
                                  ReduceScatterAlgorithm algorithm) {
        return reduceScatterInit(sendBuffer, receiveBuffer, counts, type, op, algorithm).start();
    }

    /** A persistent reduce-scatter with blocks of different sizes; {@code algorithm} null chooses by operation. */
    public PersistentCollective reduceScatterInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type,
                                                  ReduceOp op, ReduceScatterAlgorithm algorithm) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        if (counts == null) {
            throw new IllegalArgumentException("counts: must not be null");
        }
        BlockLayout blocks = CollectiveArguments.layout("counts", counts, "counts", packedDisplacements(counts), size(), type, true);
        int allElements = blocks.extentBytes() / type.sizeInBytes();
        boolean inPlace = sendBuffer == null;
        ByteBuffer input = inPlace ? null : CollectiveArguments.region("sendBuffer", sendBuffer, allElements, type);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, inPlace ? allElements : counts[rank()], type);
        if (!inPlace && Overlap.of(input, 0, input.capacity(), output, 0, output.capacity()) != Overlap.NONE) {
            throw new IllegalArgumentException("sendBuffer: shares memory with receiveBuffer; overlapping send and receive "
                    + "buffers are erroneous (as in MPI): pass null as sendBuffer to work in place, or separate memory");
        }
        ReduceScatterAlgorithm chosen = algorithm != null ? algorithm
                : op.isCommutative() ? ReduceScatterAlgorithm.RING : ReduceScatterAlgorithm.REDUCE_SCATTER;
        return collective(new ScheduleCache.Key(chosen, -1, 0, type, op, inPlace, 0, List.of(blocks.asKey())),
                () -> chosen.build(rank(), size(), blocks, type, op, inPlace), input, output,
                () -> "IREDUCE_SCATTER " + type + " " + op.name() + where());
    }

    private static int[] packedDisplacements(int[] counts) {
        int[] displacements = new int[counts.length];
        long next = 0;
        for (int r = 0; r < counts.length; r++) {
            displacements[r] = (int) Math.min(next, Integer.MAX_VALUE);
            next += Math.max(0, counts[r]);
        }
        return displacements;
    }

    private PersistentCollective prefixInit(String name, Algorithm chosen, ByteBuffer sendBuffer, ByteBuffer receiveBuffer,
                                            int count, DataType type, ReduceOp op, Function<Boolean, Schedule> build) {
        CollectiveArguments.checkCount(count);
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count, type);
        return collective(new ScheduleCache.Key(chosen, -1, count, type, op, buffers.inPlace(), 0),
                () -> build.apply(buffers.inPlace()), buffers.input(), buffers.output(),
                () -> name + " " + count + " x " + type + " " + op.name() + where());
    }

    // ---------------------------------------------------------------- v-collectives (blocks of different sizes)

    /**
     * MPI_Gatherv: rank r's {@code sendCount} elements land in the root's {@code receiveBuffer}
     * at element {@code displacements[r]}, {@code receiveCounts[r]} of them (which must equal r's
     * sendCount). {@code receiveBuffer}, {@code receiveCounts} and {@code displacements} are used at
     * the root only. At the root {@code sendBuffer} null means in place (its block is already there)
     * and {@code sendCount} is ignored, as MPI ignores it with MPI_IN_PLACE.
     */
    public Request igatherv(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                            int[] displacements, DataType type, int root) {
        return gathervInit(sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type, root).start();
    }

    /** The persistent form of {@link #igatherv}. */
    public PersistentCollective gathervInit(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                                            int[] displacements, DataType type, int root) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, size());
        BlockLayout layout;
        ByteBuffer output = null;
        ByteBuffer input;
        if (rank() == root) {
            layout = CollectiveArguments.layout("receiveCounts", receiveCounts, "displacements", displacements, size(), type, true);
            output = CollectiveArguments.region("receiveBuffer", receiveBuffer, layout.extentBytes() / type.sizeInBytes(), type);
            input = sendBuffer == null ? null : CollectiveArguments.ownBlock("sendBuffer", sendBuffer, "sendCount", sendCount,
                    "receiveCounts[" + rank() + "] at the root", receiveCounts[rank()], type);
        } else {
            CollectiveArguments.checkCount("sendCount", sendCount);
            layout = ownBlockOnly(sendCount, type);
            input = CollectiveArguments.region("sendBuffer", requireNotInPlace("sendBuffer", sendBuffer, root), sendCount, type);
        }
        boolean inPlace = input == null;
        GathervAlgorithm chosen = GathervAlgorithm.LINEAR;
        return collective(new ScheduleCache.Key(chosen, root, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank(), size(), root, layout, type, inPlace), input, output,
                () -> "IGATHERV of " + type + " to " + root + where());
    }

    /**
     * MPI_Scatterv: the root's block for rank r ({@code sendCounts[r]} elements from element
     * {@code displacements[r]} of {@code sendBuffer}) lands in r's {@code receiveBuffer}
     * ({@code receiveCount} elements, which must equal it). The send arguments are used at the root
     * only. At the root {@code receiveBuffer} null means in place (its block stays where it is) and
     * {@code receiveCount} is ignored, as MPI ignores it with MPI_IN_PLACE.
     */
    public Request iscatterv(ByteBuffer sendBuffer, int[] sendCounts, int[] displacements, ByteBuffer receiveBuffer,
                             int receiveCount, DataType type, int root) {
        return scattervInit(sendBuffer, sendCounts, displacements, receiveBuffer, receiveCount, type, root).start();
    }

    /** The persistent form of {@link #iscatterv}. */
    public PersistentCollective scattervInit(ByteBuffer sendBuffer, int[] sendCounts, int[] displacements, ByteBuffer receiveBuffer,
                                             int receiveCount, DataType type, int root) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, size());
        BlockLayout layout;
        ByteBuffer input = null;
        ByteBuffer output;
        if (rank() == root) {
            layout = CollectiveArguments.layout("sendCounts", sendCounts, "displacements", displacements, size(), type, false);
            input = CollectiveArguments.region("sendBuffer", sendBuffer, layout.extentBytes() / type.sizeInBytes(), type);
            output = receiveBuffer == null ? null : CollectiveArguments.ownBlock("receiveBuffer", receiveBuffer, "receiveCount",
                    receiveCount, "sendCounts[" + rank() + "] at the root", sendCounts[rank()], type);
        } else {
            CollectiveArguments.checkCount("receiveCount", receiveCount);
            layout = ownBlockOnly(receiveCount, type);
            output = CollectiveArguments.region("receiveBuffer", requireNotInPlace("receiveBuffer", receiveBuffer, root),
                    receiveCount, type);
        }
        boolean inPlace = output == null;
        ScattervAlgorithm chosen = ScattervAlgorithm.LINEAR;
        return collective(new ScheduleCache.Key(chosen, root, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank(), size(), root, layout, type, inPlace), input, output,
                () -> "ISCATTERV of " + type + " from " + root + where());
    }

    /**
     * MPI_Allgatherv: rank r's {@code sendCount} elements land in every rank's
     * {@code receiveBuffer} at element {@code displacements[r]} ({@code receiveCounts[r]} of them,
     * which must equal r's sendCount). {@code sendBuffer} null means in place, and {@code sendCount}
     * is ignored then, as MPI ignores it with MPI_IN_PLACE.
     */
    public Request iallgatherv(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                               int[] displacements, DataType type) {
        return allgathervInit(sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type).start();
    }

    /** The persistent form of {@link #iallgatherv}. */
    public PersistentCollective allgathervInit(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer,
                                               int[] receiveCounts, int[] displacements, DataType type) {
        CollectiveArguments.checkType(type);
        BlockLayout layout = CollectiveArguments.layout("receiveCounts", receiveCounts, "displacements", displacements,
                size(), type, true);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, layout.extentBytes() / type.sizeInBytes(),
                type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.ownBlock("sendBuffer", sendBuffer, "sendCount",
                sendCount, "receiveCounts[" + rank() + "]", receiveCounts[rank()], type);
        boolean inPlace = input == null;
        AllgathervAlgorithm chosen = AllgathervAlgorithm.RING;
        return collective(new ScheduleCache.Key(chosen, -1, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank(), size(), layout, type, inPlace), input, output,
                () -> "IALLGATHERV of " + type + where());
    }

    /**
     * MPI_Alltoallv: the block {@code sendCounts[j]} elements from element {@code sendDisplacements[j]}
     * of {@code sendBuffer} goes to rank j, which receives it at element
     * {@code receiveDisplacements[rank]} of its {@code receiveBuffer} ({@code receiveCounts[rank]}
     * elements, which must equal it). {@code sendBuffer} null means in place: the send blocks are in
     * {@code receiveBuffer}, laid out by the receive counts and displacements, and
     * {@code sendCounts} and {@code sendDisplacements} are ignored, as MPI ignores them.
     */
    public Request ialltoallv(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements, ByteBuffer receiveBuffer,
                              int[] receiveCounts, int[] receiveDisplacements, DataType type) {
        return ialltoallv(sendBuffer, sendCounts, sendDisplacements, receiveBuffer, receiveCounts, receiveDisplacements, type,
                null);
    }

    /**
     * As {@link #ialltoallv(ByteBuffer, int[], int[], ByteBuffer, int[], int[], DataType)} with a
     * fixed algorithm; null: the default, {@link AlltoallvAlgorithm#PAIRWISE}, as for every
     * collective's algorithm argument.
     */
    public Request ialltoallv(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements, ByteBuffer receiveBuffer,
                              int[] receiveCounts, int[] receiveDisplacements, DataType type, AlltoallvAlgorithm algorithm) {
        return alltoallvInit(sendBuffer, sendCounts, sendDisplacements, receiveBuffer, receiveCounts, receiveDisplacements, type,
                algorithm).start();
    }

    /** The persistent form of {@link #ialltoallv}. */
    public PersistentCollective alltoallvInit(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements,
                                              ByteBuffer receiveBuffer, int[] receiveCounts, int[] receiveDisplacements,
                                              DataType type, AlltoallvAlgorithm algorithm) {
        CollectiveArguments.checkType(type);
        BlockLayout receives = CollectiveArguments.layout("receiveCounts", receiveCounts, "receiveDisplacements",
                receiveDisplacements, size(), type, true);
        boolean inPlace = sendBuffer == null;
        BlockLayout sends = inPlace ? receives : CollectiveArguments.layout("sendCounts", sendCounts, "sendDisplacements",
                sendDisplacements, size(), type, false);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, receives.extentBytes() / type.sizeInBytes(),
                type);
        ByteBuffer input = inPlace ? null
                : CollectiveArguments.region("sendBuffer", sendBuffer, sends.extentBytes() / type.sizeInBytes(), type);
        if (!inPlace && sendCounts[rank()] != receiveCounts[rank()]) {
            throw new IllegalArgumentException("sendCounts: [" + rank() + "] must equal receiveCounts[" + rank() + "], "
                    + receiveCounts[rank()] + ", but was " + sendCounts[rank()]);
        }
        if (input != null && Overlap.of(input, 0, input.capacity(), output, 0, output.capacity()) != Overlap.NONE) {
            throw new IllegalArgumentException("sendBuffer: shares memory with receiveBuffer; overlapping send and receive "
                    + "buffers are erroneous (as in MPI): pass null as sendBuffer to work in place, or separate memory");
        }
        AlltoallvAlgorithm chosen = algorithm != null ? algorithm : AlltoallvAlgorithm.PAIRWISE;
        return collective(new ScheduleCache.Key(chosen, -1, 0, type, null, inPlace, 0, List.of(sends.asKey(), receives.asKey())),
                () -> chosen.build(rank(), size(), sends, receives, type, inPlace), input, output,
                () -> "IALLTOALLV of " + type + where());
    }

    /** A layout in which only this rank's block is known: what a non-root rank of gatherv/scatterv has. */
    private BlockLayout ownBlockOnly(int count, DataType type) {
        int[] counts = new int[size()];
        counts[rank()] = count;
        return new BlockLayout(counts, new int[size()], type);
    }

    /** A rooted collective's buffer that only the root may leave out (in place): refused as null elsewhere. */
    private ByteBuffer requireNotInPlace(String name, ByteBuffer buffer, int root) {
        if (buffer == null) {
            throw new IllegalArgumentException(name + ": must not be null on rank " + rank() + ", which is not the root "
                    + root + " (only the root may work in place)");
        }
        return buffer;
    }

    // ---------------------------------------------------------------- plumbing

    /**
     * The schedule of {@code key} (built by {@code build}, cached), its buffers checked against
     * what it does with them, as a persistent collective.
     */
    private PersistentCollective collective(ScheduleCache.Key key, Supplier<Schedule> build, ByteBuffer input,
                                            ByteBuffer output, Supplier<String> description) {
        Schedule schedule = cache.get(key, () -> check.prepare(build.get()));
        CollectiveArguments.checkBinding("sendBuffer", input, schedule, Slots.INPUT);
        CollectiveArguments.checkBinding("receiveBuffer", output, schedule, Slots.OUTPUT);
        return new PersistentCollective(this, schedule, input, output, description, signature(schedule, 0));
    }

    /**
     * The regions of a call whose send and receive buffers hold {@code elements} each (an
     * allreduce, a scan, an all-to-all): in place when {@code sendBuffer} is null or the same
     * memory as {@code receiveBuffer}, and then {@code input} is null.
     */
    private record SameSizeBuffers(ByteBuffer input, ByteBuffer output, boolean inPlace) {
        static SameSizeBuffers of(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int elements, DataType type) {
            ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, elements, type);
            ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, elements, type);
            boolean inPlace = input == null
                    || CollectiveArguments.sameRegion("sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, output.capacity());
            return new SameSizeBuffers(inPlace ? null : input, output, inPlace);
        }
    }

    /** The signature every start of {@code schedule} numbers, or null without the check. */
    private CallSignature signature(Schedule schedule, int segmentBytes) {
        return check == CollectiveCheck.ON ? CallSignature.of(schedule, segmentBytes, -1) : null;
    }

    /**
     * Starts a call: takes its number (and from it its tag) and hands it to the engine. With the
     * check, a call that overlaps another thread's is refused, and the call's signature numbered.
     */
    Request submit(Schedule schedule, ByteBuffer input, ByteBuffer output, Supplier<String> description, CallSignature signature,
                   Runnable beforeCompletion) {
        requireOpen(description);
        if (signature == null) {
            long number = calls.getAndIncrement();
            return EngineAccess.submit(engine, schedule, transport, tagOf(number), input, output, description, null, beforeCompletion);
        }
        Thread other = callers.enter();
        if (other != null) {
            throw concurrentCall(other, description);
        }
        try {
            long number = calls.getAndIncrement();
            return EngineAccess.submit(engine, schedule, transport, tagOf(number), input, output, description, signature.numbered(number),
                    beforeCompletion);
        } finally {
            callers.leave();
        }
    }

    /**
     * Refuses a call on a closed communicator in the caller: over a closed transport it would fail
     * in the engine, where the error policy takes it for a failure the peers cannot see and, by
     * default, ends the job.
     *
     * @throws IllegalStateException if {@link #close()} was called
     */
    void requireOpen(Supplier<String> description) {
        if (closed) {
            throw new IllegalStateException(description.get() + ": the communicator is closed");
        }
    }

    /** Call {@code number}'s tag: the numbers wrap within the transport's tag range. */
    private int tagOf(long number) {
        // A mask where it can: a 64-bit division took 15-30 ns, a fifth of a collective on one rank.
        return (int) (tagMask >= 0 ? number & tagMask : number % tags);
    }

    /**
     * Two threads in calls at once: the ranks may now pair calls differently, on this call or any
     * other, so no later call can be trusted. The error policy ends the job, or revokes the
     * communicator on every rank; this call is refused.
     */
    private IllegalStateException concurrentCall(Thread other, Supplier<String> description) {
        String message = description.get() + ": thread '" + Thread.currentThread().getName() + "' called while thread '"
                + other.getName() + "' was inside a call on the same communicator; calls that overlap in time have no"
                + " order, so the ranks may pair them differently (use one communicator per thread, or order the calls"
                + " the same way on every rank)";
        engine.errorPolicy().handle(transport, new NbcException(message));
        return new IllegalStateException(message);
    }

    private String where() {
        return " on rank " + rank() + " of " + size();
    }

    /**
     * Closes the transport. Complete every request of this communicator first. With the
     * consistency check, close is a collective call too: it exchanges its signature, so that a rank
     * that skipped a call, whose peers would otherwise wait in it forever, fails there and they do
     * too; it then waits for every rank to close (unless the engine is closed already, when it cannot).
     * Every later call, and every start of a persistent collective of this communicator, throws
     * {@link IllegalStateException}. Idempotent.
     *
     * @throws NbcException (after closing the transport) if, with the check, the ranks' calls differ
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            if (check == CollectiveCheck.ON && size() > 1 && engine.isOpen()) {
                // The signature exchange alone: it is a barrier too, since every rank hears from every other.
                Schedule closing = check.prepare(new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, rank(), size(), -1, 0,
                        DataType.BYTE, null).build());
                submit(closing, null, null, () -> "CLOSE" + where(), CallSignature.closing(-1), null).await();
            }
        } finally {
            closed = true;
            transport.close();
        }
    }
}
