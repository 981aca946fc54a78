package dev.nbc.harness.ranks;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoreBindingTest {
    private static final List<Integer> FOUR = List.of(0, 1, 2, 3);

    @Test
    void ranksThatFitGetEqualShareOfCpusOfTheirOwnInOrder() {
        assertEquals(List.of(0, 1), CoreBinding.CORE.cpusOf(0, 2, FOUR));
        assertEquals(List.of(2, 3), CoreBinding.CORE.cpusOf(1, 2, FOUR));
        assertEquals(List.of(4), CoreBinding.CORE.cpusOf(1, 3, List.of(2, 4, 6, 7)));   // k = 1, CPU 7 left over
        assertEquals(FOUR, CoreBinding.CORE.cpusOf(0, 1, FOUR));
    }

    @Test
    void moreRanksThanCpusOrNoneBindNothing() {
        assertEquals(List.of(), CoreBinding.CORE.cpusOf(4, 5, FOUR));
        assertEquals(List.of(), CoreBinding.NONE.cpusOf(0, 2, FOUR));
        assertEquals("none (5 ranks on 4 CPUs)", CoreBinding.CORE.describe(5, FOUR));
        assertEquals("none", CoreBinding.NONE.describe(2, FOUR));
        assertEquals("core: 0->[0, 1], 1->[2, 3]", CoreBinding.CORE.describe(2, FOUR));
    }

    @Test
    void badRankIsRefusedNamingTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoreBinding.CORE.cpusOf(2, 2, FOUR));
        assertEquals("rank: must be in 0..1, but was 2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CoreBinding.CORE.cpusOf(0, 0, FOUR));
    }

    @Test
    void threadAffinityWorksOnThisPlatform() {
        // The project's machines are 64-bit Linux; elsewhere CORE degrades to no binding, and this says so.
        assertNull(CoreBinding.unsupportedReason());
        assertTrue(ThreadAffinity.allowedCpus().size() >= 1);
    }

    @Test
    void aBoundThreadRunsOnItsCpuAndTheThreadsItStartsInheritIt() throws Exception {
        List<Integer> allowed = ThreadAffinity.allowedCpus();
        int last = allowed.get(allowed.size() - 1);
        AtomicReference<List<Integer>> own = new AtomicReference<>();
        AtomicReference<List<Integer>> child = new AtomicReference<>();
        AtomicReference<Integer> ranOn = new AtomicReference<>();
        Thread bound = new Thread(() -> {
            ThreadAffinity.bindCurrentThread(List.of(last));
            own.set(ThreadAffinity.allowedCpus());
            Thread.yield();
            ranOn.set(currentCpu());
            Thread started = new Thread(() -> child.set(ThreadAffinity.allowedCpus()));
            started.start();
            try {
                started.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        bound.start();
        bound.join(30_000);
        assertEquals(List.of(last), own.get());
        assertEquals(last, ranOn.get());
        assertEquals(List.of(last), child.get());
        assertEquals(allowed, ThreadAffinity.allowedCpus(), "binding another thread leaves this one alone");
    }

    @Test
    void emptyOrImpossibleCpuSetsAreRefusedBeforeTheSystemCall() {
        assertThrows(IllegalArgumentException.class, () -> ThreadAffinity.bindCurrentThread(List.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ThreadAffinity.bindCurrentThread(List.of(1024)));
        assertEquals("cpus: must be in 0..1023, but held 1024", e.getMessage());
    }

    @Test
    void inProcessRanksRunOnTheCpusTheBindingGivesThem() {
        List<Integer> allowed = ThreadAffinity.allowedCpus();
        int p = 2;
        List<List<Integer>> seen = Collections.synchronizedList(new ArrayList<>(List.of(List.of(), List.of())));
        new InProcessRanks(p, null, Duration.ofMinutes(1), CoreBinding.CORE).run(p, env -> {
            seen.set(env.rank(), ThreadAffinity.allowedCpus());
            return null;
        });
        for (int rank = 0; rank < p; rank++) {
            List<Integer> expected = CoreBinding.CORE.cpusOf(rank, p, allowed);
            assertEquals(expected.isEmpty() ? allowed : expected, seen.get(rank), "rank " + rank);
        }
        new InProcessRanks(p, null, Duration.ofMinutes(1), CoreBinding.NONE).run(p, env -> {
            seen.set(env.rank(), ThreadAffinity.allowedCpus());
            return null;
        });
        assertEquals(List.of(allowed, allowed), seen);
    }

    /** The CPU the calling thread last ran on (field 39 of /proc/thread-self/stat). */
    private static int currentCpu() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
            return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[36]);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
