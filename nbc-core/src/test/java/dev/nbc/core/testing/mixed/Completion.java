package dev.nbc.core.testing.mixed;

import dev.nbc.core.request.Request;
import dev.nbc.core.request.RequestSet;
import dev.nbc.core.request.Requests;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** The ways an application may complete a batch of requests; each completes all of them or throws. */
enum Completion {
    AWAIT_EACH_IN_RANDOM_ORDER {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            List<Request> shuffled = new ArrayList<>(requests);
            Collections.shuffle(shuffled, random);
            shuffled.forEach(Request::await);
        }
    },
    AWAIT_WITH_TIMEOUTS {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            for (Request request : requests) {
                while (!request.await(1, TimeUnit.MILLISECONDS)) {
                    Thread.yield();
                }
            }
        }
    },
    TEST_EACH_UNTIL_ALL_DONE {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            BitSet done = new BitSet(requests.size());
            while (done.cardinality() < requests.size()) {
                for (int i = done.nextClearBit(0); i < requests.size(); i = done.nextClearBit(i + 1)) {
                    if (requests.get(i).test()) {
                        done.set(i);
                    }
                }
                Thread.yield();
            }
        }
    },
    TEST_ALL {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            while (!Requests.testAll(requests)) {
                Thread.yield();
            }
        }
    },
    AWAIT_ALL {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            Requests.awaitAll(requests);
        }
    },
    AWAIT_ANY {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            reportEach(requests, set -> single(set.awaitAny()));
        }
    },
    TEST_ANY {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            reportEach(requests, set -> single(set.testAny()));
        }
    },
    TEST_AND_AWAIT_SOME {
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            reportEach(requests, set -> random.nextBoolean() ? set.testSome() : set.awaitSome());
        }
    },
    FUTURES {
        /** With a progress thread the futures complete by themselves; without one, someone must test. */
        @Override
        void complete(List<Request> requests, boolean progressThread, Random random) {
            CompletableFuture<?>[] futures = requests.stream().map(Request::future).toArray(CompletableFuture<?>[]::new);
            CompletableFuture<Void> all = CompletableFuture.allOf(futures);
            try {
                if (progressThread) {
                    all.get(60, TimeUnit.SECONDS);
                } else {
                    while (!all.isDone()) {
                        Requests.testAll(requests);
                        Thread.yield();
                    }
                    all.get();
                }
            } catch (ExecutionException e) {
                throw new AssertionError("a collective failed: " + e.getCause(), e.getCause());
            } catch (TimeoutException e) {
                StringBuilder pending = new StringBuilder();
                for (Request request : requests) {
                    if (!request.future().isDone()) {
                        pending.append("\n  ").append(request);
                    }
                }
                boolean completedWhenCalledIn = Requests.awaitAll(60, TimeUnit.SECONDS, requests.toArray(new Request[0]));
                throw new AssertionError("the futures of " + requests.size() + " collectives did not complete in 60 s "
                        + "with a progress thread and nobody testing; awaiting them then " + (completedWhenCalledIn
                        ? "completed them" : "did not complete them in 60 s either") + "; pending were:" + pending);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    };

    abstract void complete(List<Request> requests, boolean progressThread, Random random);

    /**
     * Takes completions from a {@link RequestSet} of {@code requests} by {@code next} (the indices it
     * reports, maybe none) until all were reported, checking that each comes exactly once and
     * awaiting each reported request (at once done; throws its failure).
     */
    private static void reportEach(List<Request> requests, Function<RequestSet, int[]> next) {
        RequestSet set = new RequestSet(requests);
        BitSet reported = new BitSet();
        while (!set.allReported()) {
            int[] indices = next.apply(set);
            if (indices.length == 0) {
                Thread.yield();
            }
            for (int index : indices) {
                if (reported.get(index)) {
                    throw new AssertionError("request " + index + " was reported twice");
                }
                reported.set(index);
                set.request(index).await();
            }
        }
        if (reported.cardinality() != requests.size()) {
            throw new AssertionError(reported.cardinality() + " of " + requests.size() + " requests were reported");
        }
    }

    private static int[] single(int index) {
        return index < 0 ? new int[0] : new int[] {index};
    }
}
