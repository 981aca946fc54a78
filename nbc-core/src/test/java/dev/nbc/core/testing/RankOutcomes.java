package dev.nbc.core.testing;

import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.util.Arrays;

/**
 * Runs a body on every rank of an in-process world, one engine per rank (as one per process),
 * and records how each rank's body ended: normally, or with the message of the exception it threw.
 * The world's own timeout turns a hang into a test failure.
 */
public final class RankOutcomes {
    /** One rank's calls. */
    @FunctionalInterface
    public interface Body {
        void run(Communicator comm) throws Exception;
    }

    private final String[] failures;

    private RankOutcomes(String[] failures) {
        this.failures = failures;
    }

    /** Runs {@code body} on {@code size} ranks with the given check and error policy. */
    public static RankOutcomes run(int size, CollectiveCheck check, ErrorPolicy policy, Body body) {
        String[] failures = new String[size];
        try (InProcessWorld world = new InProcessWorld(size)) {
            world.run((rank, transport) -> {
                try (ProgressEngine engine = ProgressEngine.start()) {
                    engine.setErrorPolicy(policy);
                    body.run(Communicator.create(engine, transport, check));
                } catch (RuntimeException e) {
                    failures[rank] = e.getClass().getSimpleName() + ": " + e.getMessage();
                }
            });
        }
        return new RankOutcomes(failures);
    }

    /** How rank {@code rank} ended: null if normally, else the exception's class and message. */
    public String failure(int rank) {
        return failures[rank];
    }

    public boolean allFailed() {
        return Arrays.stream(failures).allMatch(f -> f != null);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int rank = 0; rank < failures.length; rank++) {
            text.append("\n  rank ").append(rank).append(": ").append(failures[rank] == null ? "completed" : failures[rank]);
        }
        return text.toString();
    }
}
