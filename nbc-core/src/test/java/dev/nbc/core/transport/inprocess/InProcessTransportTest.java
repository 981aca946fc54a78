package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Matching, data integrity and life cycle of the in-process transport on the ideal network. */
class InProcessTransportTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void sameSourceAndTagAreNonOvertakingWhetherTheReceiveComesBeforeOrAfterTheSend() {
        InProcessWorld world = new InProcessWorld(2);
        Transport sender = world.transport(0);
        Transport receiver = world.transport(1);
        List<ByteBuffer> slots = new ArrayList<>();
        List<PendingOperation> receives = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            receives.add(receiveInt(receiver, 0, 3, slots));
        }
        for (int i = 0; i < 100; i++) {
            assertTrue(sender.send(intBuffer(i), 0, 4, 1, 3).test());
        }
        for (int i = 50; i < 100; i++) {
            receives.add(receiveInt(receiver, 0, 3, slots));
        }
        for (int i = 0; i < 100; i++) {
            awaitTrue(receives.get(i));
            assertEquals(i, slots.get(i).getInt(0), "receive " + i);
        }
    }

    @Test
    void aWithdrawnReceiveCompletesHavingReceivedNothingAndTheNextMessageGoesToTheReceiveBehindIt() {
        InProcessWorld world = new InProcessWorld(2);
        Transport sender = world.transport(0);
        Transport receiver = world.transport(1);
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation withdrawn = receiveInt(receiver, 0, 3, slots);
        PendingOperation behind = receiveInt(receiver, 0, 3, slots);
        slots.get(0).putInt(0, -1);
        withdrawn.cancel();
        assertTrue(withdrawn.test(), "a withdrawn receive is over at once");
        sender.send(intBuffer(42), 0, 4, 1, 3);
        awaitTrue(behind);
        assertEquals(42, slots.get(1).getInt(0));
        assertEquals(-1, slots.get(0).getInt(0), "nothing landed in the withdrawn receive");
    }

    @Test
    void aReceiveThatAMessageMatchedCannotBeWithdrawnAndStillReceives() {
        InProcessWorld world = new InProcessWorld(2);
        List<ByteBuffer> slots = new ArrayList<>();
        world.transport(0).send(intBuffer(7), 0, 4, 1, 3);
        PendingOperation matched = receiveInt(world.transport(1), 0, 3, slots);
        matched.cancel();
        awaitTrue(matched);
        assertEquals(7, slots.get(0).getInt(0));
    }

    @Test
    void tagsMatchIndependentlyWhateverOrderTheReceivesArePostedIn() {
        InProcessWorld world = new InProcessWorld(2);
        Transport sender = world.transport(0);
        Transport receiver = world.transport(1);
        List<ByteBuffer> slotsOfTag7 = new ArrayList<>();
        List<PendingOperation> receivesOfTag7 = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            receivesOfTag7.add(receiveInt(receiver, 0, 7, slotsOfTag7));
        }
        for (int i = 0; i < 40; i++) {                  // tags 7, 9, 7, 9, ...: value i
            sender.send(intBuffer(i), 0, 4, 1, i % 2 == 0 ? 7 : 9);
        }
        List<ByteBuffer> slotsOfTag9 = new ArrayList<>();
        List<PendingOperation> receivesOfTag9 = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            receivesOfTag9.add(receiveInt(receiver, 0, 9, slotsOfTag9));
        }
        for (int i = 10; i < 20; i++) {
            receivesOfTag7.add(receiveInt(receiver, 0, 7, slotsOfTag7));
        }
        for (int k = 0; k < 20; k++) {
            awaitTrue(receivesOfTag7.get(k));
            awaitTrue(receivesOfTag9.get(k));
            assertEquals(2 * k, slotsOfTag7.get(k).getInt(0));
            assertEquals(2 * k + 1, slotsOfTag9.get(k).getInt(0));
        }
    }

    @Test
    void aReceiveNamesItsSourceSoOtherSourcesWithTheSameTagDoNotMatchIt() {
        InProcessWorld world = new InProcessWorld(3);
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation fromTwo = receiveInt(world.transport(0), 2, 1, slots);
        world.transport(1).send(intBuffer(11), 0, 4, 0, 1);
        assertFalse(fromTwo.test());
        world.transport(2).send(intBuffer(22), 0, 4, 0, 1);
        awaitTrue(fromTwo);
        assertEquals(22, slots.get(0).getInt(0));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 4096, 1 << 20, 16 << 20})
    void everyByteArrivesWhetherTheReceiveIsPostedFirstOrLast(int size) {
        for (boolean receiveFirst : new boolean[] {true, false}) {
            InProcessWorld world = new InProcessWorld(2);
            int offset = 3;                              // unaligned, and with bytes around the range to watch
            ByteBuffer source = ByteBuffer.allocateDirect(size + 2 * offset);
            fillRandomly(source, size);
            ByteBuffer target = ByteBuffer.allocateDirect(size + 2 * offset);
            for (int i = 0; i < target.capacity(); i++) {
                target.put(i, (byte) 0x5A);
            }
            PendingOperation receive = receiveFirst ? world.transport(1).receive(target, offset, size, 0, 4) : null;
            PendingOperation send = world.transport(0).send(source, offset, size, 1, 4);
            if (!receiveFirst) {
                for (int i = 0; i < source.capacity(); i++) {   // the data was taken when the send was posted
                    source.put(i, (byte) 0x11);
                }
                receive = world.transport(1).receive(target, offset, size, 0, 4);
            }
            awaitTrue(send);
            awaitTrue(receive);
            assertEquals(-1, mismatchWithSeed(target, offset, size), "size " + size + ", receive first: " + receiveFirst);
            for (int i = 0; i < offset; i++) {
                assertEquals(0x5A, target.get(i), "byte before the range");
                assertEquals(0x5A, target.get(offset + size + i), "byte after the range");
            }
        }
    }

    @Test
    void tenThousandMessagesBetweenFourRanksAllPostedBeforeAnyTest() {
        int ranks = 4;
        int perRank = 2500;
        int tags = 5;
        new InProcessWorld(ranks).run((rank, transport) -> {
            // message i of rank r goes to (r + 1 + i % 3) % 4 with tag i % 5 and carries (r, i)
            List<PendingOperation> operations = new ArrayList<>();
            List<ByteBuffer> slots = new ArrayList<>();
            List<int[]> expected = new ArrayList<>();
            for (int tag = 0; tag < tags; tag++) {        // receives posted tag by tag, unlike the sends
                for (int source = 0; source < ranks; source++) {
                    for (int i = 0; i < perRank && source != rank; i++) {
                        if ((source + 1 + i % 3) % ranks == rank && i % tags == tag) {
                            ByteBuffer slot = ByteBuffer.allocateDirect(8);
                            slots.add(slot);
                            expected.add(new int[] {source, i});
                            operations.add(transport.receive(slot, 0, 8, source, tag));
                        }
                    }
                }
                if (tag == 1) {                          // the rest of the receives come after the sends
                    for (int i = 0; i < perRank; i++) {
                        ByteBuffer data = ByteBuffer.allocateDirect(8).putInt(0, rank).putInt(4, i);
                        operations.add(transport.send(data, 0, 8, (rank + 1 + i % 3) % ranks, i % tags));
                    }
                }
            }
            awaitAll(operations);
            for (int k = 0; k < slots.size(); k++) {
                assertEquals(expected.get(k)[0], slots.get(k).getInt(0), "source of receive " + k);
                assertEquals(expected.get(k)[1], slots.get(k).getInt(4), "index of receive " + k);
            }
        }, TIMEOUT);
    }

    @Test
    void ranksExchangeConcurrentlyOnTheirOwnThreads() {
        int ranks = 4;
        int rounds = 500;
        new InProcessWorld(ranks).run((rank, transport) -> {
            ByteBuffer out = ByteBuffer.allocateDirect(8);
            ByteBuffer in = ByteBuffer.allocateDirect(8);
            for (int round = 0; round < rounds; round++) {  // a ring shift per round, each in a fresh tag
                out.putInt(0, rank).putInt(4, round);
                PendingOperation receive = transport.receive(in, 0, 8, (rank + ranks - 1) % ranks, round % 100);
                PendingOperation send = transport.send(out, 0, 8, (rank + 1) % ranks, round % 100);
                awaitTrue(receive);
                awaitTrue(send);
                assertEquals((rank + ranks - 1) % ranks, in.getInt(0));
                assertEquals(round, in.getInt(4));
            }
        }, TIMEOUT);
    }

    /**
     * Messages sent before their receives are copied aside into buffers that are reused:
     * a shorter message in a reused, longer buffer must deliver exactly its own bytes, and one
     * still waiting must keep its data while later messages are staged.
     */
    @Test
    void stagedMessagesOfVaryingLengthsDeliverExactlyTheirOwnBytes() {
        InProcessWorld world = new InProcessWorld(2);
        Transport sender = world.transport(0);
        Transport receiver = world.transport(1);
        SplittableRandom random = new SplittableRandom(11);
        int[] lengths = {4096, 1000, 0, 4096, 17, 70_000, 3};
        for (int round = 0; round < 3; round++) {
            List<byte[]> sent = new ArrayList<>();
            for (int length : lengths) {
                byte[] data = new byte[length];
                random.nextBytes(data);
                sent.add(data);
                ByteBuffer source = ByteBuffer.allocateDirect(Math.max(1, length)).put(data).clear();
                assertTrue(sender.send(source, 0, length, 1, 9).test());
                source.put(0, (byte) ~source.get(0)); // the sender's buffer is free once the send returns
            }
            for (int i = 0; i < lengths.length; i++) {
                ByteBuffer target = ByteBuffer.allocateDirect(lengths[i] + 8);
                for (int k = 0; k < target.capacity(); k++) {
                    target.put(k, (byte) 0x5A);
                }
                awaitTrue(receiver.receive(target, 0, lengths[i] + 8, 0, 9));
                byte[] got = new byte[lengths[i]];
                target.get(0, got);
                assertArrayEquals(sent.get(i), got, "message " + i + " of round " + round);
                for (int k = lengths[i]; k < target.capacity(); k++) {
                    assertEquals(0x5A, target.get(k), "byte " + k + " past message " + i + " of round " + round);
                }
            }
        }
    }

    @Test
    void selfSendsWorkInBothOrders() {
        Transport self = new InProcessWorld(1).transport(0);
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation first = receiveInt(self, 0, 0, slots);
        awaitTrue(self.send(intBuffer(1), 0, 4, 0, 0));
        awaitTrue(self.send(intBuffer(2), 0, 4, 0, 0));
        PendingOperation second = receiveInt(self, 0, 0, slots);
        awaitTrue(first);
        awaitTrue(second);
        assertEquals(1, slots.get(0).getInt(0));
        assertEquals(2, slots.get(1).getInt(0));
    }

    @Test
    void aLongerMessageFailsTheReceiveNamingSourceTagAndBothLengthsAndAShorterOneFits() {
        for (boolean receiveFirst : new boolean[] {true, false}) {
            InProcessWorld world = new InProcessWorld(3);
            ByteBuffer target = ByteBuffer.allocateDirect(50);
            PendingOperation receive = receiveFirst ? world.transport(0).receive(target, 0, 50, 2, 5) : null;
            PendingOperation send = world.transport(2).send(ByteBuffer.allocateDirect(100), 0, 100, 0, 5);
            if (!receiveFirst) {
                receive = world.transport(0).receive(target, 0, 50, 2, 5);
            }
            awaitTrue(send);                              // as in MPI, the error is the receiver's
            PendingOperation failing = receive;
            TransportException e = assertThrows(TransportException.class, () -> awaitTrue(failing));
            for (String part : new String[] {"rank 2", "tag 5", "100 bytes", "50 bytes"}) {
                assertTrue(e.getMessage().contains(part), e.getMessage());
            }
            assertSame(e, assertThrows(TransportException.class, receive::test), "the same failure again");

            ByteBuffer roomy = ByteBuffer.allocateDirect(50);
            roomy.put(10, (byte) 99);
            PendingOperation shorter = world.transport(0).receive(roomy, 0, 50, 2, 5);
            world.transport(2).send(intBuffer(-7), 0, 4, 0, 5);
            awaitTrue(shorter);
            assertEquals(-7, roomy.getInt(0));
            assertEquals(99, roomy.get(10), "bytes beyond the message are left alone");
        }
    }

    @Test
    void closingAbandonsPendingReceivesFailsPeersThatWaitForItAndRefusesNewOperations() {
        InProcessWorld world = new InProcessWorld(3);
        InProcessTransport zero = world.transport(0);
        PendingOperation pending = zero.receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 0);
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation delivered = receiveInt(zero, 2, 0, slots);
        world.transport(2).send(intBuffer(5), 0, 4, 0, 0);
        awaitTrue(delivered);
        PendingOperation fromZeroBeforeClose = receiveInt(world.transport(1), 0, 0, slots);
        PendingOperation fromZeroNever = receiveInt(world.transport(1), 0, 0, slots);
        zero.send(intBuffer(6), 0, 4, 1, 0);

        zero.close();
        zero.close();
        assertTrue(zero.isClosed());
        assertTrue(delivered.test(), "a completed operation stays completed");
        TransportException abandoned = assertThrows(TransportException.class, pending::test);
        assertTrue(abandoned.getMessage().contains("closed"), abandoned.getMessage());
        awaitTrue(fromZeroBeforeClose);
        assertEquals(6, slots.get(1).getInt(0), "what was sent before closing still arrives");
        TransportException orphaned = assertThrows(TransportException.class, fromZeroNever::test);
        assertTrue(orphaned.getMessage().contains("rank 0 closed"), orphaned.getMessage());

        ByteBuffer buffer = ByteBuffer.allocateDirect(4);
        assertThrows(IllegalStateException.class, () -> zero.send(buffer, 0, 4, 1, 0));
        assertThrows(IllegalStateException.class, () -> zero.receive(buffer, 0, 4, 1, 0));
    }

    @Test
    void twoWorldsAreIndependentCommunicators() {
        InProcessWorld first = new InProcessWorld(2);
        InProcessWorld second = new InProcessWorld(2);
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation inSecond = receiveInt(second.transport(1), 0, 0, slots);
        first.transport(0).send(intBuffer(1), 0, 4, 1, 0);
        assertFalse(inSecond.test());
        second.transport(0).send(intBuffer(2), 0, 4, 1, 0);
        awaitTrue(inSecond);
        assertEquals(2, slots.get(0).getInt(0));
    }

    @Test
    void describesItself() {
        InProcessWorld world = new InProcessWorld(3, EmulatedNetwork.none(), 99);
        InProcessTransport t = world.transport(2);
        assertEquals(2, t.rank());
        assertEquals(3, t.size());
        assertEquals(99, t.maxTag());
        assertEquals("in-process", t.name());
        assertSame(world, t.world());
        assertSame(t, world.transport(2));
        assertThrows(IllegalArgumentException.class, () -> world.transport(3));
        assertThrows(IllegalArgumentException.class, () -> new InProcessWorld(0));
    }

    // ---- helpers shared with the other tests of this package

    static ByteBuffer intBuffer(int value) {
        return ByteBuffer.allocateDirect(4).putInt(0, value);
    }

    static PendingOperation receiveInt(Transport transport, int source, int tag, List<ByteBuffer> slots) {
        ByteBuffer slot = ByteBuffer.allocateDirect(4);
        slots.add(slot);
        return transport.receive(slot, 0, 4, source, tag);
    }

    /**
     * Polls until the operation completes; fails after 20 s rather than hang the build. Yields
     * between polls because these tests run more busy ranks than the machine has cores.
     */
    static void awaitTrue(PendingOperation operation) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!operation.test()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("operation did not complete within 20 s");
            }
            Thread.yield();
        }
    }

    static void awaitAll(List<PendingOperation> operations) {
        for (PendingOperation operation : operations) {
            awaitTrue(operation);
        }
    }

    private static final long SEED = 42;

    private static void fillRandomly(ByteBuffer buffer, int size) {
        SplittableRandom random = new SplittableRandom(SEED + size);
        for (int i = 0; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) random.nextInt());
        }
    }

    /** First index of the range where {@code target} differs from the data as it was sent, or -1. */
    private static int mismatchWithSeed(ByteBuffer target, int offset, int size) {
        ByteBuffer original = ByteBuffer.allocateDirect(target.capacity());
        fillRandomly(original, size);
        return original.slice(offset, size).mismatch(target.slice(offset, size));
    }

    @Test
    void aRevocationFailsEveryRanksWaitingReceivesAndLaterOperationsNamingTheRankAndReason() {
        InProcessWorld world = new InProcessWorld(3);
        PendingOperation waiting = world.transport(2).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 1);
        assertFalse(waiting.test());
        world.transport(1).revoke("planted failure");
        world.transport(0).revoke("a later revocation does not count");
        RevokedException e = assertThrows(RevokedException.class, waiting::test);
        assertEquals("rank 1 of 3 revoked the in-process world: planted failure", e.getMessage());
        assertThrows(RevokedException.class, waiting::test, "and again at every later test");
        assertThrows(RevokedException.class, () -> world.transport(0).send(intBuffer(1), 0, 4, 2, 1));
        assertThrows(RevokedException.class, () -> world.transport(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 1));
    }
}
