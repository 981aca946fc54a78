package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.assessment.CpuPerByte;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuPerByteProbeTest {

    @Test
    void rankZeroGetsBothRanksStretchAndTheOthersNothing() throws Exception {
        try (InProcessWorld world = new InProcessWorld(3)) {
            CompletableFuture<Optional<CpuPerByte>> one = CompletableFuture.supplyAsync(
                    () -> CpuPerByteProbe.run(world.transport(1), 65536, 4, 3, 0));
            Optional<CpuPerByte> two = CpuPerByteProbe.run(world.transport(2), 65536, 4, 3, 0);
            CpuPerByte probe = CpuPerByteProbe.run(world.transport(0), 65536, 4, 3, 0).orElseThrow();
            assertTrue(one.get().isEmpty() && two.isEmpty(), "only rank 0 returns the data");
            assertEquals(65536, probe.messageBytes());
            assertEquals(4, probe.messages());
            assertEquals(4L * 65536, probe.bytesEachWay());
            assertEquals(2, probe.stretch().size());
            assertEquals(3, probe.stretch().get(1).samples(), "rank 1's spread, sent to rank 0");
            // the computation lasts at least 10 ms (two exchanges of 256 KiB in memory take far less)
            assertTrue(probe.computationNanos() >= 5e6, probe.computationNanos() + " ns");
            assertTrue(probe.late() >= 0 && probe.late() <= 6, "late " + probe.late());
        }
    }

    @Test
    void refusesOneRankTagsOutOfRangeAndEmptyExchanges() {
        try (InProcessWorld one = new InProcessWorld(1); InProcessWorld two = new InProcessWorld(2)) {
            assertThrows(IllegalArgumentException.class, () -> CpuPerByteProbe.run(one.transport(0), 1024, 4, 3, 0));
            assertThrows(IllegalArgumentException.class, () -> CpuPerByteProbe.run(two.transport(0), 1024, 4, 3,
                    two.transport(0).maxTag()));
            assertThrows(IllegalArgumentException.class, () -> CpuPerByteProbe.run(two.transport(0), 0, 4, 3, 0));
            assertThrows(IllegalArgumentException.class, () -> CpuPerByteProbe.run(two.transport(0), 1024, 0, 3, 0));
        }
    }
}
