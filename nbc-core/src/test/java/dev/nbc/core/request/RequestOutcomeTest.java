package dev.nbc.core.request;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.testing.NoEngine;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A request failed on one thread (as the progress thread fails it) is never seen as completed by
 * another thread that tests it at the same moment.
 */
class RequestOutcomeTest {

    @Test
    void aRequestFailedOnAnotherThreadNeverTestsAsCompleted() throws InterruptedException {
        int rounds = 200_000;
        AtomicReference<Request> current = new AtomicReference<>();
        AtomicInteger seenAsCompleted = new AtomicInteger();
        AtomicInteger seenAsFailed = new AtomicInteger();
        CountDownLatch finished = new CountDownLatch(1);
        Thread tester = new Thread(() -> {
            for (int i = 0; i < rounds; i++) {
                Request request;
                while ((request = current.get()) == null) {
                    Thread.onSpinWait();
                }
                try {
                    while (!request.test()) {
                        Thread.onSpinWait();
                    }
                    seenAsCompleted.incrementAndGet();
                } catch (NbcException expected) {
                    seenAsFailed.incrementAndGet();
                }
                current.set(null);
            }
            finished.countDown();
        });
        tester.start();
        for (int i = 0; i < rounds; i++) {
            int round = i;
            Request request = new Request(() -> "IBARRIER #" + round, BarrierAlgorithm.DISSEMINATION, NoEngine.INSTANCE);
            current.set(request);
            request.fail(new NbcException("planted failure " + i));
            while (current.get() != null) {
                Thread.onSpinWait();
            }
        }
        finished.await();
        assertEquals(0, seenAsCompleted.get(), "failed requests that tested as completed");
        assertEquals(rounds, seenAsFailed.get());
    }
}
