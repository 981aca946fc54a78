package dev.nbc.core;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.allgather.Allgather;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allgather.Allgatherv;
import dev.nbc.core.algorithm.allreduce.Allreduce;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.Alltoall;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.alltoall.Alltoallv;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.alltoall.Alltoallw;
import dev.nbc.core.algorithm.alltoall.AlltoallwAlgorithm;
import dev.nbc.core.algorithm.barrier.Barrier;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.Bcast;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.Gather;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.gather.Gatherv;
import dev.nbc.core.algorithm.reduce.Reduce;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatter;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlock;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.Exscan;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.Scan;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.Scatter;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.scatter.Scatterv;
import dev.nbc.core.check.CallSignature;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.transport.OverTransport;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * Non-blocking collectives over one transport (one group of ranks), advanced by a
 * {@link ProgressEngine}.
 *
 * <p>Every collective comes in MPI's forms: {@code iallreduce} starts one call and returns its
 * {@link Request}; {@code allreduce} waits for it; {@code allreduceInit} binds the buffers and the
 * schedule once, as a {@link PersistentCollective} to start many times. The Init form takes an
 * algorithm, the same on every rank, or null for the {@link #selector()}'s choice:
 * {@code allreduceInit(..., AllreduceAlgorithm.RING).start()} runs one call with the ring. Each
 * collective's argument rules, default choice and schedule are in its own class beside its
 * algorithms ({@link Allreduce}, {@link Bcast}, ...: what each method links to); this class
 * numbers the calls and starts them. Java arrays: {@link #arrays()}.
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
 * <p>Buffers: direct {@link ByteBuffer}s, used from their position (not moved), in native byte
 * order for types wider than a byte ({@link Buffers#allocate} makes such buffers); read-only where
 * the collective only reads them (an allreduce's send buffer, a broadcast's root buffer); the
 * collective's until its request completes. Every rule is checked before anything is sent.
 */
public final class Communicator implements OverTransport, AutoCloseable {
    private final ProgressEngine engine;
    private final Transport transport;
    private final CollectiveCheck check;
    private final CallSubmitter submitter;
    private final ScheduleCache cache = new ScheduleCache();
    private final ArrayCollectives arrays = new ArrayCollectives(this);
    private volatile AlgorithmSelector selector = AlgorithmSelector.defaults();

    private Communicator(ProgressEngine engine, Transport transport, CollectiveCheck check) {
        this.engine = engine;
        this.transport = transport;
        this.check = check;
        this.submitter = new CallSubmitter(engine, transport);
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
        if (engine == null || transport == null || check == null) { // the first null one is named
            throw new IllegalArgumentException((engine == null ? "engine" : transport == null ? "transport" : "check")
                    + ": must not be null");
        }
        return new Communicator(engine, transport, check);
    }

    @Override
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

    public AlgorithmSelector selector() {
        return selector;
    }

    /** Sets how this communicator chooses algorithms (for example a fixed broadcast algorithm), the same on all ranks. */
    public void setSelector(AlgorithmSelector selector) {
        if (selector == null) {
            throw new IllegalArgumentException("selector: must not be null");
        }
        this.selector = selector;
    }

    // ---------------------------------------------------------------- barrier: Barrier
    public Request ibarrier() {
        return barrierInit().start();
    }

    public void barrier() {
        ibarrier().await();
    }

    public PersistentCollective barrierInit() {
        return persistent(Barrier.plan(this));
    }

    // ---------------------------------------------------------------- broadcast: Bcast#plan
    public Request ibcast(ByteBuffer buffer, int count, DataType type, int root) {
        return bcastInit(buffer, count, type, root, null).start();
    }

    public void bcast(ByteBuffer buffer, int count, DataType type, int root) {
        ibcast(buffer, count, type, root).await();
    }

    public PersistentCollective bcastInit(ByteBuffer buffer, int count, DataType type, int root, BcastAlgorithm algorithm) {
        return persistent(Bcast.plan(this, buffer, count, type, root, algorithm));
    }

    // ---------------------------------------------------------------- allreduce: Allreduce#plan
    public Request iallreduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return allreduceInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    public void allreduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iallreduce(sendBuffer, receiveBuffer, count, type, op).await();
    }

    public PersistentCollective allreduceInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                              ReduceOp op, AllreduceAlgorithm algorithm) {
        return persistent(Allreduce.plan(this, sendBuffer, receiveBuffer, count, type, op, algorithm));
    }

    // ---------------------------------------------------------------- reduce: Reduce#plan
    public Request ireduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op, int root) {
        return reduceInit(sendBuffer, receiveBuffer, count, type, op, root, null).start();
    }

    public void reduce(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op, int root) {
        ireduce(sendBuffer, receiveBuffer, count, type, op, root).await();
    }

    public PersistentCollective reduceInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                           ReduceOp op, int root, ReduceAlgorithm algorithm) {
        return persistent(Reduce.plan(this, sendBuffer, receiveBuffer, count, type, op, root, algorithm));
    }

    // ---------------------------------------------------------------- allgather: Allgather#plan
    public Request iallgather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        return allgatherInit(sendBuffer, receiveBuffer, count, type, null).start();
    }

    public void allgather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        iallgather(sendBuffer, receiveBuffer, count, type).await();
    }

    public PersistentCollective allgatherInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                              AllgatherAlgorithm algorithm) {
        return persistent(Allgather.plan(this, sendBuffer, receiveBuffer, count, type, algorithm));
    }

    // ---------------------------------------------------------------- gather: Gather#plan
    public Request igather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        return gatherInit(sendBuffer, receiveBuffer, count, type, root, null).start();
    }

    public void gather(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        igather(sendBuffer, receiveBuffer, count, type, root).await();
    }

    public PersistentCollective gatherInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root,
                                           GatherAlgorithm algorithm) {
        return persistent(Gather.plan(this, sendBuffer, receiveBuffer, count, type, root, algorithm));
    }

    // ---------------------------------------------------------------- scatter: Scatter#plan
    public Request iscatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        return scatterInit(sendBuffer, receiveBuffer, count, type, root, null).start();
    }

    public void scatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, int root) {
        iscatter(sendBuffer, receiveBuffer, count, type, root).await();
    }

    public PersistentCollective scatterInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                            int root, ScatterAlgorithm algorithm) {
        return persistent(Scatter.plan(this, sendBuffer, receiveBuffer, count, type, root, algorithm));
    }

    // ---------------------------------------------------------------- all-to-all: Alltoall#plan
    public Request ialltoall(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        return alltoallInit(sendBuffer, receiveBuffer, count, type, null).start();
    }

    public void alltoall(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type) {
        ialltoall(sendBuffer, receiveBuffer, count, type).await();
    }

    public PersistentCollective alltoallInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                             AlltoallAlgorithm algorithm) {
        return persistent(Alltoall.plan(this, sendBuffer, receiveBuffer, count, type, algorithm));
    }

    // ---------------------------------------------------------------- scan: Scan#plan
    public Request iscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return scanInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    public void scan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iscan(sendBuffer, receiveBuffer, count, type, op).await();
    }

    public PersistentCollective scanInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op,
                                         ScanAlgorithm algorithm) {
        return persistent(Scan.plan(this, sendBuffer, receiveBuffer, count, type, op, algorithm));
    }

    // ---------------------------------------------------------------- exscan: Exscan#plan
    public Request iexscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return exscanInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    public void exscan(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        iexscan(sendBuffer, receiveBuffer, count, type, op).await();
    }

    public PersistentCollective exscanInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                           ReduceOp op, ExscanAlgorithm algorithm) {
        return persistent(Exscan.plan(this, sendBuffer, receiveBuffer, count, type, op, algorithm));
    }

    // ---------------------------------------------------------------- reduce-scatter: ReduceScatterBlock#plan, ReduceScatter#plan
    public Request ireduceScatterBlock(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        return reduceScatterBlockInit(sendBuffer, receiveBuffer, count, type, op, null).start();
    }

    public void reduceScatterBlock(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        ireduceScatterBlock(sendBuffer, receiveBuffer, count, type, op).await();
    }

    public PersistentCollective reduceScatterBlockInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                                       ReduceOp op, ReduceScatterBlockAlgorithm algorithm) {
        return persistent(ReduceScatterBlock.plan(this, sendBuffer, receiveBuffer, count, type, op, algorithm));
    }

    public Request ireduceScatter(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type, ReduceOp op) {
        return reduceScatterInit(sendBuffer, receiveBuffer, counts, type, op, null).start();
    }

    public PersistentCollective reduceScatterInit(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type,
                                                  ReduceOp op, ReduceScatterAlgorithm algorithm) {
        return persistent(ReduceScatter.plan(this, sendBuffer, receiveBuffer, counts, type, op, algorithm));
    }

    // ---------------------------------------------------------------- v-collectives: Gatherv#plan, Scatterv#plan, ...
    public Request igatherv(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                            int[] displacements, DataType type, int root) {
        return gathervInit(sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type, root).start();
    }

    public PersistentCollective gathervInit(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                                            int[] displacements, DataType type, int root) {
        return persistent(Gatherv.plan(this, sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type, root));
    }

    public Request iscatterv(ByteBuffer sendBuffer, int[] sendCounts, int[] displacements, ByteBuffer receiveBuffer,
                             int receiveCount, DataType type, int root) {
        return scattervInit(sendBuffer, sendCounts, displacements, receiveBuffer, receiveCount, type, root).start();
    }

    public PersistentCollective scattervInit(ByteBuffer sendBuffer, int[] sendCounts, int[] displacements, ByteBuffer receiveBuffer,
                                             int receiveCount, DataType type, int root) {
        return persistent(Scatterv.plan(this, sendBuffer, sendCounts, displacements, receiveBuffer, receiveCount, type, root));
    }

    public Request iallgatherv(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer, int[] receiveCounts,
                               int[] displacements, DataType type) {
        return allgathervInit(sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type).start();
    }

    public PersistentCollective allgathervInit(ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer,
                                               int[] receiveCounts, int[] displacements, DataType type) {
        return persistent(Allgatherv.plan(this, sendBuffer, sendCount, receiveBuffer, receiveCounts, displacements, type));
    }

    public Request ialltoallv(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements, ByteBuffer receiveBuffer,
                              int[] receiveCounts, int[] receiveDisplacements, DataType type) {
        return alltoallvInit(sendBuffer, sendCounts, sendDisplacements, receiveBuffer, receiveCounts, receiveDisplacements, type,
                null).start();
    }

    public PersistentCollective alltoallvInit(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements,
                                              ByteBuffer receiveBuffer, int[] receiveCounts, int[] receiveDisplacements,
                                              DataType type, AlltoallvAlgorithm algorithm) {
        return persistent(Alltoallv.plan(this, sendBuffer, sendCounts, sendDisplacements, receiveBuffer, receiveCounts,
                receiveDisplacements, type, algorithm));
    }

    // ---------------------------------------------------------------- alltoallw: Alltoallw#plan (displacements in bytes)
    public Request ialltoallw(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements, DataType[] sendTypes,
                              ByteBuffer receiveBuffer, int[] receiveCounts, int[] receiveDisplacements, DataType[] receiveTypes) {
        return alltoallwInit(sendBuffer, sendCounts, sendDisplacements, sendTypes, receiveBuffer, receiveCounts,
                receiveDisplacements, receiveTypes, null).start();
    }

    public void alltoallw(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements, DataType[] sendTypes,
                          ByteBuffer receiveBuffer, int[] receiveCounts, int[] receiveDisplacements, DataType[] receiveTypes) {
        ialltoallw(sendBuffer, sendCounts, sendDisplacements, sendTypes, receiveBuffer, receiveCounts, receiveDisplacements,
                receiveTypes).await();
    }

    public PersistentCollective alltoallwInit(ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements,
                                              DataType[] sendTypes, ByteBuffer receiveBuffer, int[] receiveCounts,
                                              int[] receiveDisplacements, DataType[] receiveTypes, AlltoallwAlgorithm algorithm) {
        return persistent(Alltoallw.plan(this, sendBuffer, sendCounts, sendDisplacements, sendTypes, receiveBuffer,
                receiveCounts, receiveDisplacements, receiveTypes, algorithm));
    }

    // ---------------------------------------------------------------- any collective
    /**
     * Starts any collective in the shape all have: blocks of {@code count} elements ({@link CollectiveDefinition#uniform});
     * {@code algorithm} null: the default choice. For programs that run any collective, such as the benchmarks.
     */
    public Request icollective(Collective collective, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count,
                               DataType type, ReduceOp op, int root, Algorithm algorithm) {
        return persistent(collective.definition().uniform(this, sendBuffer, receiveBuffer, count, type, op, root, algorithm))
                .start();
    }

    // ---------------------------------------------------------------- plumbing
    /**
     * A call its collective's definition has checked and chosen for: its schedule from the cache
     * (built on a miss), its buffers checked against what the schedule does with them.
     */
    private PersistentCollective persistent(PlannedCall call) {
        Schedule schedule = cache.get(call.key(), () -> check.prepare(call.build().get()));
        CollectiveArguments.checkBinding(call.inputName(), call.input(), schedule, Slots.INPUT);
        CollectiveArguments.checkBinding(call.outputName(), call.output(), schedule, Slots.OUTPUT);
        Supplier<String> description = call.description();
        return new PersistentCollective(submitter, schedule, call.input(), call.output(), () -> description.get() + where(),
                signature(schedule, call.segmentBytes()));
    }

    /** The signature every start of {@code schedule} numbers, or null without the check. */
    private CallSignature signature(Schedule schedule, int segmentBytes) {
        return check == CollectiveCheck.ON ? CallSignature.of(schedule, segmentBytes, -1) : null;
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
        if (submitter.isClosed()) {
            return;
        }
        try {
            if (check == CollectiveCheck.ON && size() > 1 && engine.isOpen()) {
                // The signature exchange alone: it is a barrier too, since every rank hears from every other.
                Schedule closing = check.prepare(new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, rank(), size(), -1, 0,
                        DataType.BYTE, null).build());
                submitter.submit(closing, null, null, () -> "CLOSE" + where(), CallSignature.closing(-1), null).await();
            }
        } finally {
            submitter.close();
            transport.close();
        }
    }
}
