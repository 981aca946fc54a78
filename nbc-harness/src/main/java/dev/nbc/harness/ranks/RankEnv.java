package dev.nbc.harness.ranks;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.harness.call.CollectiveCalls;
import dev.nbc.core.progress.ProgressMode;

import java.util.Optional;

/** What a rank's benchmark code sees: its rank in the group under test and the tools to measure it. */
public interface RankEnv {
    int rank();

    int size();

    /** Control plane on a transport of its own (barriers, gathers, clock exchanges). */
    Control control();

    /**
     * A new nbc communicator on a transport of its own (MPI: a duplicate communicator) with its own
     * progress engine, checking calls or not; collective over the group: every rank opens sessions
     * in the same order.
     */
    Session open(ProgressMode mode, CollectiveCheck check);

    /** A session as an application opens one: progress thread, consistency check as NBC_CHECK says. */
    default Session open() {
        return open(ProgressMode.THREAD, CollectiveCheck.fromEnvironment());
    }

    /** The MPI library's own collectives on this group; empty when the transport has none (in-process). */
    Optional<CollectiveCalls> nativeCollectives();
}
