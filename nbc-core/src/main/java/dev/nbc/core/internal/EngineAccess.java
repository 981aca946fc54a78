package dev.nbc.core.internal;

import dev.nbc.core.check.CallSignature;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * How a communicator submits a schedule to its engine, which is not public (a caller could skip
 * the communicator's tag counter and its checks): {@link ProgressEngine} registers its accessor
 * here when it is initialised.
 */
public final class EngineAccess {
    /** What {@link ProgressEngine} lets a communicator do. */
    public interface Accessor {
        Request submit(ProgressEngine engine, Schedule schedule, Transport transport, int tag, ByteBuffer input,
                       ByteBuffer output, Supplier<String> description, CallSignature signature, Runnable beforeCompletion);
    }

    private static final Registration<Accessor> ACCESSOR = new Registration<>(ProgressEngine.class);

    private EngineAccess() {
    }

    /** Called once, by {@link ProgressEngine}'s static initialiser. */
    public static void register(Accessor engines) {
        ACCESSOR.register(engines);
    }

    /**
     * Starts running {@code schedule} on {@code engine} over {@code transport} with {@code tag}; the
     * caller has checked the arguments (see {@code ProgressEngine.submit}).
     */
    public static Request submit(ProgressEngine engine, Schedule schedule, Transport transport, int tag, ByteBuffer input,
                                 ByteBuffer output, Supplier<String> description, CallSignature signature, Runnable beforeCompletion) {
        return ACCESSOR.get().submit(engine, schedule, transport, tag, input, output, description, signature, beforeCompletion);
    }
}
