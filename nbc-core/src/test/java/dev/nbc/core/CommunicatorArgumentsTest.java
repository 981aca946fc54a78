package dev.nbc.core;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.ScriptedTransport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is refused with the argument's name and the rule, before anything is sent. */
class CommunicatorArgumentsTest {
    private final ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
    private final ScriptedTransport transport = new ScriptedTransport(1, 4);
    private final Communicator comm = Communicator.create(engine, transport);
    private final ByteBuffer doubles = Buffers.allocate(8, DataType.DOUBLE);

    @AfterEach
    void close() {
        engine.close();
    }

    private void assertRefused(String argument, String rule, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(argument + ":"), "names " + argument + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(rule), "states the rule '" + rule + "': " + e.getMessage());
        assertEquals(0, transport.started().size(), "nothing was sent");
    }

    @Test
    void negativeCount() {
        assertRefused("count", ">= 0", () -> comm.ibcast(doubles, -1, DataType.DOUBLE, 0));
        assertRefused("count", ">= 0", () -> comm.iallreduce(doubles, doubles, -5, DataType.DOUBLE, ReduceOp.SUM));
    }

    @Test
    void rootOutsideTheGroup() {
        assertRefused("root", "0..3", () -> comm.ibcast(doubles, 1, DataType.DOUBLE, 4));
        assertRefused("root", "0..3", () -> comm.ibcast(doubles, 1, DataType.DOUBLE, -1));
    }

    @Test
    void bufferTooSmallForCountAndType() {
        assertRefused("buffer", "needs 72 bytes", () -> comm.ibcast(doubles, 9, DataType.DOUBLE, 0));
        ByteBuffer ints = Buffers.allocate(4, DataType.INT);
        assertRefused("sendBuffer", "needs 32 bytes", () -> comm.iallreduce(ints, doubles, 4, DataType.DOUBLE, ReduceOp.SUM));
        ByteBuffer positioned = Buffers.allocate(8, DataType.DOUBLE).position(16);
        assertRefused("buffer", "from its position 16", () -> comm.ibcast(positioned, 8, DataType.DOUBLE, 0));
    }

    @Test
    void readOnlyReceiveBuffer() {
        ByteBuffer readOnly = doubles.asReadOnlyBuffer();
        assertRefused("receiveBuffer", "read-only", () -> comm.iallreduce(doubles, readOnly, 8, DataType.DOUBLE, ReduceOp.SUM));
        assertRefused("buffer", "read-only", () -> comm.ibcast(readOnly, 8, DataType.DOUBLE, 0));
    }

    @Test
    void heapBuffer() {
        ByteBuffer heap = ByteBuffer.allocate(64);
        assertRefused("buffer", "direct", () -> comm.ibcast(heap, 8, DataType.DOUBLE, 0));
        assertRefused("sendBuffer", "direct", () -> comm.iallreduce(heap, doubles, 8, DataType.DOUBLE, ReduceOp.SUM));
    }

    @Test
    void operationNotDefinedForTheType() {
        assertRefused("op", "not defined for DOUBLE", () -> comm.iallreduce(doubles, Buffers.allocate(8, DataType.DOUBLE),
                8, DataType.DOUBLE, ReduceOp.BXOR));
    }

    @Test
    void nullArguments() {
        assertRefused("type", "null", () -> comm.ibcast(doubles, 1, null, 0));
        assertRefused("op", "null", () -> comm.iallreduce(doubles, doubles, 1, DataType.DOUBLE, null));
        assertRefused("buffer", "null", () -> comm.ibcast(null, 1, DataType.DOUBLE, 0));
    }

    @Test
    void aReadOnlyBufferIsFineAtTheRootOfABroadcast() {
        Communicator root = Communicator.create(engine, new ScriptedTransport(0, 1));
        root.ibcast(doubles.asReadOnlyBuffer(), 8, DataType.DOUBLE, 0).await();
    }
}
