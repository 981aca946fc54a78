package dev.nbc.core.request;

import dev.nbc.core.internal.ProgressHook;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Requests whose completions are reported one by one, each exactly once, as MPI's
 * {@code MPI_Waitany}/{@code MPI_Testsome} do with the requests they have completed (they become
 * {@code MPI_REQUEST_NULL}). Requests are named by their index in the order given; a reported
 * index is never reported again.
 *
 * <pre>{@code
 * RequestSet inFlight = RequestSet.of(requests);
 * for (int i = inFlight.awaitAny(); i >= 0; i = inFlight.awaitAny()) {
 *     inFlight.request(i).await();   // returns at once, or throws the collective's failure
 *     use(results[i]);
 * }
 * }</pre>
 *
 * <p>A failed collective is reported as a completion like any other (so that one failure does not
 * hide the others' completions); its {@link Request#test()} or {@link Request#await()} then throws
 * the failure. Each call makes at most one pass of each engine involved, not one per request.
 * Not thread-safe: one thread reports.
 */
public final class RequestSet {
    private static final int[] NONE = new int[0];

    private final List<Request> requests;
    private final BitSet unreported;
    private final ProgressHook engines;

    /** @throws IllegalArgumentException if {@code requests} or one of them is null */
    public RequestSet(Collection<Request> requests) {
        if (requests == null) {
            throw new IllegalArgumentException("requests: must not be null");
        }
        this.requests = new ArrayList<>(requests);
        for (int i = 0; i < this.requests.size(); i++) {
            if (this.requests.get(i) == null) {
                throw new IllegalArgumentException("requests: element " + i + " is null");
            }
        }
        this.unreported = new BitSet(this.requests.size());
        this.unreported.set(0, this.requests.size());
        this.engines = EngineGroup.of(this.requests);
    }

    public static RequestSet of(Request... requests) {
        if (requests == null) {
            throw new IllegalArgumentException("requests: must not be null");
        }
        return new RequestSet(Arrays.asList(requests));
    }

    /** The request at {@code index} (the order given). */
    public Request request(int index) {
        return requests.get(index);
    }

    /** How many requests the set was given. */
    public int size() {
        return requests.size();
    }

    /** How many have not been reported yet. */
    public int unreported() {
        return unreported.cardinality();
    }

    /** True once every request has been reported. */
    public boolean allReported() {
        return unreported.isEmpty();
    }

    /**
     * The index of a request that completed (or failed) and was not reported before, now reported;
     * -1 if none has (also when all were reported already).
     */
    public int testAny() {
        if (unreported.isEmpty()) {
            return -1;
        }
        int index = reportOne();
        if (index < 0) {
            engines.progressOnce(ProgressHook.CLOCK_NOT_READ);
            index = reportOne();
        }
        return index;
    }

    /**
     * Waits until a request not reported before completes (or fails), and reports it.
     *
     * @return its index, or -1 if all were reported already (MPI_UNDEFINED)
     */
    public int awaitAny() {
        if (unreported.isEmpty()) {
            return -1;
        }
        Integer index = Waiting.until(engines, this, (set, now) -> {
            int reported = set.testAny();
            return reported >= 0 ? reported : null;
        }, RequestSet::anyCompletion, Long.MAX_VALUE, set -> "any of " + set.unreported() + " requests");
        return index;
    }

    /** The indices, ascending, of every request that completed and was not reported before, now reported; maybe none. */
    public int[] testSome() {
        if (unreported.isEmpty()) {
            return NONE;
        }
        int[] indices = reportAll();
        if (indices.length == 0) {
            engines.progressOnce(ProgressHook.CLOCK_NOT_READ);
            indices = reportAll();
        }
        return indices;
    }

    /** Waits until at least one request not reported before completes, then reports all that have; none if all were reported already. */
    public int[] awaitSome() {
        if (unreported.isEmpty()) {
            return NONE;
        }
        return Waiting.until(engines, this, (set, now) -> {
            int[] reported = set.testSome();
            return reported.length > 0 ? reported : null;
        }, RequestSet::anyCompletion, Long.MAX_VALUE, set -> "some of " + set.unreported() + " requests");
    }

    private int reportOne() {
        for (int i = unreported.nextSetBit(0); i >= 0; i = unreported.nextSetBit(i + 1)) {
            if (requests.get(i).isOver()) {
                unreported.clear(i);
                return i;
            }
        }
        return -1;
    }

    private int[] reportAll() {
        int[] indices = new int[unreported.cardinality()];
        int found = 0;
        for (int i = unreported.nextSetBit(0); i >= 0; i = unreported.nextSetBit(i + 1)) {
            if (requests.get(i).isOver()) {
                indices[found++] = i;
            }
        }
        for (int k = 0; k < found; k++) {
            unreported.clear(indices[k]);
        }
        return found == indices.length ? indices : Arrays.copyOf(indices, found);
    }

    /** Completes when any unreported request does: what a parked waiter is woken by. */
    private CompletableFuture<Object> anyCompletion() {
        List<CompletableFuture<Void>> pending = new ArrayList<>(unreported.cardinality());
        for (int i = unreported.nextSetBit(0); i >= 0; i = unreported.nextSetBit(i + 1)) {
            pending.add(requests.get(i).completion());
        }
        return CompletableFuture.anyOf(pending.toArray(new CompletableFuture<?>[0]));
    }
}
