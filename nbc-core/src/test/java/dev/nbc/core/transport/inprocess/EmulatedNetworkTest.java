package dev.nbc.core.transport.inprocess;

import dev.nbc.core.testing.VirtualTimeExchanges;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The emulated network keeps its planted LogGP times. Every rule is checked on both clocks
 * ({@link EmulationClock}): on virtual time the measured time must be the model's exactly (a term
 * ignored or doubled is off by that term); on the real clock it must never be earlier than the
 * model's, which holds however loaded the machine is, since descheduling only makes it later.
 * How late it is on the real clock is a measurement, not a test: {@link EmulationAccuracy} and
 * {@code NbcBench model validate}, figures in docs/in-process-transport.md.
 */
class EmulatedNetworkTest {

    @Test
    void parametersMustBeFiniteAndNonNegativeAndAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new EmulatedNetwork(1, -1, 0, 0, 0));
        assertTrue(e.getMessage().startsWith("oSend:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new EmulatedNetwork(1, 0, 0, 0, Double.NaN));
        assertTrue(e.getMessage().startsWith("G:") && e.getMessage().contains("per byte"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new EmulatedNetwork(Double.POSITIVE_INFINITY, 0, 0, 0, 0));
    }

    @Test
    void theIdealNetworkAddsNothingAndTheFormulaClampsMMinusOneAtZero() {
        assertTrue(EmulatedNetwork.none().isIdeal());
        assertFalse(new EmulatedNetwork(0, 0, 0, 1, 0).isIdeal());
        EmulatedNetwork network = new EmulatedNetwork(1000, 10, 20, 7, 0.5);
        assertEquals(0, network.injectionNanos(0));
        assertEquals(0, network.injectionNanos(1));
        assertEquals(50, network.injectionNanos(101));
        assertEquals(10 + 50 + 1000 + 20, network.oneWayNanos(101));
        assertEquals(new EmulatedNetwork(1000, 10, 10, 7, 0.5), EmulatedNetwork.symmetric(1000, 10, 7, 0.5));
    }

    @ParameterizedTest(name = "L = {0} us, m = {1} B, virtual time = {2}")
    @CsvSource({"20, 8, true", "20, 65536, true", "200, 8, true", "200, 65536, true",
                "20, 8, false", "20, 65536, false", "200, 65536, false"})
    void aPingPongsOneWayTimeIsTheFormula(int latencyMicros, int bytes, boolean virtualTime) {
        // 64 KiB spend 6.55 us in (m-1)G
        EmulatedNetwork network = new EmulatedNetwork(latencyMicros * 1_000.0, 2_000, 3_000, 5_000, 0.1);
        long[] errors = PingPong.oneWayErrors(world(virtualTime, network), bytes, 100, 200);
        assertTime(virtualTime, 0, errors[0], "the earliest one-way time's error");
        if (virtualTime) {
            assertEquals(0, errors[errors.length - 1], "the latest one-way time's error on virtual time");
        }
    }

    @ParameterizedTest(name = "virtual time = {0}")
    @ValueSource(booleans = {true, false})
    void aSendSpendsOSendOnItsThreadAndCompletesWhenItsLastByteIsInjected(boolean virtualTime) {
        EmulatedNetwork network = new EmulatedNetwork(10_000, 30_000, 0, 0, 1.0);
        int bytes = 100_001;                               // (m-1)G = 100 us
        ByteBuffer data = ByteBuffer.allocateDirect(bytes);
        Transport sender = world(virtualTime, network).transport(0);
        long posted = sender.nanoTime();
        PendingOperation send = sender.send(data, 0, bytes, 1, 0);
        assertTime(virtualTime, 30_000, sender.nanoTime() - posted, "send() returned after o_s");
        while (!send.test()) {
            Thread.onSpinWait();
        }
        assertTime(virtualTime, 130_000, sender.nanoTime() - posted, "the send completed after o_s + (m-1)G");
    }

    @ParameterizedTest(name = "virtual time = {0}")
    @ValueSource(booleans = {true, false})
    void aReceiveSpendsOReceiveInTheTestThatCompletesIt(boolean virtualTime) {
        EmulatedNetwork network = new EmulatedNetwork(20_000, 0, 30_000, 0, 0);
        InProcessWorld world = world(virtualTime, network);
        Transport receiver = world.transport(1);
        ByteBuffer in = ByteBuffer.allocateDirect(8);
        world.transport(0).send(ByteBuffer.allocateDirect(8), 0, 8, 1, 0);
        // Read after send() returned, on the same clock as the sender's: the send was posted no
        // later (read before it, a first send's class loading could date it 20 us later).
        long posted = receiver.nanoTime();
        PendingOperation receive = receiver.receive(in, 0, 8, 0, 0);
        receiver.spinUntil(posted + 40_000);               // the message has arrived by now
        long entered = receiver.nanoTime();
        assertTrue(receive.test(), "arrived after L");
        assertTime(virtualTime, 30_000, receiver.nanoTime() - entered, "the completing test() spent o_r");
    }

    @Test
    void onVirtualTimeWaitingForAMessageMovesTheClockToItsArrivalThenOReceive() {
        InProcessWorld world = InProcessWorld.onVirtualTime(2, new EmulatedNetwork(20_000, 5_000, 30_000, 0, 0));
        PendingOperation receive = world.transport(1).receive(ByteBuffer.allocateDirect(8), 0, 8, 0, 0);
        assertFalse(receive.test(), "nothing was sent yet");
        assertEquals(0, world.transport(1).nanoTime(), "a poll that finds nothing takes no time");
        world.transport(0).send(ByteBuffer.allocateDirect(8), 0, 8, 1, 0);
        assertEquals(5_000, world.transport(0).nanoTime(), "o_s");
        assertTrue(receive.test());
        assertEquals(5_000 + 20_000 + 30_000, world.transport(1).nanoTime(), "o_s + L + o_r");
    }

    @ParameterizedTest(name = "virtual time = {0}")
    @ValueSource(booleans = {true, false})
    void backToBackSendsAreSpacedByTheNicsGap(boolean virtualTime) {
        // L exceeds the time to post all five, so the polling starts before the first arrival
        EmulatedNetwork network = new EmulatedNetwork(100_000, 1_000, 0, 40_000, 0);
        InProcessWorld world = world(virtualTime, network);
        Transport sender = world.transport(0);
        Transport receiver = world.transport(1);
        List<PendingOperation> receives = new ArrayList<>();
        ByteBuffer buffer = ByteBuffer.allocateDirect(8);
        for (int i = 0; i < 5; i++) {
            receives.add(receiver.receive(buffer, 0, 8, 0, 0));
        }
        long[] due = new long[5];
        long nicFree = Long.MIN_VALUE;
        for (int i = 0; i < 5; i++) {
            long start = Math.max(sender.nanoTime() + 1_000, nicFree);   // exact on virtual time, a lower bound on the real clock
            nicFree = start + 40_000;
            due[i] = start + 100_000;
            sender.send(buffer, 0, 8, 1, 0);
        }
        for (int i = 0; i < 5; i++) {
            while (!receives.get(i).test()) {
                Thread.onSpinWait();
            }
            assertTime(virtualTime, due[i], receiver.nanoTime(), "message " + i + "'s arrival");
        }
        assertTrue(due[4] - due[0] >= 4 * 40_000, "the gap, not o_s, spaced them");
    }

    /**
     * A send's data stays in the sender's buffer until a receive takes it or the send completes
     *: a receive posted while the send is in flight gets the data as it was sent, and
     * so does one posted after the send completed and its buffer was overwritten.
     */
    @ParameterizedTest(name = "virtual time = {0}")
    @ValueSource(booleans = {true, false})
    void theDataIsTheSentDataWhetherTheReceiveComesDuringTheSendOrAfterItCompleted(boolean virtualTime) {
        EmulatedNetwork network = new EmulatedNetwork(5_000, 1_000, 1_000, 0, 0.5);
        int bytes = 64_001;                                // (m-1)G = 32 us in flight
        for (boolean receiveDuringSend : new boolean[] {true, false}) {
            InProcessWorld world = world(virtualTime, network);
            Transport sender = world.transport(0);
            Transport receiver = world.transport(1);
            ByteBuffer data = ByteBuffer.allocateDirect(bytes);
            for (int i = 0; i < bytes; i++) {
                data.put(i, (byte) (i * 31 + 7));
            }
            ByteBuffer expected = ByteBuffer.allocateDirect(bytes).put(data.duplicate()).clear();
            ByteBuffer target = ByteBuffer.allocateDirect(bytes);
            PendingOperation send = sender.send(data, 0, bytes, 1, 4);
            PendingOperation receive = receiveDuringSend ? receiver.receive(target, 0, bytes, 0, 4) : null;
            while (!send.test()) {
                Thread.onSpinWait();
            }
            for (int i = 0; i < bytes; i++) {
                data.put(i, (byte) 0);                     // the send completed: the buffer is the sender's again
            }
            if (receive == null) {
                receive = receiver.receive(target, 0, bytes, 0, 4);
            }
            while (!receive.test()) {
                Thread.onSpinWait();
            }
            assertEquals(expected, target, "receive posted " + (receiveDuringSend ? "during the send" : "after it completed"));
        }
    }

    /**
     * Receives posted on one thread while the sender's thread sends and completes: each message
     * intact, none lost. On the ideal network a receive can match a message between its linking
     * and its send's return (the copy aside must not race the receive's own copy); on the emulated
     * one, between its linking and the send's completion.
     */
    @ParameterizedTest(name = "ideal network = {0}")
    @ValueSource(booleans = {true, false})
    void receivesRacingTheSendersCompletionsGetEveryMessageIntact(boolean ideal) throws Exception {
        EmulatedNetwork network = ideal ? EmulatedNetwork.none() : new EmulatedNetwork(0, 0, 0, 0, 0.01);
        InProcessWorld world = new InProcessWorld(2, network);
        int messages = 20_000;
        int bytes = 4_096;
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread receiving = new Thread(() -> {
            Transport receiver = world.transport(1);
            ByteBuffer target = ByteBuffer.allocateDirect(bytes);
            for (int m = 0; m < messages; m++) {
                PendingOperation receive = receiver.receive(target, 0, bytes, 0, 2);
                while (!receive.test()) {
                    Thread.onSpinWait();
                }
                for (int i = 0; i < bytes; i += 512) {
                    if (target.getInt(i) != m) {
                        throw new AssertionError("message " + m + " at byte " + i + " holds " + target.getInt(i));
                    }
                }
            }
        });
        Thread sending = new Thread(() -> {
            Transport sender = world.transport(0);
            ByteBuffer data = ByteBuffer.allocateDirect(bytes);
            for (int m = 0; m < messages; m++) {
                for (int i = 0; i < bytes; i += 4) {
                    data.putInt(i, m);
                }
                PendingOperation send = sender.send(data, 0, bytes, 1, 2);
                while (!send.test()) {
                    Thread.onSpinWait();
                }
            }
        });
        for (Thread t : new Thread[] {receiving, sending}) {
            t.setDaemon(true); // a failure must not leave a spinning thread behind the test
            t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e));
            t.start();
        }
        sending.join(30_000);
        receiving.join(30_000);
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertFalse(sending.isAlive() || receiving.isAlive(), "all " + messages + " messages sent and received within 30 s");
    }

    private static InProcessWorld world(boolean virtualTime, EmulatedNetwork network) {
        return virtualTime ? InProcessWorld.onVirtualTime(2, network) : new InProcessWorld(2, network);
    }

    /**
     * On virtual time a measured time is the model's exactly; on the real clock it is never
     * earlier (load makes it later, never earlier).
     */
    private static void assertTime(boolean virtualTime, long model, long measured, String what) {
        if (virtualTime) {
            assertEquals(model, measured, what + " on virtual time");
        } else {
            assertTrue(measured >= model, what + ": " + measured + " ns, earlier than the model's " + model + " ns");
        }
    }

    @ParameterizedTest(name = "o = {0}, g = {1}")
    @CsvSource({"2000, 2000", "3000, 1000", "500, 2500"})
    void withTheReceiveGapNToOneReceptionsFollowOneAnotherByMaxOfGAndOPlusTheTransfer(long o, long g) {
        EmulatedNetwork absorbing = EmulatedNetwork.symmetric(20_000, o, g, 0.5);
        EmulatedNetwork serialising = absorbing.withReceiveGap();
        for (int bytes : new int[] {0, 1, 1001, 65537}) {
            long transfer = absorbing.injectionNanos(bytes);
            assertEquals(transfer + Math.max(g, o), serialising.receptionNanos(bytes));
            for (int n : new int[] {1, 2, 3, 8}) {
                long[] done = VirtualTimeExchanges.nToOne(serialising, n, bytes);
                long[] absorbed = VirtualTimeExchanges.nToOne(absorbing, n, bytes);
                for (int k = 0; k < n; k++) {
                    // LogGOPSim: first bytes at o + L, the k-th reception begins k (max(g, o) + (m-1)G) later
                    assertEquals(o + 20_000 + k * (Math.max(g, o) + transfer) + transfer + o, done[k], "reception " + k + " of " + n);
                    // without the gap they all arrive together; only their o_r queue
                    assertEquals(o + transfer + 20_000 + (k + 1) * o, absorbed[k], "absorbed reception " + k + " of " + n);
                }
            }
        }
    }

    @ParameterizedTest(name = "m = {0}")
    @ValueSource(ints = {0, 8, 1001, 65536})
    void theReceiveGapLeavesOneToOneAndPingPongAlone(int bytes) {
        EmulatedNetwork network = EmulatedNetwork.symmetric(20_000, 2_000, 2_000, 0.5).withReceiveGap();
        assertEquals(network.oneWayNanos(bytes), VirtualTimeExchanges.nToOne(network, 1, bytes)[0]);
        long[] errors = PingPong.oneWayErrors(InProcessWorld.onVirtualTime(2, network), bytes, 2, 20);
        assertEquals(0, errors[0], "ping-pong one-way times are o_s + (m-1)G + L + o_r exactly");
        assertEquals(0, errors[errors.length - 1]);
        assertEquals(network, new EmulatedNetwork(20_000, 2_000, 2_000, 2_000, 0.5, true));
        assertFalse(EmulatedNetwork.symmetric(20_000, 2_000, 2_000, 0.5).receiveGap(), "off by default");
    }

    /**
     * On virtual time the receiver's serialised inbound side takes messages in the order of virtual
     * time, not in the order their senders' threads ran: here the late message (sent at 50 us) is
     * sent first in real time and the early one (at 0) only after it, yet the early one is taken
     * first and the late one queues behind it. Booked in the threads' order, the early message
     * would have queued behind the late one.
     */
    @Test
    void onVirtualTimeTheInboundSideTakesMessagesInTheOrderOfVirtualTimeNotOfTheThreads() {
        EmulatedNetwork network = EmulatedNetwork.symmetric(20_000, 2_000, 2_000, 1.0).withReceiveGap();
        int bytes = 100_001;
        long transfer = network.injectionNanos(bytes);
        CountDownLatch lateSent = new CountDownLatch(1);
        long[] taken = new long[3];
        try (InProcessWorld world = InProcessWorld.onVirtualTime(3, network)) {
            world.run((rank, transport) -> {
                ByteBuffer buffer = ByteBuffer.allocateDirect(bytes);
                switch (rank) {
                    case 0 -> {
                        PendingOperation late = transport.receive(buffer, 0, bytes, 1, 0);
                        PendingOperation early = transport.receive(ByteBuffer.allocateDirect(bytes), 0, bytes, 2, 0);
                        awaitOperation(late);
                        taken[1] = transport.nanoTime();
                        awaitOperation(early);
                        taken[2] = transport.nanoTime();
                    }
                    case 1 -> {
                        transport.spinUntil(50_000);
                        awaitOperation(transport.send(buffer, 0, bytes, 0, 0));
                        lateSent.countDown();
                    }
                    default -> {
                        lateSent.await();
                        awaitOperation(transport.send(buffer, 0, bytes, 0, 0));
                    }
                }
            });
        }
        long early = 2_000 + 20_000;
        long late = Math.max(50_000 + 2_000 + 20_000, early + transfer + 2_000);
        assertEquals(late + transfer + 2_000, taken[1], "the late message queued behind the early one, then o_r");
        assertEquals(taken[1] + 2_000, taken[2], "the early one had arrived long before: o_r after the late one's");
    }

    private static void awaitOperation(PendingOperation operation) {
        while (!operation.test()) {
            Thread.yield();
        }
    }
}
