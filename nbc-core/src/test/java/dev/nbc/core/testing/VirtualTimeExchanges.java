package dev.nbc.core.testing;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Exchanges on the emulated network's virtual time, for the tests of the network and of the models checked against it. */
public final class VirtualTimeExchanges {
    private VirtualTimeExchanges() {
    }

    /**
     * n senders post {@code bytes} at once to one receiver (rank 0), driven from one thread in rank
     * order so that the bookings at the receiver are made in time order; the receiver waits in that
     * order. Returns the receiver's clock when each receive has completed.
     *
     * @throws IllegalStateException if a receive did not complete at once (on virtual time waiting does)
     */
    public static long[] nToOne(EmulatedNetwork network, int n, int bytes) {
        try (InProcessWorld world = InProcessWorld.onVirtualTime(n + 1, network)) {
            Transport root = world.transport(0);
            List<PendingOperation> receives = new ArrayList<>();
            for (int peer = 1; peer <= n; peer++) {
                receives.add(root.receive(ByteBuffer.allocateDirect(Math.max(1, bytes)), 0, bytes, peer, 0));
            }
            for (int peer = 1; peer <= n; peer++) {
                world.transport(peer).send(ByteBuffer.allocateDirect(Math.max(1, bytes)), 0, bytes, 0, 0);
            }
            long[] done = new long[n];
            for (int k = 0; k < n; k++) {
                if (!receives.get(k).test()) {
                    throw new IllegalStateException("receive " + k + " not complete: on virtual time waiting completes at once");
                }
                done[k] = root.nanoTime();
            }
            return done;
        }
    }
}
