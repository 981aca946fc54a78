package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.RankTransportModule;
import dev.nbc.bench.netgauge.timer.Timers;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.harness.ranks.Control;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On the emulated network (virtual time, so the machine's load does not
 * enter), the time patterns reproduce what the planted LogGP parameters predict within 10 %.
 */
class EmulatedPredictionTest {
    /** L 20 us, o 2 us, g 2 us, G 0.5 ns/B: the benchmark's reference network. */
    private static final EmulatedNetwork NETWORK = EmulatedNetwork.symmetric(20_000, 2_000, 2_000, 0.5);
    private static final SizeSweep SWEEP = new SizeSweep(1, 1 << 20, 30, 64L << 20);

    @TempDir
    Path dir;

    /** Runs {@code pattern} on {@code size} ranks of a virtual-time world; rank 0's rows. */
    private List<TimeRow> run(Pattern pattern, int size) {
        return run(pattern, size, NETWORK, SWEEP);
    }

    private List<TimeRow> run(Pattern pattern, int size, EmulatedNetwork network, SizeSweep sweep) {
        AtomicReference<List<TimeRow>> rows = new AtomicReference<>();
        VirtualTimeBarrier barrier = new VirtualTimeBarrier(size);
        try (InProcessWorld world = InProcessWorld.onVirtualTime(size, network)) {
            world.run((rank, transport) -> {
                Endpoint endpoint = new Endpoint(RankTransportModule.emulated(), transport, Long.MAX_VALUE, () -> { });
                Runnable idealBarrier = barrier.on(rank, transport);
                List<NetgaugeRow> mine = pattern.run(new PatternRun(endpoint, new Control(transport), idealBarrier,
                        Timers.of(transport), sweep, 1, dir));
                if (rank == 0) {
                    rows.set(mine.stream().map(TimeRow.class::cast).toList());
                }
            });
        }
        return rows.get();
    }

    private static void assertWithin10Percent(double predictedNanos, TimeRow row) {
        double measured = row.timeMicros() * 1e3;
        assertEquals(predictedNanos, measured, 0.1 * predictedNanos, row.toString());
    }

    @Test
    void pingPongIsOneWayTime() {
        List<TimeRow> rows = run(PingPong.classic(), 2);
        assertEquals(SWEEP.sizes().size(), rows.size());
        for (TimeRow row : rows) {
            assertWithin10Percent(NETWORK.oneWayNanos(row.bytes()), row);
        }
    }

    /** Pairs on NICs of their own do not meet: every pair's RTT/2 is the ping-pong's. */
    @Test
    void oneToOnePairsDoNotSlowEachOther() {
        List<TimeRow> rows = run(PingPong.oneToOne(), 4);
        for (TimeRow row : rows) {
            assertEquals(2, row.peers());
            assertWithin10Percent(NETWORK.oneWayNanos(row.bytes()), row);
        }
    }

    /**
     * n:1 on a network whose receivers serialise: a round is the server's linear gather of the
     * clients' messages, one reception after another, and its one-byte replies, one send after
     * another; the slowest client's round is what {@link Prediction} has the simulator predict for
     * the two, run with the same receive-side gap.
     */
    @Test
    void manyToOneIsTheGatherAndTheRepliesAsTheSimulatorPredictsThem() {
        EmulatedNetwork serialising = NETWORK.withReceiveGap();
        Prediction prediction = new Prediction(serialising);
        Pattern manyToOne = Fan.both().get(1);
        assertEquals("n:1", manyToOne.name());
        SizeSweep sweep = new SizeSweep(1, 1 << 16, 10, 64L << 20);
        List<TimeRow> rows = run(manyToOne, 6, serialising, sweep);
        assertEquals(5 * sweep.sizes().size(), rows.size());
        double[] byClients = new double[6];
        for (TimeRow row : rows) {
            int clients = row.peers();
            int bytes = row.bytes();
            // on virtual time the server's inbound side takes the messages in the order of virtual time, as the simulator
            // does, whatever order the client threads ran in (InboundQueue)
            double measured = row.timeMicros() * 1e3;
            double predicted = prediction.nanos("n:1", clients, bytes);
            assertEquals(predicted, measured, 0.01 * predicted, "predicted " + predicted + " ns: " + row);
            if (bytes == 1 << 16) {
                byClients[clients] = row.timeMicros();
            }
        }
        // the server's reception is the bottleneck: 64 KiB from 5 clients takes about 5 receptions of (m-1)G
        assertTrue(byClients[5] - byClients[1] > 4 * 0.9 * (65535 * NETWORK.G()) / 1e3, java.util.Arrays.toString(byClients));
    }
}
