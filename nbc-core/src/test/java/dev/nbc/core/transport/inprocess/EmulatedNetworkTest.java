package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

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
        long posted = receiver.nanoTime();                 // the same clock as the sender's
        world.transport(0).send(ByteBuffer.allocateDirect(8), 0, 8, 1, 0);
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
}
