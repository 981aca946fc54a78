package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.MessageLostException;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * Ping-pong between pairs of ranks: the client sends a message, the server sends it back, and the
 * client times the round trip; the figure is half of it (RTT/2), the bandwidth the message over
 * that half. Two forms, as the paper has them:
 * <ul>
 * <li>{@code pingpong}: ranks 0 and 1 alone, the others idle (the classic test);</li>
 * <li>{@code 1:1}: every rank, split at random into clients and servers of equal number and paired
 *     ("the bisection is determined randomly"), all pairs at once after a barrier, to load a
 *     network's bisection; the figure is the median over rounds of the slowest pair's RTT/2.</li>
 * </ul>
 * Over an unreliable module a round whose ping or pong is lost is counted, not timed; sends are
 * never skipped, so that both sides' message counts stay in step.
 */
public final class PingPong implements Pattern {
    private final boolean allPairs;

    private PingPong(boolean allPairs) {
        this.allPairs = allPairs;
    }

    public static PingPong classic() {
        return new PingPong(false);
    }

    public static PingPong oneToOne() {
        return new PingPong(true);
    }

    @Override
    public Info info() {
        return new Info(allPairs ? "1:1" : "pingpong",
                allPairs ? "random pairs of all ranks ping-pong at once after a barrier (bisection bandwidth); RTT/2 of the slowest pair"
                : "rank 0 and rank 1 ping-pong, the others idle; RTT/2",
                EnumSet.noneOf(Capability.class),
                2);
    }

    @Override
    public List<NetgaugeRow> run(PatternRun run) {
        int[] order = allPairs ? run.randomPermutation() : identity(run.size());
        int pairs = allPairs ? run.size() / 2 : 1;
        int position = indexOf(order, run.rank());
        boolean client = position < pairs;
        boolean server = position >= pairs && position < 2 * pairs;
        int partner = client ? order[position + pairs] : server ? order[position - pairs] : -1;
        Endpoint endpoint = run.endpoint();
        ByteBuffer buffer = endpoint.allocate(run.sweep().maxBytes());
        List<NetgaugeRow> rows = new ArrayList<>();
        for (int bytes : run.sweep().sizes()) {
            RoundTimes times = new RoundTimes(run.sweep().rounds(bytes));
            int warmups = run.sweep().warmups(bytes);
            run.synchronize();
            for (int round = -warmups; round < run.sweep().rounds(bytes); round++) {
                if (allPairs) {
                    run.synchronize();
                }
                if (client) {
                    long start = run.timer().nanos();
                    endpoint.send(buffer, bytes, partner);
                    try {
                        endpoint.receive(buffer, bytes, partner);
                        if (round >= 0) {
                            times.add((run.timer().nanos() - start) / 2.0);
                        }
                    } catch (MessageLostException lost) {
                        times.lost();
                    }
                } else if (server) {
                    try {
                        endpoint.receive(buffer, bytes, partner);
                    } catch (MessageLostException lost) {
                        // the client counts the round as lost; the pong still goes, to keep the counts in step
                    }
                    endpoint.send(buffer, bytes, partner);
                }
            }
            rows.addAll(SlowestRound.rows(run, name(), pairs, bytes, "rtt/2", client ? times : null, bytes));
        }
        return rows;
    }

    static int[] identity(int size) {
        int[] ranks = new int[size];
        for (int i = 0; i < size; i++) {
            ranks[i] = i;
        }
        return ranks;
    }

    static int indexOf(int[] ranks, int rank) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == rank) {
                return i;
            }
        }
        throw new IllegalStateException("rank " + rank + " is not in the permutation");
    }
}
