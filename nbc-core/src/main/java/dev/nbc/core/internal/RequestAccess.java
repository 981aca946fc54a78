package dev.nbc.core.internal;

import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Algorithm;

/**
 * How the engine creates, completes and fails requests, whose constructor and outcome setters are
 * not public: {@link Request} registers its accessor here when it is initialised.
 */
public final class RequestAccess {
    /** What {@link Request} lets its engine do. */
    public interface Accessor {
        Request create(String description, Algorithm algorithm, ProgressHook engine);

        void complete(Request request);

        void fail(Request request, NbcException failure);
    }

    private static volatile Accessor accessor;

    private RequestAccess() {
    }

    /** Called once, by {@link Request}'s static initialiser. */
    public static void register(Accessor requests) {
        if (accessor != null) {
            throw new IllegalStateException("the request accessor is registered already");
        }
        accessor = requests;
    }

    /** A new request of a collective about to run on {@code engine}. */
    public static Request create(String description, Algorithm algorithm, ProgressHook engine) {
        return accessor().create(description, algorithm, engine);
    }

    /** The collective of {@code request} has completed. */
    public static void complete(Request request) {
        accessor().complete(request);
    }

    /** The collective of {@code request} has failed. */
    public static void fail(Request request, NbcException failure) {
        accessor().fail(request, failure);
    }

    private static Accessor accessor() {
        Accessor registered = accessor;
        if (registered == null) {
            Internals.initialise(Request.class);
            registered = accessor;
        }
        return registered;
    }
}
