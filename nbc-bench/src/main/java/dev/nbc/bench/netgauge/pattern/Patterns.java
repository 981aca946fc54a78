package dev.nbc.bench.netgauge.pattern;

import java.util.ArrayList;
import java.util.List;

/** Every pattern, in the order --list shows them; a new instance each time (patterns hold their options). */
public final class Patterns {
    private Patterns() {
    }

    public static List<Pattern> all() {
        List<Pattern> all = new ArrayList<>(List.of(PingPong.classic(), new PingPing(), PingPong.oneToOne()));
        all.addAll(Fan.both());
        all.addAll(ModelAssessment.both());
        all.add(new Overlap());
        return all;
    }
}
