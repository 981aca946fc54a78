package dev.nbc.core.request;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Waiting for and testing several requests together. */
public final class Requests {
    private Requests() {
    }

    /** Waits for all; the first failure (in argument order) is thrown after all have finished. */
    public static void awaitAll(Request... requests) {
        awaitAll(Arrays.asList(requests));
    }

    public static void awaitAll(List<Request> requests) {
        NbcException first = null;
        for (Request request : requests) {
            try {
                request.await();
            } catch (NbcException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * Waits for all, at most the given time in total.
     *
     * @return true if all completed in time
     */
    public static boolean awaitAll(long timeout, TimeUnit unit, Request... requests) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (Request request : requests) {
            if (!request.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
        return true;
    }

    /** True if all have completed (each is polled once). */
    public static boolean testAll(Request... requests) {
        boolean all = true;
        for (Request request : requests) {
            all &= request.test();
        }
        return all;
    }

    /** Index of a completed request, or -1 if none has completed yet (each is polled once). */
    public static int testAny(Request... requests) {
        for (int i = 0; i < requests.length; i++) {
            if (requests[i].test()) {
                return i;
            }
        }
        return -1;
    }

    /** Waits until one completes and returns its index. */
    public static int awaitAny(Request... requests) {
        if (requests.length == 0) {
            throw new IllegalArgumentException("requests: awaitAny needs at least one request");
        }
        long start = System.nanoTime();
        while (true) {
            int index = testAny(requests);
            if (index >= 0) {
                return index;
            }
            if (System.nanoTime() - start < 20_000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}
