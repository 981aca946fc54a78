package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One holder at a time, who may take it again, and whose writes the next holder sees. */
class PassLockTest {
    private final PassLock lock = new PassLock();

    private boolean tryFromAnotherThread() throws InterruptedException {
        AtomicBoolean taken = new AtomicBoolean();
        Thread other = new Thread(() -> {
            taken.set(lock.tryLock());
            if (taken.get()) {
                lock.unlock();
            }
        });
        other.start();
        other.join();
        return taken.get();
    }

    @Test
    void theHolderTakesItAgainAndOnlyItsLastReleaseFreesIt() throws Exception {
        assertTrue(lock.tryLock());
        assertTrue(lock.tryLock(), "reentrant: a failure inside a pass fails everything under the same lock");
        assertFalse(tryFromAnotherThread());
        lock.unlock();
        assertFalse(tryFromAnotherThread(), "still held once");
        lock.unlock();
        assertTrue(tryFromAnotherThread());
    }

    @Test
    void onlyTheHolderMayRelease() throws Exception {
        assertThrows(IllegalMonitorStateException.class, lock::unlock);
        lock.tryLock();
        Thread other = new Thread(() -> assertThrows(IllegalMonitorStateException.class, lock::unlock));
        other.start();
        other.join();
        lock.unlock();
    }

    @Test
    void lockWaitsForTheHolderAndTwoThreadsNeverHoldItTogether() throws Exception {
        int rounds = 20_000;
        long[] counter = new long[1]; // plain: only the lock orders the increments
        AtomicBoolean inside = new AtomicBoolean();
        AtomicBoolean overlapped = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        Runnable work = () -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                return;
            }
            for (int i = 0; i < rounds; i++) {
                if (i % 2 == 0) {
                    lock.lock();
                } else {
                    while (!lock.tryLock()) {
                        Thread.onSpinWait();
                    }
                }
                if (!inside.compareAndSet(false, true)) {
                    overlapped.set(true);
                }
                counter[0]++;
                inside.set(false);
                lock.unlock();
            }
        };
        Thread a = new Thread(work);
        Thread b = new Thread(work);
        a.start();
        b.start();
        start.countDown();
        a.join();
        b.join();
        assertFalse(overlapped.get(), "two holders at once");
        assertTrue(lock.tryLock());
        assertEquals(2L * rounds, counter[0], "every increment made under the lock is seen by the next holder");
        lock.unlock();
    }
}
