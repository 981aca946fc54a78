package dev.nbc.core;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.RankOutcomes;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A call on a closed communicator, or on one whose engine is closed, is refused in the caller with
 * {@link IllegalStateException} naming the call; nothing else fails (the error policy does not act:
 * no rank is revoked, no job ended).
 */
class ClosedCommunicatorTest {

    @ParameterizedTest
    @EnumSource(CollectiveCheck.class)
    void everyKindOfCallOnAClosedCommunicatorThrowsInTheCallerAndFailsNoRank(CollectiveCheck check) {
        RankOutcomes outcomes = RankOutcomes.run(2, check, ErrorPolicy.FAIL_FAST, comm -> {
            ByteBuffer sum = Buffers.allocate(10, DataType.DOUBLE);
            PersistentCollective persistent = comm.allreduceInit(null, sum, 10, DataType.DOUBLE, ReduceOp.SUM, null);
            persistent.start().await();
            comm.close();
            assertRefused("IALLREDUCE 10 x DOUBLE SUM", () -> comm.iallreduce(null, sum, 10, DataType.DOUBLE, ReduceOp.SUM));
            assertRefused("IALLREDUCE 10 x DOUBLE SUM", persistent::start);
            assertRefused("IALLREDUCE 10 x DOUBLE SUM", () -> comm.allreduceInit(null, sum, 10, DataType.DOUBLE, ReduceOp.SUM, null));
            assertRefused("IBARRIER", comm::barrier);
            assertRefused("IBCAST", () -> comm.arrays().ibcast(new int[3], 0));
            comm.close();
            assertTrue(comm.engine().isOpen(), "the engine goes on");
        });
        assertNull(outcomes.failure(0), outcomes.toString());
        assertNull(outcomes.failure(1), outcomes.toString());
    }

    @Test
    void aCollectiveThatWouldRunWithinItsCallIsRefusedToo() {
        try (InProcessWorld world = new InProcessWorld(1);
             ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Communicator comm = Communicator.create(engine, world.transport(0), CollectiveCheck.OFF);
            comm.close();
            assertRefused("IALLREDUCE 4 x INT SUM", () -> comm.iallreduce(null, Buffers.allocate(4, DataType.INT), 4, DataType.INT,
                    ReduceOp.SUM));
        }
    }

    @Test
    void aCollectiveOnAClosedEngineIsRefusedNamingItAndTheEngine() {
        try (InProcessWorld world = new InProcessWorld(2)) {
            ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
            Communicator comm = Communicator.create(engine, world.transport(0), CollectiveCheck.OFF);
            engine.close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> comm.iallreduce(null, Buffers.allocate(4, DataType.INT), 4, DataType.INT, ReduceOp.SUM));
            assertEquals("IALLREDUCE 4 x INT SUM on rank 0 of 2: the progress engine is closed", e.getMessage());
            assertTrue(!world.transport(0).isClosed() && !world.transport(1).isClosed(), "no rank's transport was touched");
        }
    }

    private static void assertRefused(String call, Executable misuse) {
        IllegalStateException e = assertThrows(IllegalStateException.class, misuse);
        assertTrue(e.getMessage().startsWith(call) && e.getMessage().endsWith(": the communicator is closed"), e.getMessage());
    }
}
