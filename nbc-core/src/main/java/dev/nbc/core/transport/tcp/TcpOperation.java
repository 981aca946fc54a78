package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.TransportException;

/**
 * A send or receive of a {@link TcpTransport}. {@link #test()} advances all of the endpoint's I/O
 * (every connection's writes and reads, as MPI's progress does), then reports this operation's
 * own outcome; an operation that already succeeded answers without touching the sockets.
 */
abstract class TcpOperation implements PendingOperation {
    final TcpTransport transport;
    private boolean done;
    private TransportException failure;

    TcpOperation(TcpTransport transport) {
        this.transport = transport;
    }

    @Override
    public final boolean test() {
        synchronized (transport) {
            if (done && failure == null) {
                return true;
            }
            // A failed operation still progresses: after a revocation its remainders and the
            // notices to the peers go out only while somebody polls.
            transport.progress();
            if (failure != null) {
                throw failure;
            }
            return done;
        }
    }

    final boolean isDone() {
        return done;
    }

    /** Succeeds, unless the operation is already over. */
    final void complete() {
        done = true;
    }

    /** Fails with {@code why}, unless the operation is already over. */
    final void fail(TransportException why) {
        if (!done) {
            done = true;
            failure = why;
        }
    }
}
