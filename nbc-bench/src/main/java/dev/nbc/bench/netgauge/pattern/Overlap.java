package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.overlap.BusyWork;
import dev.nbc.bench.overlap.OverlapFormulas;

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
        PairExchange pair = new PairExchange(run);
        BusyWork work = pair.active() ? BusyWork.calibrate() : null;
        List<NetgaugeRow> rows = new ArrayList<>();
        for (int bytes : run.sweep().sizes()) {
            run.synchronize();
            if (!pair.active()) {
                continue;
            }
            double pureTime = Stats.median(pair.time(bytes, null).times());
            long compute = Math.round(pureTime);
            double[] overall = pair.time(bytes, () -> work.work(compute)).times();
            if (run.rank() == 0) {
                rows.add(TimeRow.of(run, name(), 1, bytes, "exchange with computation", overall, bytes, 0).with(
                        new TimeRow.OverlapTimes(pureTime / 1e3, compute / 1e3, OverlapFormulas.osu(pureTime, compute, Stats.median(overall)))));
            }
        }
        return rows;
    }
}
