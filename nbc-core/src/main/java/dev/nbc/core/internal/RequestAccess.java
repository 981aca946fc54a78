package dev.nbc.core.internal;

import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Algorithm;

import java.util.function.Supplier;

/**
 * How the engine creates, completes and fails requests, whose constructor and outcome setters are
 * not public: {@link Request} registers its accessor here when it is initialised.
 */
public final class RequestAccess {
    /** What {@link Request} lets its engine do. */
    public interface Accessor {
        Request create(Supplier<String> description, Algorithm algorithm, ProgressHook engine);

        void complete(Request request);

        void fail(Request request, NbcException failure);
    }

    private static final Registration<Accessor> ACCESSOR = new Registration<>(Request.class);

    private RequestAccess() {
    }

    /** Called once, by {@link Request}'s static initialiser. */
    public static void register(Accessor requests) {
        ACCESSOR.register(requests);
    }

    /** A new request of a collective about to run on {@code engine}. */
    public static Request create(Supplier<String> description, Algorithm algorithm, ProgressHook engine) {
        return ACCESSOR.get().create(description, algorithm, engine);
    }

    /** The collective of {@code request} has completed. */
    public static void complete(Request request) {
        ACCESSOR.get().complete(request);
    }

    /** The collective of {@code request} has failed. */
    public static void fail(Request request, NbcException failure) {
        ACCESSOR.get().fail(request, failure);
    }
}
