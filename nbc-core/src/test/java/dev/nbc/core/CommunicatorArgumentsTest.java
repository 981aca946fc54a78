package dev.nbc.core;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
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
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is refused with the argument's name and the rule, before anything is sent. */
class CommunicatorArgumentsTest {
    private final ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
    private final ScriptedTransport transport = new ScriptedTransport(1, 4);
    private final Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
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
        ByteBuffer readOnly = doubles.asReadOnlyBuffer().order(ByteOrder.nativeOrder());
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
    void aReduceNeedsASendBufferExceptAtTheRootAndAReceiveBufferOnlyThere() {
        // this communicator is rank 1 of 4
        assertRefused("sendBuffer", "only the root may work in place",
                () -> comm.ireduce(null, doubles, 8, DataType.DOUBLE, ReduceOp.SUM, 0));
        assertRefused("receiveBuffer", "null", () -> comm.ireduce(null, null, 8, DataType.DOUBLE, ReduceOp.SUM, 1));
        assertRefused("root", "0..3", () -> comm.ireduce(doubles, null, 8, DataType.DOUBLE, ReduceOp.SUM, 4));
        assertRefused("op", "not defined for DOUBLE", () -> comm.ireduce(doubles, null, 8, DataType.DOUBLE, ReduceOp.BXOR, 0));
        assertRefused("sendBuffer", "needs 72 bytes", () -> comm.ireduce(doubles, null, 9, DataType.DOUBLE, ReduceOp.SUM, 0));
    }

    @Test
    void anAllgatherNeedsRoomForEveryRanksBlockAndRefusesASendBufferInsideAnotherBlock() {
        ByteBuffer forFour = Buffers.allocate(32, DataType.DOUBLE);
        assertRefused("receiveBuffer", "needs 256 bytes", () -> comm.iallgather(doubles, doubles, 8, DataType.DOUBLE));
        assertRefused("sendBuffer", "without being this rank's block 1",
                () -> comm.iallgather(forFour.slice(0, 64).order(ByteOrder.nativeOrder()), forFour, 8, DataType.DOUBLE));
        assertRefused("count", "more than a Java buffer holds",
                () -> comm.iallgather(doubles, forFour, Integer.MAX_VALUE / 4, DataType.DOUBLE));
    }

    @Test
    void gatherAndScatterNeedTheirBuffersExceptInPlaceAtTheRoot() {
        // this communicator is rank 1 of 4
        ByteBuffer forFour = Buffers.allocate(32, DataType.DOUBLE);
        assertRefused("sendBuffer", "only the root may work in place", () -> comm.igather(null, forFour, 8, DataType.DOUBLE, 0));
        assertRefused("receiveBuffer", "needs 256 bytes", () -> comm.igather(doubles, doubles, 8, DataType.DOUBLE, 1));
        assertRefused("receiveBuffer", "only the root may work in place", () -> comm.iscatter(forFour, null, 8, DataType.DOUBLE, 0));
        assertRefused("sendBuffer", "needs 256 bytes", () -> comm.iscatter(doubles, doubles, 8, DataType.DOUBLE, 1));
        assertRefused("receiveBuffer", "without being this rank's block 1",
                () -> comm.iscatter(forFour, forFour.slice(8, 64).order(ByteOrder.nativeOrder()), 8, DataType.DOUBLE, 1));
    }

    @Test
    void anAlltoallNeedsPBlocksBothWaysAndRefusesOverlappingBuffers() {
        ByteBuffer forFour = Buffers.allocate(32, DataType.DOUBLE);
        assertRefused("receiveBuffer", "needs 256 bytes", () -> comm.ialltoall(forFour, doubles, 8, DataType.DOUBLE));
        assertRefused("sendBuffer", "needs 256 bytes", () -> comm.ialltoall(doubles, forFour, 8, DataType.DOUBLE));
        assertRefused("sendBuffer", "without being the same region",
                () -> comm.ialltoall(forFour.slice(8, 128).order(ByteOrder.nativeOrder()),
                        forFour.slice(0, 128).order(ByteOrder.nativeOrder()), 4, DataType.DOUBLE));
    }

    @Test
    void aVCollectivesLayoutIsCheckedBeforeAnythingIsSent() {
        // this communicator is rank 1 of 4
        ByteBuffer ints = Buffers.allocate(16, DataType.INT);
        assertRefused("receiveCounts", "one entry per rank (4)",
                () -> comm.iallgatherv(ints, 1, ints.duplicate(), new int[]{1, 1, 1}, new int[]{0, 1, 2}, DataType.INT));
        assertRefused("displacements", "must be >= 0",
                () -> comm.iallgatherv(null, 1, ints, new int[]{1, 1, 1, 1}, new int[]{0, 1, -2, 3}, DataType.INT));
        assertRefused("displacements", "the blocks of ranks 0 and 1 overlap",
                () -> comm.iallgatherv(null, 2, ints, new int[]{2, 2, 2, 2}, new int[]{0, 1, 4, 6}, DataType.INT));
        assertRefused("sendCount", "must equal receiveCounts[1]",
                () -> comm.iallgatherv(Buffers.allocate(3, DataType.INT), 3, ints, new int[]{2, 2, 2, 2}, new int[]{0, 2, 4, 6},
                        DataType.INT));
        assertRefused("receiveBuffer", "needs 80 bytes",
                () -> comm.iallgatherv(null, 2, ints, new int[]{2, 2, 2, 2}, new int[]{0, 2, 4, 18}, DataType.INT));
        assertRefused("receiveBuffer", "only the root may work in place",
                () -> comm.iscatterv(null, null, null, null, 2, DataType.INT, 0));
    }

    @Test
    void inPlaceTheSendArgumentsAreIgnoredAsMpiIgnoresThem() {
        // this communicator is rank 1 of 4; counts of -1 and null arrays stand for arguments MPI ignores
        ByteBuffer ints = Buffers.allocate(16, DataType.INT);
        int[] counts = {2, 2, 2, 2};
        int[] displacements = {0, 2, 4, 6};
        assertEquals(0, comm.allgathervInit(null, -1, ints, counts, displacements, DataType.INT).schedule().inputBytes());
        assertEquals(0, comm.gathervInit(null, -1, ints, counts, displacements, DataType.INT, 1).schedule().inputBytes());
        assertEquals(0, comm.scattervInit(ints, counts, displacements, null, -1, DataType.INT, 1).schedule().outputBytes());
        assertEquals(0, comm.alltoallvInit(null, null, null, ints, counts, displacements, DataType.INT, null).schedule()
                .inputBytes());
        assertEquals(0, transport.started().size(), "nothing was sent");
    }

    @Test
    void alltoallwNamesTheArgumentAndTheRule() {
        // this communicator is rank 1 of 4; a LONG block and three INT blocks, displacements in bytes
        ByteBuffer bytes = Buffers.allocate(64, DataType.BYTE);
        int[] counts = {1, 2, 2, 2};
        int[] displacements = {0, 8, 16, 24};
        DataType[] types = {DataType.LONG, DataType.INT, DataType.INT, DataType.INT};
        assertRefused("receiveTypes", "must not be null",
                () -> comm.ialltoallw(bytes, counts, displacements, types, Buffers.allocate(64, DataType.BYTE), counts,
                        displacements, null));
        assertRefused("sendTypes", "one entry per rank (4), but has 3",
                () -> comm.ialltoallw(bytes, counts, displacements, new DataType[]{DataType.INT, DataType.INT, DataType.INT},
                        Buffers.allocate(64, DataType.BYTE), counts, displacements, types));
        assertRefused("receiveTypes", "[2] must not be null",
                () -> comm.ialltoallw(null, null, null, null, bytes, counts, displacements,
                        new DataType[]{DataType.LONG, DataType.INT, null, DataType.INT}));
        assertRefused("receiveDisplacements", "the blocks of ranks 0 and 1 overlap",
                () -> comm.ialltoallw(null, null, null, null, bytes, counts, new int[]{0, 4, 16, 24}, types));
        assertRefused("sendCounts", "[1] x SHORT must be as many bytes as receiveCounts[1] x INT, 8, but is 4",
                () -> comm.ialltoallw(bytes, counts, displacements,
                        new DataType[]{DataType.LONG, DataType.SHORT, DataType.INT, DataType.INT},
                        Buffers.allocate(64, DataType.BYTE), counts, displacements, types));
        assertRefused("receiveBuffer", "needs 32 bytes",
                () -> comm.ialltoallw(null, null, null, null, Buffers.allocate(31, DataType.BYTE), counts, displacements, types));
        // in place the send arguments are ignored, as MPI ignores them
        assertEquals(0, comm.alltoallwInit(null, null, null, null, bytes, counts, displacements, types, null).schedule()
                .inputBytes());
        assertEquals(0, transport.started().size(), "nothing was sent");
    }

    @Test
    void aVCollectivesOwnCountIsCheckedWhereItsBufferIsGiven() {
        // this communicator is rank 1 of 4
        ByteBuffer ints = Buffers.allocate(16, DataType.INT);
        int[] counts = {2, 2, 2, 2};
        int[] displacements = {0, 2, 4, 6};
        assertRefused("sendCount", "must be >= 0",
                () -> comm.iallgatherv(Buffers.allocate(2, DataType.INT), -1, ints, counts, displacements, DataType.INT));
        assertRefused("sendCount", "must be >= 0",
                () -> comm.igatherv(Buffers.allocate(2, DataType.INT), -1, ints, counts, displacements, DataType.INT, 1));
        assertRefused("sendCount", "must be >= 0", () -> comm.igatherv(ints, -1, null, null, null, DataType.INT, 0));
        assertRefused("receiveCount", "must be >= 0", () -> comm.iscatterv(null, null, null, ints, -1, DataType.INT, 0));
        assertRefused("receiveCount", "must equal sendCounts[1] at the root, 2",
                () -> comm.iscatterv(ints, counts, displacements, Buffers.allocate(3, DataType.INT), 3, DataType.INT, 1));
    }

    @Test
    void aReadOnlyBufferIsFineAtTheRootOfABroadcast() {
        Communicator root = Communicator.create(engine, new ScriptedTransport(0, 1), CollectiveCheck.OFF);
        root.ibcast(doubles.asReadOnlyBuffer().order(ByteOrder.nativeOrder()), 8, DataType.DOUBLE, 0).await();
    }

    @Test
    void aReadOnlyRootBufferIsFineForEveryBroadcastAlgorithm() {
        ByteBuffer readOnly = doubles.asReadOnlyBuffer().order(ByteOrder.nativeOrder());
        for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
            Communicator root = Communicator.create(engine, new ScriptedTransport(2, 5), CollectiveCheck.OFF);
            root.bcastInit(readOnly, 8, DataType.DOUBLE, 2, algorithm).start().await();
        }
    }

    @Test
    void aBufferInAnotherByteOrderIsRefusedForEveryTypeWiderThanAByte() {
        ByteBuffer bigEndian = ByteBuffer.allocateDirect(64);   // BIG_ENDIAN, as allocateDirect makes it
        String rule = "native byte order";
        assertRefused("buffer", rule, () -> comm.ibcast(bigEndian, 8, DataType.DOUBLE, 0));
        assertRefused("sendBuffer", rule, () -> comm.iallreduce(bigEndian, doubles, 8, DataType.DOUBLE, ReduceOp.SUM));
        assertRefused("receiveBuffer", rule, () -> comm.iallreduce(doubles, bigEndian, 8, DataType.DOUBLE, ReduceOp.SUM));
        assertRefused("receiveBuffer", rule, () -> comm.iallreduce(null, bigEndian, 4, DataType.SHORT, ReduceOp.MAX));
        ByteBuffer readOnlyView = doubles.asReadOnlyBuffer(); // views are BIG_ENDIAN too: the message says so
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> comm.ibcast(readOnlyView, 8, DataType.DOUBLE, 1));
        assertTrue(e.getMessage().contains("asReadOnlyBuffer()") && e.getMessage().contains("BIG_ENDIAN"), e.getMessage());
        assertEquals(0, transport.started().size(), "nothing was sent");
    }

    @Test
    void bytesHaveNoByteOrderToGetWrong() {
        Communicator alone = Communicator.create(engine, new ScriptedTransport(0, 1), CollectiveCheck.OFF);
        ByteBuffer bigEndian = ByteBuffer.allocateDirect(16);
        alone.ibcast(bigEndian, 16, DataType.BYTE, 0).await();
        alone.iallreduce(null, bigEndian, 16, DataType.BYTE, ReduceOp.BXOR).await();
    }

    @Test
    void theSameMemoryThroughAnotherBufferObjectIsInPlace() {
        ByteBuffer receive = Buffers.allocate(16, DataType.DOUBLE).position(32);
        ByteBuffer[] sameRegion = {
                receive.duplicate().order(ByteOrder.nativeOrder()),
                receive.asReadOnlyBuffer().order(ByteOrder.nativeOrder()),
                receive.slice().order(ByteOrder.nativeOrder()),
                receive.duplicate().clear().slice(32, 64).order(ByteOrder.nativeOrder()),
        };
        for (ByteBuffer send : sameRegion) {
            PersistentCollective call = comm.allreduceInit(send, receive, 8, DataType.DOUBLE, ReduceOp.SUM, null);
            assertEquals(0, call.schedule().inputBytes(), "in place, so no input slot: " + send);
        }
        ByteBuffer elsewhere = Buffers.allocate(8, DataType.DOUBLE);
        assertEquals(64, comm.allreduceInit(elsewhere, receive, 8, DataType.DOUBLE, ReduceOp.SUM, null).schedule().inputBytes());
    }

    @Test
    void sendAndReceiveRegionsThatShareSomeBytesAreRefused() {
        ByteBuffer memory = Buffers.allocate(16, DataType.DOUBLE);
        ByteBuffer send = memory.duplicate().order(ByteOrder.nativeOrder()).position(0);
        ByteBuffer receive = memory.duplicate().order(ByteOrder.nativeOrder()).position(8);
        assertRefused("sendBuffer", "overlap", () -> comm.iallreduce(send, receive, 4, DataType.DOUBLE, ReduceOp.SUM));
        assertRefused("sendBuffer", "erroneous", () -> comm.iallreduce(receive, send, 4, DataType.DOUBLE, ReduceOp.SUM));
        ByteBuffer furtherOn = memory.duplicate().order(ByteOrder.nativeOrder()).position(24);
        assertRefused("sendBuffer", "overlap", () -> comm.iallreduce(furtherOn, receive, 4, DataType.DOUBLE, ReduceOp.SUM));
        // adjacent regions share no byte: an ordinary, not-in-place call
        ByteBuffer next = memory.duplicate().order(ByteOrder.nativeOrder()).position(32);
        assertEquals(32, comm.allreduceInit(send, next, 4, DataType.DOUBLE, ReduceOp.SUM, null).schedule().inputBytes());
    }
}
