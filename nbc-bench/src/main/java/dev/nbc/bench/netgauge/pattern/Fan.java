package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.MessageLostException;
import dev.nbc.core.transport.PendingOperation;
import picocli.CommandLine.Option;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * Netgauge's 1:n and n:1 (paper section 2.4): a server drawn at random, the other ranks its
 * clients; every round starts with a barrier. In n:1 every client sends its message to the server
 * with a non-blocking send, the server receives them all and then replies to each (one byte); in
 * 1:n the server sends the message to every client at once and each client replies when it has
 * it. Each client times the round from the barrier to the server's reply (n:1) or to its message
 * (1:n): "the clients measure the time of this operation". The row is the distribution of the
 * slowest client's time per round; for flow control and congestion it is read against the number
 * of clients, so the pattern sweeps it ({@code --fan-clients}).
 */
public final class Fan implements Pattern {
    private static final int REPLY_BYTES = 1;

    /** The pattern's options. */
    public static final class Options {
        @Option(names = "--fan-clients", split = ",", paramLabel = "N",
                description = "1:n, n:1: numbers of clients to run with (default every count from 1 to ranks - 1).")
        List<Integer> clients;
    }

    private final boolean toServer;
    private final Options options;

    private Fan(boolean toServer, Options options) {
        this.toServer = toServer;
        this.options = options;
    }

    /** 1:n and n:1, sharing one options object (--fan-clients means the same for both). */
    public static List<Pattern> both() {
        Options shared = new Options();
        return List.of(new Fan(false, shared), new Fan(true, shared));
    }

    @Override
    public Info info() {
        return new Info(toServer ? "n:1" : "1:n",
                toServer ? "clients send to a random server at once, which replies when it has all; time per round at the clients"
                : "a random server sends to every client at once, each replies; time per round at the clients",
                EnumSet.of(Capability.NON_BLOCKING),
                2);
    }

    @Override
    public Optional<Object> options() {
        return Optional.of(options);
    }

    /** The client counts of a run on {@code size} ranks. */
    List<Integer> clientCounts(int size) {
        if (options.clients != null && !options.clients.isEmpty()) {
            for (int n : options.clients) {
                if (n < 1 || n > size - 1) {
                    throw new IllegalArgumentException("--fan-clients: every count must be between 1 and ranks - 1 = " + (size - 1)
                            + ", but one was " + n);
                }
            }
            return options.clients;
        }
        List<Integer> all = new ArrayList<>();
        for (int n = 1; n < size; n++) {
            all.add(n);
        }
        return all;
    }

    @Override
    public List<NetgaugeRow> run(PatternRun run) {
        Endpoint endpoint = run.endpoint();
        int server = run.randomRank();
        int maxBytes = run.sweep().maxBytes();
        int size = run.size();
        // the server's buffers: one message per client (n:1 receives them all at once)
        ByteBuffer[] perClient = new ByteBuffer[size];
        ByteBuffer message = endpoint.allocate(maxBytes);
        ByteBuffer reply = endpoint.allocate(REPLY_BYTES);
        if (run.rank() == server && toServer) {
            for (int r = 0; r < size; r++) {
                perClient[r] = r == server ? null : endpoint.allocate(maxBytes);
            }
        }
        List<NetgaugeRow> rows = new ArrayList<>();
        PendingOperation[] pending = new PendingOperation[size];
        for (int clients : clientCounts(size)) {
            // clients: the next ranks after the server, cyclically
            int myIndex = Math.floorMod(run.rank() - server, size);
            boolean client = myIndex >= 1 && myIndex <= clients;
            for (int bytes : run.sweep().sizes()) {
                RoundTimes times = new RoundTimes(run.sweep().rounds(bytes));
                for (int round = -run.sweep().warmups(bytes); round < run.sweep().rounds(bytes); round++) {
                    run.synchronize();
                    if (client) {
                        long start = run.timer().nanos();
                        try {
                            if (toServer) {
                                endpoint.send(message, bytes, server);
                                endpoint.receive(reply, REPLY_BYTES, server);
                            } else {
                                endpoint.receive(message, bytes, server);
                                endpoint.send(reply, REPLY_BYTES, server);
                            }
                            if (round >= 0) {
                                times.add(run.timer().nanos() - start);
                            }
                        } catch (MessageLostException lost) {
                            times.lost();
                            if (!toServer) {
                                endpoint.send(reply, REPLY_BYTES, server);
                            }
                        }
                    } else if (run.rank() == server) {
                        serve(endpoint, server, clients, bytes, message, reply, perClient, pending);
                    }
                }
                rows.addAll(SlowestRound.rows(run, name(), clients, bytes, "round", client ? times : null, bytes));
            }
        }
        return rows;
    }

    /** One round at the server: all messages in (n:1) or out (1:n) at once, then the other direction. */
    private void serve(Endpoint endpoint, int server, int clients, int bytes, ByteBuffer message, ByteBuffer reply,
                       ByteBuffer[] perClient, PendingOperation[] pending) {
        int size = endpoint.size();
        for (int i = 1; i <= clients; i++) {
            int c = (server + i) % size;
            pending[c] = toServer ? endpoint.irecv(perClient[c], bytes, c) : endpoint.isend(message, bytes, c);
        }
        for (int i = 1; i <= clients; i++) {
            awaitCounting(endpoint, pending[(server + i) % size]);
        }
        for (int i = 1; i <= clients; i++) {
            int c = (server + i) % size;
            pending[c] = toServer ? endpoint.isend(reply, REPLY_BYTES, c) : endpoint.irecv(reply, REPLY_BYTES, c);
        }
        for (int i = 1; i <= clients; i++) {
            awaitCounting(endpoint, pending[(server + i) % size]);
        }
    }

    /** A lost message at the server is the client's lost round (it times out too); the server goes on. */
    private static void awaitCounting(Endpoint endpoint, PendingOperation operation) {
        try {
            endpoint.await(operation);
        } catch (MessageLostException lost) {
            // counted by the client whose round it was
        }
    }
}
