package dev.nbc.core.check;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

class SignatureExchangeTest {

    /**
     * The exchange's part of a checked schedule, as the wire sees it: per round up to and
     * including the Verify, each send's and receive's peer and length (slots are local).
     */
    private static List<List<String>> exchange(Schedule checked) {
        List<List<String>> rounds = new ArrayList<>();
        for (Round round : checked.rounds()) {
            List<String> messages = new ArrayList<>();
            for (Operation operation : round.operations()) {
                if (operation instanceof Operation.Send send) {
                    messages.add("send " + send.length() + " B to " + send.peer());
                } else if (operation instanceof Operation.Receive receive) {
                    messages.add("receive " + receive.length() + " B from " + receive.peer());
                }
            }
            rounds.add(messages);
            if (round.operations().get(0) instanceof Operation.Verify) {
                return rounds;
            }
        }
        throw new AssertionError("no Verify in " + checked);
    }

    @Test
    void everyCollectiveExchangesTheSameMessagesSoThatMismatchedCallsStillMeet() {
        for (int size = 2; size <= 16; size++) {
            for (int rank = 0; rank < size; rank++) {
                List<List<String>> barrier = exchange(SignatureExchange.prependTo(BarrierAlgorithm.DISSEMINATION.build(rank, size)));
                List<List<String>> bcast = exchange(SignatureExchange.prependTo(
                        BcastAlgorithm.SCATTER_ALLGATHER.build(rank, size, size - 1, 5000, DataType.SHORT, 0)));
                List<List<String>> allreduce = exchange(SignatureExchange.prependTo(
                        AllreduceAlgorithm.RECURSIVE_DOUBLING.build(rank, size, 3, DataType.INT, ReduceOp.MAX, false)));
                assertEquals(barrier, bcast, "P = " + size + ", rank " + rank);
                assertEquals(barrier, allreduce, "P = " + size + ", rank " + rank);
                int rounds = 32 - Integer.numberOfLeadingZeros(size - 1);
                assertEquals(rounds + 1, barrier.size(), "ceil(log2 P) rounds, then the Verify");
            }
        }
    }

    @Test
    void theDataRoundsFollowUnchangedWithTheRecordsInAScratchSlotOfTheirOwn() {
        Schedule plain = AllreduceAlgorithm.RING.build(2, 5, 1000, DataType.DOUBLE, ReduceOp.SUM, false);
        Schedule checked = SignatureExchange.prependTo(plain);
        int exchangeRounds = exchange(checked).size();
        assertEquals(plain.rounds(), checked.rounds().subList(exchangeRounds, checked.depth()));
        assertEquals(plain.slotCount() + 1, checked.slotCount());
        assertEquals(5 * CallSignature.BYTES, checked.slotBytes(checked.slotCount() - 1));
        assertInstanceOf(Operation.Sign.class, checked.rounds().get(0).operations().get(0));
    }

    @Test
    void aSingleRankHasNobodyToDisagreeWith() {
        Schedule plain = BarrierAlgorithm.DISSEMINATION.build(0, 1);
        assertSame(plain, SignatureExchange.prependTo(plain));
    }
}
