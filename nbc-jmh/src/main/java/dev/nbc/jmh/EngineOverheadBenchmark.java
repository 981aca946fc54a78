package dev.nbc.jmh;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.ByteBuffer;

/**
 * The engine's per-collective overhead: start + await of a collective whose transport operations
 * complete at once (rank 1 of 8, so the schedules have several rounds; or the only rank, whose
 * collectives run inside their start). "single" is the latency of
 * one collective alone (hand-off to the progress thread and back); "batched" starts 64 and then
 * awaits them, the throughput view. MANUAL mode runs without the thread, the baseline that shows
 * what the hand-off costs.
 */
public class EngineOverheadBenchmark extends NbcBenchmark {
    private static final int BATCH = 64;

    @Param({"THREAD", "MANUAL"})
    ProgressMode mode;

    @Param({"BACKOFF", "BUSY_SPIN"})
    IdleStrategy idle;

    /** Ranks in the communicator (this benchmark is rank 1, or rank 0 of 1). */
    @Param({"8", "1"})
    int ranks;

    private ProgressEngine engine;
    private Communicator comm;
    private ByteBuffer send;
    private ByteBuffer receive;
    private final Request[] batch = new Request[BATCH];

    @Setup(Level.Trial)
    public void setUp() {
        engine = ProgressEngine.start(mode, idle);
        comm = Communicator.create(engine, new LoopbackTransport(ranks > 1 ? 1 : 0, ranks), CollectiveCheck.OFF);
        send = Buffers.allocate(1, DataType.DOUBLE);
        receive = Buffers.allocate(1, DataType.DOUBLE);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        engine.close();
    }

    @Benchmark
    public void barrierSingle() {
        comm.ibarrier().await();
    }

    @Benchmark
    public void allreduceSingle() {
        comm.iallreduce(send, receive, 1, DataType.DOUBLE, ReduceOp.SUM).await();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void barrierBatched() {
        for (int i = 0; i < BATCH; i++) {
            batch[i] = comm.ibarrier();
        }
        for (Request request : batch) {
            request.await();
        }
    }
}
