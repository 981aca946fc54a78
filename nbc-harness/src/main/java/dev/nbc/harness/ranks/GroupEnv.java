package dev.nbc.harness.ranks;

import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.Transport;
import dev.nbc.harness.call.CollectiveCalls;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A rank's view of its group, as both launchers give it.
 *
 * @param sessionTransports a new transport of the group for each session (a duplicate communicator, or a new in-process world)
 */
public record GroupEnv(int rank, int size, Control control, Supplier<Transport> sessionTransports,
                       Optional<CollectiveCalls> nativeCollectives) implements RankEnv {

    @Override
    public Session open(ProgressMode mode, CollectiveCheck check) {
        return Session.open(sessionTransports.get(), mode, check);
    }
}
