package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.overlap.BusyWork;
import dev.nbc.bench.overlap.OverlapFormulas;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * Netgauge's nbov: how much of a non-blocking exchange the module lets computation hide. Ranks 0
 * and 1 post a receive and a send of the message to each other; first with nothing between
 * posting and waiting (the pure time), then with a computation as long as the pure time between
 * them (nbc-bench's overlap method: the calibrated {@link BusyWork} and OSU's formula,
 * {@link OverlapFormulas#osu}). A module whose messages move only while it is polled (most
 * libraries' rendezvous protocol) shows little overlap for large messages; one that moves them by
 * itself (the kernel's TCP stack, an emulated network) shows much.
 */
public final class Overlap implements Pattern {

    @Override
    public Info info() {
        return new Info("nbov",
                "overlap of a non-blocking exchange between ranks 0 and 1 with computation (OSU's formula, rank 0's times)",
                EnumSet.of(Capability.NON_BLOCKING, Capability.RELIABLE),
                2);
    }

    @Override
    public List<NetgaugeRow> run(PatternRun run) {
        Endpoint endpoint = run.endpoint();
        boolean active = run.rank() < 2;
        int partner = 1 - run.rank();
        BusyWork work = active ? BusyWork.calibrate() : null;
        ByteBuffer out = endpoint.allocate(run.sweep().maxBytes());
        ByteBuffer in = endpoint.allocate(run.sweep().maxBytes());
        List<NetgaugeRow> rows = new ArrayList<>();
        for (int bytes : run.sweep().sizes()) {
            run.synchronize();
            if (!active) {
                continue;
            }
            int rounds = run.sweep().rounds(bytes);
            double[] pure = new double[rounds];
            for (int round = -run.sweep().warmups(bytes); round < rounds; round++) {
                long t = PingPing.exchange(run, out, in, bytes, partner, null);
                if (round >= 0) {
                    pure[round] = t;
                }
            }
            double pureTime = Stats.median(pure);
            long compute = Math.round(pureTime);
            double[] overall = new double[rounds];
            for (int round = -run.sweep().warmups(bytes); round < rounds; round++) {
                long t = PingPing.exchange(run, out, in, bytes, partner, () -> work.work(compute));
                if (round >= 0) {
                    overall[round] = t;
                }
            }
            if (run.rank() == 0) {
                rows.add(TimeRow.of(run, name(), 1, bytes, "exchange with computation", overall, bytes, 0).with(
                        new TimeRow.OverlapTimes(pureTime / 1e3, compute / 1e3, OverlapFormulas.osu(pureTime, compute, Stats.median(overall)))));
            }
        }
        return rows;
    }
}
