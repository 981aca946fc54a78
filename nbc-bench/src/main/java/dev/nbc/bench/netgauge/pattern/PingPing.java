package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Capability;

import java.util.ArrayList;
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
        PairExchange pair = new PairExchange(run);
        List<NetgaugeRow> rows = new ArrayList<>();
        for (int bytes : run.sweep().sizes()) {
            run.synchronize();
            RoundTimes times = pair.active() ? pair.time(bytes, null) : null;
            rows.addAll(SlowestRound.rows(run, name(), 1, bytes, "exchange", run.rank() == 0 ? times : null, bytes));
        }
        return rows;
    }
}
