package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleStrategyTest {

    @Test
    void backoffParksLongerAndLongerWhileIdleAndStartsAfreshAfterAReset() throws InterruptedException {
        List<Long> parks = new ArrayList<>();
        IdleStrategy.Idler idler = IdleStrategy.BACKOFF.idler(parks::add);
        Thread.sleep(1); // past the spin phase that follows the idler's creation
        for (int i = 0; i < 10; i++) {
            idler.idle(0, false);
        }
        assertEquals(List.of(50_000L, 100_000L, 200_000L, 400_000L, 800_000L, 1_600_000L, 3_200_000L, 6_400_000L,
                10_000_000L, 10_000_000L), parks);
        idler.reset();
        idler.idle(0, false);
        assertEquals(IdleStrategy.MIN_PARK_NANOS, parks.get(parks.size() - 1));
    }

    @Test
    void backoffNeverParksWhileCollectivesAreInFlight() throws InterruptedException {
        List<Long> parks = new ArrayList<>();
        IdleStrategy.Idler idler = IdleStrategy.BACKOFF.idler(parks::add);
        Thread.sleep(1);
        for (int i = 0; i < 100; i++) {
            idler.idle(0, true);
        }
        assertTrue(parks.isEmpty(), "parked in flight: " + parks);
    }

    @Test
    void theSpinningStrategiesNeverPark() {
        for (IdleStrategy strategy : List.of(IdleStrategy.BUSY_SPIN, IdleStrategy.YIELD)) {
            List<Long> parks = new ArrayList<>();
            IdleStrategy.Idler idler = strategy.idler(parks::add);
            for (int i = 0; i < 100; i++) {
                idler.idle(0, i % 2 == 0);
                idler.idle(1, true);
            }
            assertTrue(parks.isEmpty(), strategy + " parked: " + parks);
        }
    }
}
