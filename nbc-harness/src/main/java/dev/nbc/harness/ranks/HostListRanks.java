package dev.nbc.harness.ranks;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.tcp.TcpTransport;

import java.time.Duration;
import java.util.Optional;

/**
 * The ranks of processes started without MPI, one per host (or network namespace, or port of this
 * machine), each told its rank and every rank's {@code host:port}: the control plane is nbc-core's
 * TCP transport over that list. For programs whose messages find their own way (Netgauge's socket
 * modules exchange their addresses over this control plane); there are no nbc sessions.
 */
public final class HostListRanks implements Ranks {
    private final int rank;
    private final TcpTransport control;
    private final Control plane;

    /**
     * Connects this process to the others of the list (every one must start within
     * {@code connectTimeout}).
     *
     * @param hostPorts every rank's control address, {@code host:port,host:port,...}, in rank order
     */
    public HostListRanks(int rank, String hostPorts, Duration connectTimeout) {
        this.rank = rank;
        this.control = TcpTransport.open(rank, hostPorts, connectTimeout);
        this.plane = new Control(control);
    }

    @Override
    public String transport() {
        return "hosts";
    }

    @Override
    public int maxRanks() {
        return control.size();
    }

    @Override
    public boolean leader() {
        return rank == 0;
    }

    @Override
    public String mpiVersion() {
        return "n/a";
    }

    @Override
    public EmulatedNetwork network() {
        return null;
    }

    @Override
    public String binding() {
        return "by whoever started the processes";
    }

    @Override
    public <T> T run(int p, Body<T> body) {
        if (p != control.size()) {
            throw new IllegalArgumentException("group size " + p + ": a host list's group is all of its " + control.size() + " ranks");
        }
        RankEnv env = new GroupEnv(rank, p, plane, () -> {
            throw new UnsupportedOperationException("ranks from a host list have no nbc sessions: use a module that opens its own "
                    + "connections (tcp, udp)");
        }, Optional.empty());
        try {
            T result = body.run(env);
            plane.barrier();
            return leader() ? result : null;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public int agree(int value) {
        return (int) plane.bcast(value);
    }

    /** Revokes the control plane, so that every other rank's pending control operation fails instead of waiting; the failure propagates here. */
    @Override
    public void abortAfter(Throwable failure) {
        control.revoke("rank " + rank + " failed: " + failure);
    }

    @Override
    public void close() {
        control.close();
    }
}
