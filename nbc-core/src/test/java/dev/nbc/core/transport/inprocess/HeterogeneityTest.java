package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The emulated network's processors and links that differ, on virtual time, where every time is exact. */
class HeterogeneityTest {
    /** C = 1, 2, 3 us; t = 0.1, 0.2, 0.3 ns/B; 1/beta: 0-1 1.0, 0-2 2.0, 1-2 0.5 ns/B; S = 64 KiB. */
    private static final Heterogeneity THREE = new Heterogeneity(new double[] {1000, 2000, 3000}, new double[] {0.1, 0.2, 0.3},
            new double[][] {{0, 1.0, 2.0}, {1.0, 0, 0.5}, {2.0, 0.5, 0}}, 65536);

    private static InProcessWorld world() {
        return InProcessWorld.onVirtualTime(3, EmulatedNetwork.none(), THREE);
    }

    private static void await(PendingOperation op) {
        while (!op.test()) {
            Thread.onSpinWait();
        }
    }

    /** 0 sends m bytes to 1, 1 replies with an empty message: 2C_0 + 2C_1 + (t_0 + t_1 + 1/beta_01) m, on rank 0's clock. */
    @Test
    void aRoundtripTakesWhatLmoSays() {
        for (int m : new int[] {0, 1000, 4096}) {
            InProcessWorld w = world();
            InProcessTransport a = w.transport(0);
            InProcessTransport b = w.transport(1);
            ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(1, m));
            PendingOperation atB = b.receive(buffer, 0, m, 0, 7);
            PendingOperation back = a.receive(ByteBuffer.allocateDirect(1), 0, 0, 1, 8);
            long t0 = a.nanoTime();
            a.send(buffer, 0, m, 1, 7);
            assertEquals(1000 + Math.round(0.1 * m), a.nanoTime() - t0, "the sender's C_0 + t_0 m");
            await(atB);
            assertEquals(t0 + 1000 + Math.round(0.1 * m) + m + 2000 + Math.round(0.2 * m), b.nanoTime(),
                    "arrival after the link's m / beta_01, then the receiver's C_1 + t_1 m");
            b.send(ByteBuffer.allocateDirect(1), 0, 0, 0, 8);
            await(back);
            assertEquals(2 * 1000 + 2 * 2000 + Math.round((0.1 + 0.2 + 1.0) * m), a.nanoTime() - t0, "T_01(" + m + ", 0)");
        }
    }

    /** Below S a root's two messages travel at once; above S the second waits for the first's link and its receiver (a rendezvous). */
    @Test
    void aRootsMessagesTravelInParallelUpToSAndOneAfterTheOtherAbove() {
        for (int m : new int[] {60_000, 70_000}) {
            InProcessWorld w = world();
            InProcessTransport root = w.transport(0);
            ByteBuffer buffer = ByteBuffer.allocateDirect(m);
            PendingOperation at1 = w.transport(1).receive(buffer.duplicate(), 0, m, 0, 1);
            PendingOperation at2 = w.transport(2).receive(ByteBuffer.allocateDirect(m), 0, m, 0, 1);
            root.send(buffer, 0, m, 1, 1);
            root.send(buffer, 0, m, 2, 1);
            await(at1);
            await(at2);
            long sendCost = 1000 + Math.round(0.1 * m);
            long expected = m <= 65536
                    ? 2 * sendCost + Math.round(2.0 * m) + 3000 + Math.round(0.3 * m)              // beside the NIC
                    : sendCost + Math.round(1.0 * m) + 2000 + Math.round(0.2 * m)     // after the first's link and its receiver
                            + Math.round(2.0 * m) + 3000 + Math.round(0.3 * m);
            assertEquals(expected, w.transport(2).nanoTime(), m + " bytes: rank 2's receive completes");
        }
    }

    /** Above M2 two messages to one receiver arrive one after the other; from M1 to M2 each arrives the escalation late. */
    @Test
    void gathersIrregularitiesAreReceivedInTurnAndEscalated() {
        Heterogeneity gathering = new Heterogeneity(new double[] {1000, 2000, 3000}, new double[] {0.1, 0.2, 0.3},
                new double[][] {{0, 1.0, 2.0}, {1.0, 0, 0.5}, {2.0, 0.5, 0}}, 1 << 30, 100_000, 50_000, 7_000);
        for (int m : new int[] {40_000, 60_000, 120_000}) {
            InProcessWorld w = InProcessWorld.onVirtualTime(3, EmulatedNetwork.none(), gathering);
            ByteBuffer from1 = ByteBuffer.allocateDirect(m);
            ByteBuffer from2 = ByteBuffer.allocateDirect(m);
            PendingOperation in1 = w.transport(0).receive(from1, 0, m, 1, 1);
            PendingOperation in2 = w.transport(0).receive(from2, 0, m, 2, 1);
            w.transport(1).send(ByteBuffer.allocateDirect(m), 0, m, 0, 1);   // departs at 2000 + 0.2 m, link 1.0 m
            w.transport(2).send(ByteBuffer.allocateDirect(m), 0, m, 0, 1);   // departs at 3000 + 0.3 m, link 2.0 m
            await(in1);
            long first = w.transport(0).nanoTime();
            await(in2);
            long second = w.transport(0).nanoTime();
            long receive = 1000 + Math.round(0.1 * m);
            long arrival1 = 2000 + Math.round(0.2 * m) + m;
            long escalation = m >= 50_000 && m <= 100_000 ? 7_000 : 0;
            assertEquals(arrival1 + escalation + receive, first, m + " bytes: the first message");
            long arrival2 = m > 100_000
                    ? arrival1 + Math.round(2.0 * m)                                  // waits for the inbound link
                    : 3000 + Math.round(0.3 * m) + Math.round(2.0 * m) + escalation;  // in parallel
            assertEquals(Math.max(first, arrival2) + receive, second, m + " bytes: the second message");
        }
    }

    @Test
    void badDescriptionsAreRefusedNamingTheArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Heterogeneity(new double[] {1, 1},
                new double[] {0, 0}, new double[][] {{0, 1}, {2, 0}}, 0));
        assertTrue(e.getMessage().startsWith("linkNanosPerByte: must be symmetric"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Heterogeneity(new double[] {1, -1},
                new double[] {0, 0}, new double[][] {{0, 1}, {1, 0}}, 0));
        assertTrue(e.getMessage().startsWith("fixedNanos[1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> InProcessWorld.onVirtualTime(4, EmulatedNetwork.none(), THREE));
        assertTrue(e.getMessage().startsWith("heterogeneity: describes 3 ranks"), e.getMessage());
        assertFalse(THREE.serialised(65536));
        assertTrue(THREE.serialised(65537));
    }
}
