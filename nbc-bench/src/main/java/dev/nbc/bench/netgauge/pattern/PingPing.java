package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.MessageLostException;
import dev.nbc.core.transport.PendingOperation;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;

/**
 * Ping-ping (the Pallas/IMB test the paper cites for pipelining effects): ranks 0 and 1 send to
 * each other at the same time and then receive, so each message travels while the other does;
 * rank 0 times an exchange. Needs the non-blocking interface (both messages are in flight at
 * once).
 */
public final class PingPing implements Pattern {

    @Override
    public Info info() {
        return new Info("pingping",
                "ranks 0 and 1 send to each other at once, then receive; time of one exchange at rank 0",
                EnumSet.of(Capability.NON_BLOCKING),
                2);
    }

    @Override
    public List<NetgaugeRow> run(PatternRun run) {
        Endpoint endpoint = run.endpoint();
        boolean active = run.rank() < 2;
        int partner = 1 - run.rank();
        ByteBuffer out = endpoint.allocate(run.sweep().maxBytes());
        ByteBuffer in = endpoint.allocate(run.sweep().maxBytes());
        List<NetgaugeRow> rows = new java.util.ArrayList<>();
        for (int bytes : run.sweep().sizes()) {
            RoundTimes times = new RoundTimes(run.sweep().rounds(bytes));
            run.synchronize();
            if (active) {
                for (int round = -run.sweep().warmups(bytes); round < run.sweep().rounds(bytes); round++) {
                    try {
                        long t = exchange(run, out, in, bytes, partner, null);
                        if (round >= 0) {
                            times.add(t);
                        }
                    } catch (MessageLostException lost) {
                        times.lost();
                    }
                }
            }
            rows.addAll(SlowestRound.rows(run, name(), 1, bytes, "exchange", run.rank() == 0 ? times : null, bytes));
        }
        return rows;
    }

    /**
     * One exchange with {@code partner}: post the receive and the send, run {@code whilePosted} (if
     * any: nbov's computation), wait for both; its time on the run's timer.
     *
     * @throws MessageLostException if an unreliable module lost the partner's message (the send has completed)
     */
    static long exchange(PatternRun run, ByteBuffer out, ByteBuffer in, int bytes, int partner, Runnable whilePosted) {
        Endpoint endpoint = run.endpoint();
        long start = run.timer().nanos();
        PendingOperation receive = endpoint.irecv(in, bytes, partner);
        PendingOperation send = endpoint.isend(out, bytes, partner);
        if (whilePosted != null) {
            whilePosted.run();
        }
        endpoint.await(send);
        endpoint.await(receive);
        return run.timer().nanos() - start;
    }
}
