package dev.nbc.core.algorithm;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Every collective's algorithms, by type and by name: how a program turns "ring" into an {@link Algorithm}. */
public final class Algorithms {
    private Algorithms() {
    }

    /** Each collective's algorithms, made once: a selector with an advisor checks its advice against them at every call. */
    private static final Map<Collective, List<Algorithm>> OF = new EnumMap<>(Collective.class);

    static {
        for (Collective c : Collective.values()) {
            OF.put(c, c.definition().algorithms());
        }
    }

    /** The algorithms of {@code collective}, in their enum's order (an immutable list). */
    public static List<Algorithm> of(Collective collective) {
        return OF.get(collective);
    }

    /**
     * The algorithm of {@code collective} named {@code name}, in any case, "-" or "_" alike.
     *
     * @throws IllegalArgumentException naming the collective's algorithms if none is called so
     */
    public static Algorithm parse(Collective collective, String name) {
        String key = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        List<Algorithm> known = of(collective);
        for (Algorithm a : known) {
            if (a.name().equals(key)) {
                return a;
            }
        }
        throw new IllegalArgumentException("algorithm: '" + name + "' is not a " + collective.label() + " algorithm; known: "
                + known.stream().map(a -> a.name().toLowerCase(Locale.ROOT)).toList());
    }
}
