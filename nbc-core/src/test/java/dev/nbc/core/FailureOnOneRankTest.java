package dev.nbc.core;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.testing.RankOutcomes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failures that only one rank sees, on in-process ranks without the consistency
 * check: under either error policy no rank waits forever for the failed rank. A rank that still
 * needs the failed rank's messages fails at once; a rank whose part was already done (it has
 * everything it needs, so its result is right) completes, and its next call fails, since the
 * communicator is revoked on every rank (FAIL_FAST in process cannot end the JVM, so it revokes
 * the world too, after printing the failure).
 */
class FailureOnOneRankTest {

    @ParameterizedTest
    @EnumSource(ErrorPolicy.class)
    void aReductionOperationThrowingOnOneRankFailsEveryRank(ErrorPolicy policy) {
        RankOutcomes outcomes = RankOutcomes.run(4, CollectiveCheck.OFF, policy, comm -> {
            ReduceOp throwsOnRank2 = ReduceOp.ofFloatingPoint("THROWS_ON_2", true, (a, b) -> {
                if (comm.rank() == 2) {
                    throw new ArithmeticException("planted failure of the user's operation");
                }
                return a + b;
            });
            ByteBuffer sum = Buffers.allocate(16, DataType.DOUBLE);
            for (int i = 0; i < 16; i++) {
                sum.putDouble(8 * i, 1);
            }
            try {
                comm.allreduce(null, sum, 16, DataType.DOUBLE, throwsOnRank2);
                assertEquals(4.0, sum.getDouble(0), "a rank that completes has the right result");
            } catch (NbcException failed) {
                // recorded by the barrier's failure below, which must come whatever happened here
                assertTrue(failed.getMessage().contains("planted failure"), failed.getMessage());
            }
            comm.barrier();
        });
        assertTrue(outcomes.allFailed(), outcomes.toString());
        assertTrue(outcomes.failure(2).contains("IALLREDUCE") && outcomes.failure(2).contains("planted failure"),
                outcomes.toString());
        for (int rank : new int[]{0, 1, 3}) {
            assertTrue(outcomes.failure(rank).contains("rank 2 of 4 revoked the in-process world")
                    && outcomes.failure(rank).contains("planted failure"), outcomes.toString());
        }
    }

    @ParameterizedTest
    @EnumSource(ErrorPolicy.class)
    void aTruncatedBroadcastFailsTheReceiversWritingNothingAndTheRootAtItsNextCall(ErrorPolicy policy) {
        double untouched = -7;
        RankOutcomes outcomes = RankOutcomes.run(3, CollectiveCheck.OFF, policy, comm -> {
            int count = comm.rank() == 0 ? 40 : 20;
            ByteBuffer buffer = Buffers.allocate(count, DataType.DOUBLE);
            for (int i = 0; i < count; i++) {
                buffer.putDouble(8 * i, comm.rank() == 0 ? i : untouched);
            }
            try {
                comm.bcast(buffer, count, DataType.DOUBLE, 0);
            } finally {
                for (int i = 0; comm.rank() != 0 && i < count; i++) {
                    assertEquals(untouched, buffer.getDouble(8 * i), "a truncated message must write nothing");
                }
            }
            // The root's part was done before anyone could fail: it learns at its next call, which
            // fails at once instead of waiting for ranks that have given up.
            comm.barrier();
        });
        assertTrue(outcomes.allFailed(), outcomes.toString());
        assertTrue(outcomes.failure(1).contains("message truncated: rank 0 sent 320 bytes"), outcomes.toString());
        assertTrue(outcomes.failure(0).contains("IBARRIER") && outcomes.failure(0).contains("revoked"), outcomes.toString());
    }

    @ParameterizedTest
    @EnumSource(ErrorPolicy.class)
    void aRevokedCommunicatorFailsEveryLaterCallAtOnceOnEveryRank(ErrorPolicy policy) {
        RankOutcomes outcomes = RankOutcomes.run(2, CollectiveCheck.OFF, policy, comm -> {
            ReduceOp throwsOnRank1 = ReduceOp.ofIntegers("THROWS_ON_1", true, (a, b) -> {
                if (comm.rank() == 1) {
                    throw new IllegalStateException("planted");
                }
                return a + b;
            });
            if (comm.rank() == 1) {
                assertThrows(NbcException.class,
                        () -> comm.allreduce(null, Buffers.allocate(1, DataType.INT), 1, DataType.INT, throwsOnRank1));
            } else {
                // rank 0 may have had all it needed before rank 1 failed: completing is right then
                try {
                    comm.allreduce(null, Buffers.allocate(1, DataType.INT), 1, DataType.INT, throwsOnRank1);
                } catch (NbcException revoked) {
                    assertTrue(revoked.getMessage().contains("revoked"), revoked.getMessage());
                }
            }
            for (int i = 0; i < 3; i++) {
                NbcException later = assertThrows(NbcException.class, comm::barrier);
                assertTrue(later.getMessage().contains("revoked"), later.getMessage());
            }
        });
        assertNull(outcomes.failure(0), outcomes.toString());
        assertNull(outcomes.failure(1), outcomes.toString());
    }
}
