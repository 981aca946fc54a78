package dev.nbc.bench.ops;

import dev.nbc.bench.report.Column;

/**
 * What the JVM did besides the measurement over a measured stretch ({@link RuntimeActivity}),
 * the maximum over ranks.
 *
 * @param jitMillis milliseconds the JIT compiled
 * @param gcMillis  milliseconds the garbage collectors ran
 */
public record JvmActivity(@Column(value = "jit_ms", unit = "ms") double jitMillis, @Column(value = "gc_ms", unit = "ms") double gcMillis) {
}
