package dev.nbc.harness.ranks;

import dev.nbc.core.Communicator;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.harness.call.NbcCall;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.Transport;

/** An nbc communicator with its own progress engine and transport, closed together. */
public record Session(Communicator comm, ProgressEngine engine) implements AutoCloseable {

    /** A session over {@code transport}: a new progress engine (idling by back-off) and communicator, checking calls or not. */
    public static Session open(Transport transport, ProgressMode mode, CollectiveCheck check) {
        ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
        return new Session(Communicator.create(engine, transport, check), engine);
    }

    /** nbc's {@code collective} on a block of {@code bytes} per rank with {@code algorithm} (null: the selector's choice). */
    public CollectiveCall call(Collective collective, int bytes, Algorithm algorithm) {
        return new NbcCall(comm, collective, bytes, algorithm);
    }

    @Override
    public void close() {
        comm.close();
        engine.close();
    }
}
