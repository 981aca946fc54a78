package dev.nbc.core.request;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.Communicator;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.progress.ProgressPolicy;
import dev.nbc.core.testing.ScriptedTransport;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Testing and waiting over many requests: one engine pass per call, not one per request, and each
 * completion reported once. Barriers on a scripted transport of two ranks post one send and one
 * receive each; operations are released one barrier at a time.
 */
class RequestSetTest {
    private static final int IN_FLIGHT = 256;

    /** Barriers whose operations complete only when their barrier is released; counts every poll. */
    private static final class Barriers {
        final ScriptedTransport transport = new ScriptedTransport(0, 2);
        final AtomicInteger polls = new AtomicInteger();
        final List<AtomicBoolean> released = new ArrayList<>();
        final List<Request> requests = new ArrayList<>();

        Barriers(ProgressEngine engine, int n) {
            Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
            for (int i = 0; i < n; i++) {
                AtomicBoolean release = new AtomicBoolean();
                released.add(release);
                transport.behave(() -> () -> {
                    polls.incrementAndGet();
                    return release.get();
                });
                requests.add(comm.ibarrier());
            }
        }

        void release(int... indices) {
            for (int i : indices) {
                released.get(i).set(true);
            }
        }
    }

    /** The operations one engine pass polls: what a single request's test() costs. */
    private static int pollsOfOnePass(Barriers barriers) {
        barriers.polls.set(0);
        assertFalse(barriers.requests.get(0).test());
        int polls = barriers.polls.getAndSet(0);
        assertTrue(polls >= IN_FLIGHT, "a pass polls every barrier in flight at least once, but polled " + polls);
        return polls;
    }

    @Test
    void testAllMakesOnePassNotOnePerRequest() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Barriers barriers = new Barriers(engine, IN_FLIGHT);
            int onePass = pollsOfOnePass(barriers);
            assertFalse(Requests.testAll(barriers.requests));
            // it was one pass per unfinished request: 256 passes, 65,536 polls
            assertEquals(onePass, barriers.polls.get());
        }
    }

    @Test
    void testAnyAndTestSomeMakeOnePassPerCallToo() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Barriers barriers = new Barriers(engine, IN_FLIGHT);
            RequestSet set = new RequestSet(barriers.requests);
            int onePass = pollsOfOnePass(barriers);
            assertEquals(-1, set.testAny());
            assertEquals(onePass, barriers.polls.getAndSet(0));
            assertEquals(0, set.testSome().length);
            assertEquals(onePass, barriers.polls.get());
        }
    }

    @Test
    void eachCompletionIsReportedOnceByIndexInTheOrderGiven() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Barriers barriers = new Barriers(engine, 6);
            RequestSet set = new RequestSet(barriers.requests);
            barriers.release(4);
            assertEquals(4, set.awaitAny());
            assertEquals(-1, set.testAny(), "4 is not reported again, and nothing else completed");
            barriers.release(1, 5);
            assertArrayEquals(new int[] {1, 5}, set.awaitSome());
            assertEquals(0, set.testSome().length);
            barriers.release(0, 2, 3);
            Set<Integer> rest = new HashSet<>();
            for (int i = set.awaitAny(); i >= 0; i = set.awaitAny()) {
                assertTrue(rest.add(i), "reported twice: " + i);
            }
            assertEquals(Set.of(0, 2, 3), rest);
            assertTrue(set.allReported());
            assertEquals(-1, set.awaitAny(), "nothing left: MPI_UNDEFINED");
            assertEquals(0, set.awaitSome().length);
        }
    }

    @Test
    void aFailedRequestIsReportedLikeAnyOtherAndThrowsWhenAsked() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            ScriptedTransport transport = new ScriptedTransport(0, 2);
            Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
            transport.behave(() -> () -> false);
            Request held = comm.ibarrier();
            transport.behave(() -> () -> {
                throw new TransportException("link down");
            });
            Request failing = comm.ibarrier();
            RequestSet set = RequestSet.of(held, failing);
            assertEquals(1, set.awaitAny());
            NbcException e = assertThrows(NbcException.class, () -> set.request(1).await());
            assertTrue(e.getMessage().contains("link down"), e.getMessage());
            assertEquals(-1, set.testAny());
        }
    }

    @Test
    void testAllThrowsTheFirstFailureOnceAllAreOver() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            ScriptedTransport transport = new ScriptedTransport(0, 2);
            Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
            AtomicBoolean release = new AtomicBoolean();
            transport.behave(() -> release::get);
            Request held = comm.ibarrier();
            transport.behave(() -> () -> {
                throw new TransportException("link down");
            });
            Request failing = comm.ibarrier();
            assertFalse(Requests.testAll(held, failing), "one is still in flight");
            release.set(true);
            NbcException e = assertThrows(NbcException.class, () -> Requests.testAll(held, failing));
            assertTrue(e.getMessage().contains("link down"), e.getMessage());
        }
    }

    @Test
    void requestsOfTwoEnginesAreProgressedTogether() {
        try (ProgressEngine first = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
             ProgressEngine second = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            Barriers a = new Barriers(first, 3);
            Barriers b = new Barriers(second, 3);
            List<Request> all = new ArrayList<>(a.requests);
            all.addAll(b.requests);
            RequestSet set = new RequestSet(all);
            a.release(0, 1, 2);
            b.release(0, 1, 2);
            assertEquals(List.of(0, 1, 2, 3, 4, 5), reportAll(set));
        }
    }

    @Test
    void aParkedWaiterIsWokenByTheCompletionOfAnyRequest() throws InterruptedException {
        // DEDICATED: a wait longer than 200 us parks and the progress thread completes the request
        try (ProgressEngine engine = ProgressEngine.start(ProgressPolicy.DEDICATED)) {
            Barriers barriers = new Barriers(engine, 4);
            RequestSet set = new RequestSet(barriers.requests);
            Thread releaser = new Thread(() -> {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                barriers.release(2);
            });
            releaser.start();
            assertEquals(2, set.awaitAny());
            releaser.join();
            barriers.release(0, 1, 3);
            assertEquals(List.of(0, 1, 3), reportAll(set));
        }
    }

    @Test
    void nullRequestsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RequestSet(Arrays.asList((Request) null)));
        assertTrue(e.getMessage().startsWith("requests:"), e.getMessage());
    }

    /** Awaits some until every request was reported; the indices sorted, each checked to come once. */
    private static List<Integer> reportAll(RequestSet set) {
        List<Integer> reported = new ArrayList<>();
        while (!set.allReported()) {
            for (int index : set.awaitSome()) {
                assertFalse(reported.contains(index), "reported twice: " + index);
                reported.add(index);
            }
        }
        reported.sort(null);
        return reported;
    }
}
