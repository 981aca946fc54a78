package dev.nbc.bench.ops;

import java.util.ArrayList;
import java.util.List;

/** Message sizes and group sizes of a sweep. */
public final class Sizes {
    private Sizes() {
    }

    /** min, min*factor, ... up to max, and max itself (bytes). */
    public static List<Integer> geometric(int min, int max, int factor) {
        List<Integer> out = new ArrayList<>();
        for (long b = Math.max(1, min); b < max; b *= factor) {
            out.add((int) b);
        }
        out.add(max);
        return out;
    }

    /** 1, 2, 4, ... up to p, and p itself. */
    public static List<Integer> groups(int p) {
        List<Integer> out = new ArrayList<>();
        for (int g = 1; g < p; g *= 2) {
            out.add(g);
        }
        out.add(p);
        return out;
    }
}
