package dev.nbc.core;

import dev.nbc.core.check.CallSignature;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * A collective bound to its buffers once and started many times without rebuilding (MPI-4's
 * persistent collectives). Every rank must start it the same number of times, in the same order
 * relative to the communicator's other collectives; each start takes a fresh tag.
 */
public final class PersistentCollective {
    private final CallSubmitter submitter;
    private final Schedule schedule;
    private final ByteBuffer input;
    private final ByteBuffer output;
    private final Supplier<String> description;
    /** What every start is, for the consistency check (numbered per start); null without it. */
    private final CallSignature signature;

    PersistentCollective(CallSubmitter submitter, Schedule schedule, ByteBuffer input, ByteBuffer output, Supplier<String> description,
                         CallSignature signature) {
        submitter.requireOpen(description);
        this.submitter = submitter;
        this.schedule = schedule;
        this.input = input;
        this.output = output;
        this.description = description;
        this.signature = signature;
    }

    /**
     * Starts one run; the buffers must not be touched until its request completes.
     *
     * @throws IllegalStateException if the communicator or its engine is closed
     */
    public Request start() {
        return start(null);
    }

    /** Starts one run that runs {@code beforeCompletion} once it succeeded, before its request completes. */
    Request start(Runnable beforeCompletion) {
        return submitter.submit(schedule, input, output, description, signature, beforeCompletion);
    }

    /** The schedule every start runs (with the consistency check's rounds first, when it is on). */
    public Schedule schedule() {
        return schedule;
    }
}
