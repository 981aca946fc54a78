package dev.nbc.core.request;

import dev.nbc.core.internal.ProgressHook;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waiting for and testing several requests together. To learn of completions one at a time
 * (MPI_Waitany, MPI_Testsome), use a {@link RequestSet}: it reports each completion once.
 */
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

    /** As {@link #testAll(List)}. */
    public static boolean testAll(Request... requests) {
        return testAll(Arrays.asList(requests));
    }

    /**
     * True if all have completed. Makes one pass of each engine involved (not one per request),
     * unless all had completed already.
     *
     * @throws NbcException once all are over, the first failure in argument order, as {@link #awaitAll}
     */
    public static boolean testAll(List<Request> requests) {
        if (!allOver(requests)) {
            EngineGroup.of(requests).progressOnce(ProgressHook.CLOCK_NOT_READ);
            if (!allOver(requests)) {
                return false;
            }
        }
        for (Request request : requests) {
            request.test(); // over: polls nothing, throws its failure if it failed
        }
        return true;
    }

    private static boolean allOver(List<Request> requests) {
        for (Request request : requests) {
            if (!request.isOver()) {
                return false;
            }
        }
        return true;
    }
}
