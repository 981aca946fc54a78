package dev.nbc.core.progress;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.testing.ScriptedTransport;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failure inside a round: the round's other posted operations are withdrawn where possible, and
 * its scratch buffers go back to the pool only once nothing can land in them any more.
 *
 * <p>The schedule used: recursive doubling at P = 2 on rank 0, whose only round posts a send of
 * the output and a receive into a scratch buffer (in that order).
 */
class FailedRoundTest {
    private final ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
    private final ScriptedTransport transport = new ScriptedTransport(0, 2);
    private final Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);

    /** An operation that completes only when released or, if it may be, withdrawn. */
    private static final class HeldOperation implements PendingOperation {
        private final boolean withdrawable;
        private volatile boolean released;
        private volatile boolean cancelled;

        HeldOperation(boolean withdrawable) {
            this.withdrawable = withdrawable;
        }

        @Override
        public boolean test() {
            return released || cancelled;
        }

        @Override
        public void cancel() {
            if (withdrawable) {
                cancelled = true;
            }
        }
    }

    private static PendingOperation failing() {
        return () -> {
            throw new TransportException("peer gone");
        };
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private Request allreduce() {
        return comm.allreduceInit(Buffers.allocate(4, DataType.INT), Buffers.allocate(4, DataType.INT), 4, DataType.INT,
                ReduceOp.SUM, AllreduceAlgorithm.RECURSIVE_DOUBLING).start();
    }

    /** The buffer the {@code n}-th operation started was given. */
    private ByteBuffer bufferOf(int n) {
        ScriptedTransport.Started started = transport.started().get(n);
        assertTrue(!started.send(), "operation " + n + " is the scratch receive");
        return started.buffer();
    }

    @Test
    void aFailureWithdrawsTheRoundsReceiveThatNothingMatchedYet() {
        HeldOperation receive = new HeldOperation(true);
        AtomicInteger started = new AtomicInteger();
        transport.behave(() -> started.getAndIncrement() == 0 ? failing() : receive);
        Request request = allreduce();
        NbcException e = assertThrows(NbcException.class, request::await);
        assertTrue(e.getMessage().contains("peer gone"), e.getMessage());
        assertTrue(receive.cancelled, "the pending receive was withdrawn");
    }

    @Test
    void aFailureWhilePostingARoundWithdrawsWhatItHadPostedAlready() {
        HeldOperation send = new HeldOperation(true);
        AtomicInteger started = new AtomicInteger();
        transport.behave(() -> {
            if (started.getAndIncrement() == 1) {
                throw new TransportException("no route");
            }
            return send;
        });
        Request request = allreduce();
        assertThrows(NbcException.class, request::await);
        assertTrue(send.cancelled, "the send posted before the failure was withdrawn");
    }

    @Test
    void scratchOfAFailedRoundIsNotReusedWhileAReceiveMayStillLandInIt() {
        HeldOperation matched = new HeldOperation(false); // a receive a message already matched: it cannot be withdrawn
        AtomicInteger started = new AtomicInteger();
        transport.behave(() -> started.getAndIncrement() == 0 ? failing() : matched);
        Request failed = allreduce();
        assertThrows(NbcException.class, failed::await);
        ByteBuffer scratch = bufferOf(1);

        transport.behave(() -> () -> true);
        for (int i = 1; i <= 3; i++) {
            allreduce().await();
            assertNotSame(scratch, bufferOf(2 * i + 1), "allreduce " + i + " received into the failed round's scratch");
        }

        // Once the receive is over, a pass (here a barrier's) hands the scratch buffer back, and
        // the next allreduce receives into it.
        matched.released = true;
        comm.ibarrier().await();
        int next = transport.started().size();
        allreduce().await();
        assertSame(scratch, bufferOf(next + 1), "the drained scratch buffer went back to the pool");
    }
}
