package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SendBufferProbeTest {
    private static final double G = 8; // ns per byte: 1 Gbit/s

    @Test
    void theBufferIsWhatHadNotLeftWhenTheSendCompleted() {
        // 1 and 4 MiB taken by the socket in 0.3 and 0.9 ms; 16 MiB waited until 9 MiB had left
        double[] times = {300_000, 900_000, (9 << 20) * G};
        assertEquals(7 << 20, SendBufferProbe.bufferBytes(times, G).orElseThrow());
        // every send waited for its last byte: nothing held
        double[] waited = {(1 << 20) * G + 5000, (4 << 20) * G + 5000, (16 << 20) * G + 5000};
        assertEquals(0, SendBufferProbe.bufferBytes(waited, G).orElseThrow());
        assertTrue(SendBufferProbe.bufferBytes(new double[0], G).isEmpty(), "no times: not rank 0");
        assertTrue(SendBufferProbe.bufferBytes(times, 0).isEmpty(), "no gap per byte to convert the times by");
    }

    @Test
    void aLogGPNetworkHoldsNothing() throws Exception {
        // the emulated network completes a send when its last byte is injected, LogGP's rule
        EmulatedNetwork network = EmulatedNetwork.symmetric(2_000, 1_000, 0, 0.25);
        try (InProcessWorld world = new InProcessWorld(2, network)) {
            CompletableFuture<double[]> server = CompletableFuture.supplyAsync(() -> SendBufferProbe.run(world.transport(1), 10));
            double[] times = SendBufferProbe.run(world.transport(0), 10);
            assertArrayEquals(new double[0], server.get());
            assertEquals(SendBufferProbe.SIZES.length, times.length);
            for (int i = 0; i < times.length; i++) {
                assertTrue(times[i] >= (SendBufferProbe.SIZES[i] - 1) * 0.25, "size " + SendBufferProbe.SIZES[i] + ": " + times[i] + " ns");
            }
            assertEquals(0, SendBufferProbe.bufferBytes(times, 0.25).orElseThrow());
        }
    }

    @Test
    void refusesOneRankAndTagsOutOfRange() {
        try (InProcessWorld one = new InProcessWorld(1); InProcessWorld two = new InProcessWorld(2)) {
            assertThrows(IllegalArgumentException.class, () -> SendBufferProbe.run(one.transport(0), 0));
            assertThrows(IllegalArgumentException.class, () -> SendBufferProbe.run(two.transport(0), -1));
            assertThrows(IllegalArgumentException.class, () -> SendBufferProbe.run(two.transport(0), two.transport(0).maxTag()));
        }
    }
}
