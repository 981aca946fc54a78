package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Point-to-point semantics over loopback TCP. The endpoints of a local group are all driven from
 * the test's thread: nothing blocks, so polling every operation in turn until all are done is
 * enough, and no outcome depends on timing (every test runs under a preemptive timeout instead of
 * hanging).
 */
class TcpTransportTest {
    static final Duration LIMIT = Duration.ofSeconds(60);

    @RegisterExtension
    final TcpGroups groups = new TcpGroups();

    /** Polls every operation until all have completed; a failure is thrown. */
    static void awaitAll(PendingOperation... operations) {
        boolean[] done = new boolean[operations.length];
        int left = operations.length;
        while (left > 0) {
            for (int i = 0; i < operations.length; i++) {
                if (!done[i] && operations[i].test()) {
                    done[i] = true;
                    left--;
                }
            }
        }
    }

    static ByteBuffer intBuffer(int value) {
        return ByteBuffer.allocateDirect(4).putInt(0, value);
    }

    static ByteBuffer filled(int bytes, int value) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes);
        for (int i = 0; i < bytes; i++) {
            buffer.put(i, (byte) value);
        }
        return buffer;
    }

    static ByteBuffer random(long seed, int bytes) {
        byte[] data = new byte[bytes];
        new Random(seed).nextBytes(data);
        return ByteBuffer.allocateDirect(bytes).put(0, data);
    }

    /** Index of the first byte where {@code actual} (from {@code offset}) differs from {@code expected}, or -1. */
    static int mismatch(ByteBuffer expected, ByteBuffer actual, int offset) {
        return expected.duplicate().clear().mismatch(actual.duplicate().position(offset).limit(offset + expected.capacity()));
    }

    @Test
    void nameAndTagRange() {
        List<TcpTransport> g = groups.open(2);
        assertEquals("tcp", g.get(0).name());
        assertEquals(Integer.MAX_VALUE, g.get(0).maxTag());
        assertEquals(1, g.get(1).rank());
        assertEquals(2, g.get(1).size());
        assertEquals(2, g.get(0).ranksInThisProcess(), "a local group's ranks are threads of this JVM");
    }

    @Test
    void sameSourceAndTagAreNonOvertakingWhetherTheReceiveComesBeforeOrAfterTheSend() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            List<ByteBuffer> slots = new ArrayList<>();
            List<PendingOperation> ops = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ByteBuffer slot = ByteBuffer.allocateDirect(4);
                slots.add(slot);
                ops.add(g.get(1).receive(slot, 0, 4, 0, 3));
            }
            for (int i = 0; i < 20; i++) {
                ops.add(g.get(0).send(intBuffer(i), 0, 4, 1, 3));
            }
            for (int i = 10; i < 20; i++) {
                ByteBuffer slot = ByteBuffer.allocateDirect(4);
                slots.add(slot);
                ops.add(g.get(1).receive(slot, 0, 4, 0, 3));
            }
            awaitAll(ops.toArray(PendingOperation[]::new));
            for (int i = 0; i < 20; i++) {
                assertEquals(i, slots.get(i).getInt(0), "receive " + i);
            }
        });
    }

    @Test
    void tagsMatchOutOfOrderAndMessagesArrivedEarlyAreKeptUntilTheirReceive() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            ByteBuffer a = ByteBuffer.allocateDirect(4);
            ByteBuffer b = ByteBuffer.allocateDirect(4);
            ByteBuffer c = ByteBuffer.allocateDirect(4);
            PendingOperation s1 = g.get(0).send(intBuffer(1), 0, 4, 1, 1);
            PendingOperation s2 = g.get(0).send(intBuffer(2), 0, 4, 1, 2);
            PendingOperation s3 = g.get(0).send(intBuffer(3), 0, 4, 1, 3);
            // tag 3 is received first: tags 1 and 2, before it on the stream, arrive unexpected
            awaitAll(s1, s2, s3, g.get(1).receive(c, 0, 4, 0, 3));
            PendingOperation r2 = g.get(1).receive(b, 0, 4, 0, 2);
            assertTrue(r2.test(), "a message kept as unexpected completes its receive at once");
            awaitAll(g.get(1).receive(a, 0, 4, 0, 1));
            assertEquals(1, a.getInt(0));
            assertEquals(2, b.getInt(0));
            assertEquals(3, c.getInt(0));
        });
    }

    @Test
    void aReceiveMatchesItsSourceOnly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(3);
            ByteBuffer fromTwo = ByteBuffer.allocateDirect(4);
            ByteBuffer fromOne = ByteBuffer.allocateDirect(4);
            PendingOperation two = g.get(0).receive(fromTwo, 0, 4, 2, 5);
            awaitAll(g.get(1).send(intBuffer(11), 0, 4, 0, 5), g.get(0).receive(fromOne, 0, 4, 1, 5));
            assertFalse(two.test());
            awaitAll(g.get(2).send(intBuffer(22), 0, 4, 0, 5), two);
            assertEquals(11, fromOne.getInt(0));
            assertEquals(22, fromTwo.getInt(0));
        });
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 7, 1023, 1024, 4095, 4096, 4097, 65536, 1 << 20, 3_000_001})
    void everyByteArrivesWhetherTheReceiveIsPostedFirstOrLast(int bytes) {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            for (boolean receiveFirst : new boolean[]{true, false}) {
                ByteBuffer data = random(bytes, bytes);
                int offset = 13;
                ByteBuffer target = filled(bytes + 2 * offset, 0x5A);
                PendingOperation receive = null;
                if (receiveFirst) {
                    receive = g.get(1).receive(target, offset, bytes + offset, 0, 9);
                }
                PendingOperation send = g.get(0).send(data, 0, bytes, 1, 9);
                if (!receiveFirst) {
                    // rank 1 takes the message in as unexpected while it waits for another one
                    awaitAll(send, g.get(0).send(intBuffer(0), 0, 4, 1, 10), g.get(1).receive(intBuffer(-1), 0, 4, 0, 10));
                    receive = g.get(1).receive(target, offset, bytes + offset, 0, 9);
                }
                awaitAll(send, receive);
                assertEquals(-1, mismatch(data, target, offset), "receive first: " + receiveFirst);
                for (int i = 0; i < offset; i++) {
                    assertEquals(0x5A, target.get(i), "byte before the range");
                    assertEquals(0x5A, target.get(offset + bytes + i), "byte after the message");
                }
            }
        });
    }

    @Test
    void aReceivePostedWhileItsMessageIsArrivingTakesTheRestDirectly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            int bytes = 16 << 20;
            ByteBuffer data = random(5, bytes);
            ByteBuffer target = ByteBuffer.allocateDirect(bytes);
            PendingOperation send = g.get(0).send(data, 0, bytes, 1, 1);
            // rank 1 polls (through an unrelated receive) until part of the message is in
            PendingOperation other = g.get(1).receive(intBuffer(0), 0, 4, 0, 2);
            while (!send.test()) {
                assertFalse(other.test());
            }
            PendingOperation receive = g.get(1).receive(target, 0, bytes, 0, 1);
            awaitAll(receive);
            assertEquals(-1, mismatch(data, target, 0));
            awaitAll(g.get(0).send(intBuffer(4), 0, 4, 1, 2), other);
        });
    }

    @Test
    void largeMessagesBothWaysAtOnceDoNotDeadlock() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            for (int bytes : new int[]{8 << 20, 64 << 20}) {
                ByteBuffer zeroToOne = random(1, bytes);
                ByteBuffer oneToZero = random(2, bytes);
                ByteBuffer atOne = ByteBuffer.allocateDirect(bytes);
                ByteBuffer atZero = ByteBuffer.allocateDirect(bytes);
                // both send first, as a pairwise exchange posts its sends before its receives
                PendingOperation s0 = g.get(0).send(zeroToOne, 0, bytes, 1, 7);
                PendingOperation s1 = g.get(1).send(oneToZero, 0, bytes, 0, 7);
                PendingOperation r0 = g.get(0).receive(atZero, 0, bytes, 1, 7);
                PendingOperation r1 = g.get(1).receive(atOne, 0, bytes, 0, 7);
                awaitAll(s0, s1, r0, r1);
                assertEquals(-1, mismatch(zeroToOne, atOne, 0), bytes + " bytes to rank 1");
                assertEquals(-1, mismatch(oneToZero, atZero, 0), bytes + " bytes to rank 0");
            }
        });
    }

    @Test
    void manyMessagesInFlightBothWaysBetweenFourRanks() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(4);
            int perPair = 200;
            List<PendingOperation> ops = new ArrayList<>();
            List<int[]> expected = new ArrayList<>();
            List<ByteBuffer> slots = new ArrayList<>();
            for (int i = 0; i < perPair; i++) {
                for (int from = 0; from < 4; from++) {
                    for (int to = 0; to < 4; to++) {
                        int bytes = 8 + (i * 37 + from) % 3000;
                        ByteBuffer data = ByteBuffer.allocateDirect(bytes).putInt(0, from).putInt(4, i);
                        ops.add(g.get(from).send(data, 0, bytes, to, i % 5));
                        ByteBuffer slot = ByteBuffer.allocateDirect(3008);
                        slots.add(slot);
                        expected.add(new int[]{from, i});
                        // receives posted in another tag order than the sends: they match by tag
                        ops.add(g.get(to).receive(slot, 0, 3008, from, i % 5));
                    }
                }
            }
            awaitAll(ops.toArray(PendingOperation[]::new));
            for (int k = 0; k < slots.size(); k++) {
                assertEquals(expected.get(k)[0], slots.get(k).getInt(0), "source of receive " + k);
                assertEquals(expected.get(k)[1], slots.get(k).getInt(4), "index of receive " + k);
            }
        });
    }

    @Test
    void selfSendsWorkInBothOrdersAndTruncateToo() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            Transport one = g.get(1);
            ByteBuffer first = ByteBuffer.allocateDirect(4);
            ByteBuffer second = ByteBuffer.allocateDirect(4);
            PendingOperation early = one.receive(first, 0, 4, 1, 0);
            awaitAll(one.send(intBuffer(1), 0, 4, 1, 0), early);
            awaitAll(one.send(intBuffer(2), 0, 4, 1, 0));
            awaitAll(one.receive(second, 0, 4, 1, 0));
            assertEquals(1, first.getInt(0));
            assertEquals(2, second.getInt(0));
            awaitAll(one.send(ByteBuffer.allocateDirect(0), 0, 0, 1, 3), one.receive(ByteBuffer.allocateDirect(0), 0, 0, 1, 3));
            awaitAll(one.send(ByteBuffer.allocateDirect(8), 0, 8, 1, 4));
            PendingOperation small = one.receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 4);
            TransportException e = assertThrows(TransportException.class, () -> awaitAll(small));
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        });
    }

    @Test
    void zeroLengthMessagesMatchAndKeepTheirOrder() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            ByteBuffer empty = ByteBuffer.allocateDirect(0);
            ByteBuffer target = filled(4, 0x5A);
            awaitAll(g.get(0).send(empty, 0, 0, 1, 1), g.get(0).send(intBuffer(9), 0, 4, 1, 1),
                    g.get(1).receive(target, 0, 4, 0, 1));
            assertEquals(0x5A5A5A5A, target.getInt(0), "the empty message came first and wrote nothing");
            awaitAll(g.get(1).receive(target, 0, 4, 0, 1));
            assertEquals(9, target.getInt(0));
        });
    }

    @Test
    void aLongerMessageFailsItsReceiveNamingBothLengthsAndTheStreamGoesOn() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            for (int bytes : new int[]{100, 1 << 20}) {
                for (boolean receiveFirst : new boolean[]{true, false}) {
                    ByteBuffer target = filled(64, 0x5A);
                    PendingOperation receive = receiveFirst ? g.get(1).receive(target, 0, 50, 0, 2) : null;
                    PendingOperation send = g.get(0).send(random(3, bytes), 0, bytes, 1, 2);
                    PendingOperation after = g.get(0).send(intBuffer(77), 0, 4, 1, 2);
                    if (!receiveFirst) {
                        awaitAll(send, after, g.get(0).send(intBuffer(0), 0, 4, 1, 3), g.get(1).receive(intBuffer(0), 0, 4, 0, 3));
                        receive = g.get(1).receive(target, 0, 50, 0, 2);
                    }
                    PendingOperation failing = receive;
                    TransportException e = assertThrows(TransportException.class, () -> awaitAll(send, after, failing));
                    assertTrue(e.getMessage().contains("truncated") && e.getMessage().contains(bytes + " bytes")
                            && e.getMessage().contains("50 bytes"), e.getMessage());
                    assertEquals(0x5A, target.get(50), "nothing written past the receive");
                    ByteBuffer next = ByteBuffer.allocateDirect(4);
                    awaitAll(send, after, g.get(1).receive(next, 0, 4, 0, 2));
                    assertEquals(77, next.getInt(0), "the message behind the truncated one");
                }
            }
        });
    }

    @Test
    void aShorterMessageCompletesTheReceiveAndLeavesTheRestOfItsRange() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            ByteBuffer target = filled(64, 0x5A);
            awaitAll(g.get(1).receive(target, 0, 64, 0, 0), g.get(0).send(intBuffer(5), 0, 4, 1, 0));
            assertEquals(5, target.getInt(0));
            assertEquals(0x5A, target.get(4));
        });
    }

    @Test
    void aWithdrawnReceiveCompletesHavingReceivedNothing() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            ByteBuffer withdrawn = intBuffer(-1);
            ByteBuffer next = intBuffer(-1);
            PendingOperation receive = g.get(1).receive(withdrawn, 0, 4, 0, 0);
            receive.cancel();
            assertTrue(receive.test());
            awaitAll(g.get(1).receive(next, 0, 4, 0, 0), g.get(0).send(intBuffer(42), 0, 4, 1, 0));
            assertEquals(-1, withdrawn.getInt(0));
            assertEquals(42, next.getInt(0));
        });
    }

    @Test
    void ranksExchangeConcurrentlyOnTheirOwnThreads() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(3);
            TcpRanks.run(g, (rank, transport) -> {
                int size = transport.size();
                for (int round = 0; round < 300; round++) {
                    ByteBuffer in = ByteBuffer.allocateDirect(8);
                    ByteBuffer out = ByteBuffer.allocateDirect(8).putInt(0, rank).putInt(4, round);
                    PendingOperation receive = transport.receive(in, 0, 8, (rank + size - 1) % size, round);
                    PendingOperation send = transport.send(out, 0, 8, (rank + 1) % size, round);
                    awaitAll(send, receive);
                    assertEquals((rank + size - 1) % size, in.getInt(0));
                    assertEquals(round, in.getInt(4));
                }
            });
        });
    }

    @Test
    void aGroupOfOneSendsToItself() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Transport only = groups.open(1).get(0);
            ByteBuffer target = ByteBuffer.allocateDirect(4);
            awaitAll(only.send(intBuffer(3), 0, 4, 0, 0), only.receive(target, 0, 4, 0, 0));
            assertEquals(3, target.getInt(0));
        });
    }

    @Test
    void moreRanksThanConnectionsPolledOneByOneUseTheReadinessSelector() {
        int size = TcpTransport.POLL_EVERY_CONNECTION_UP_TO + 3;
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(size);
            List<PendingOperation> ops = new ArrayList<>();
            ByteBuffer[][] in = new ByteBuffer[size][size];
            for (int from = 0; from < size; from++) {
                for (int to = 0; to < size; to++) {
                    in[to][from] = ByteBuffer.allocateDirect(4);
                    ops.add(g.get(to).receive(in[to][from], 0, 4, from, 1));
                    ops.add(g.get(from).send(intBuffer(100 * from + to), 0, 4, to, 1));
                }
            }
            awaitAll(ops.toArray(PendingOperation[]::new));
            for (int from = 0; from < size; from++) {
                for (int to = 0; to < size; to++) {
                    assertEquals(100 * from + to, in[to][from].getInt(0));
                }
            }
        });
    }
}
