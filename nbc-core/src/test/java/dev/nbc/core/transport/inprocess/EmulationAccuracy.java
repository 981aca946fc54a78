package dev.nbc.core.transport.inprocess;

import java.util.Locale;

/**
 * Measures how closely the emulated network reproduces its planted one-way time
 * o_s + (m-1)G + L + o_r on the real clock, for the table in docs/in-process-transport.md: the
 * benchmark of how late the emulation is. Not a test: it takes a while and its figures depend on
 * the machine's load (the tests check that the emulation is never early on the real clock, and
 * exact on virtual time). Run after {@code mvn -o test-compile}:
 * <pre>
 * java -cp nbc-core/target/classes:nbc-core/target/test-classes \
 *      dev.nbc.core.transport.inprocess.EmulationAccuracy [iterations]
 * </pre>
 */
public final class EmulationAccuracy {
    private EmulationAccuracy() {
    }

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        double o = 2_000;
        double g = 5_000;
        double gapPerByte = 0.1;                    // 10 GB/s: 64 KiB take 6.55 us to inject
        System.out.printf(Locale.ROOT, "o_s = o_r = %.0f ns, g = %.0f ns, G = %.2f ns/B; %d ping-pongs "
                + "(%d one-way samples) after %d warm-up, 2 busy-polling ranks on %d cores%n",
                o, g, gapPerByte, iterations, 2 * iterations, iterations / 4, Runtime.getRuntime().availableProcessors());
        System.out.println("| L (us) | m | planted one-way (us) | median error (us) | p99 error (us) | min error (us) | max error (us) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
        for (int latencyMicros : new int[] {20, 50, 100, 200}) {
            for (int bytes : new int[] {8, 64 << 10}) {
                EmulatedNetwork network = EmulatedNetwork.symmetric(latencyMicros * 1_000.0, o, g, gapPerByte);
                long[] errors = PingPong.oneWayErrors(new InProcessWorld(2, network), bytes, iterations / 4, iterations);
                System.out.printf(Locale.ROOT, "| %d | %s | %.2f | %.2f | %.2f | %.2f | %.1f |%n", latencyMicros,
                        bytes < 1024 ? bytes + " B" : (bytes >> 10) + " KiB", network.oneWayNanos(bytes) / 1e3,
                        PingPong.quantile(errors, 0.5) / 1e3, PingPong.quantile(errors, 0.99) / 1e3,
                        errors[0] / 1e3, errors[errors.length - 1] / 1e3);
            }
        }
    }
}
