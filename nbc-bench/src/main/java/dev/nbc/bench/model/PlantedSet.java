package dev.nbc.bench.model;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;

import java.util.List;

/**
 * An emulated network with known LogGP parameters, and the largest message the assessment sweeps
 * on it.
 *
 * <p>Why the sweep stops at {@code maxBytes} (64 KiB): the in-process transport really copies
 * every message (at the send, and from aside into a late receive), at about memory bandwidth. The
 * planted o_s and o_r are floors that include those copies, so while a copy is shorter than o
 * (64 KiB take about 6 µs here, under the planted 10 µs) it is invisible; beyond, the copies
 * would be measured instead of the planted G = 0.1 ns/B (10 GB/s, what a copy out of cache
 * achieves). With o = 2 µs the 0.1 ns/B set came out 27 % high for exactly this reason.
 */
public record PlantedSet(String name, EmulatedNetwork network, int maxBytes) {

    /** The sets of the validation: L from 20 to 200 µs, G from 0.1 to 10 ns/B, o from 5 to 20 µs, g > o. */
    public static List<PlantedSet> standard() {
        return List.of(
                new PlantedSet("A", EmulatedNetwork.symmetric(20_000, 10_000, 15_000, 0.1), 64 << 10),
                new PlantedSet("B", EmulatedNetwork.symmetric(50_000, 10_000, 20_000, 1.0), 64 << 10),
                new PlantedSet("C", EmulatedNetwork.symmetric(100_000, 5_000, 10_000, 0.5), 64 << 10),
                new PlantedSet("D", EmulatedNetwork.symmetric(200_000, 20_000, 40_000, 10.0), 64 << 10));
    }

    /** The standard set of this name (A, B, C, D; any case). */
    public static PlantedSet named(String name) {
        return standard().stream().filter(s -> s.name().equalsIgnoreCase(name.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown planted set '" + name + "' (A, B, C, D)"));
    }

    /** "L=20us o=10us g=15us G=0.1ns/B". */
    public String describe() {
        return describe(network);
    }

    public static String describe(EmulatedNetwork n) {
        return String.format(java.util.Locale.ROOT, "L=%.0fus o_s=%.0fus o_r=%.0fus g=%.0fus G=%.3gns/B", n.L() / 1e3,
                n.oSend() / 1e3, n.oReceive() / 1e3, n.g() / 1e3, n.G());
    }
}
