package dev.nbc.ffm;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM's compiled code uses AVX-512, which makes every call through FFM into the MPI
 * library cost more, and the line that tells a user so.
 *
 * <p>Measured (docs/setup.md, "AVX-512 and FFM"): with HotSpot's default {@code -XX:UseAVX=3} on a
 * CPU with AVX-512, MPI calls through nbc's transport cost up to 2.5x what they cost with
 * {@code -XX:UseAVX=2}; through Open MPI's Java bindings (JNI) the flag made no difference. A
 * downcall stub enters the library without a {@code vzeroupper}, so the upper halves of the vector
 * registers that the JIT's 512-bit code leaves dirty (its zeroing of each new object among it)
 * meet the library's SSE code. scripts/nbcrun passes {@code -XX:UseAVX=2}; a user who starts java
 * by hand gets this advice once.
 */
final class VectorWidthAdvice {
    private VectorWidthAdvice() {
    }

    /**
     * The advice for a JVM on {@code arch} whose UseAVX is {@code useAvx}, or null if none is due:
     * only for x86-64 with AVX-512 in use by default (a value the user chose is theirs).
     */
    static String advice(String arch, String useAvx, boolean chosenByUser) {
        if (!isX86(arch) || chosenByUser || useAvx == null) {
            return null;
        }
        int level;
        try {
            level = Integer.parseInt(useAvx.trim());
        } catch (NumberFormatException e) {
            return null;
        }
        if (level < 3) {
            return null;
        }
        return "nbc: this JVM compiles with AVX-512 (-XX:UseAVX=" + level + ", its default on this CPU), which made "
                + "each MPI call through FFM cost up to 2.5x as much; start java with -XX:UseAVX=2 (scripts/nbcrun does; "
                + "docs/setup.md)";
    }

    /** The advice for this JVM, or null; null too where the JVM does not say (not HotSpot, no jdk.management). */
    static String forThisJvm() {
        String arch = System.getProperty("os.arch");
        if (!isX86(arch)) {
            return null;    // no UseAVX to ask for, and the management beans cost start-up time
        }
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hotSpot == null) {
                return null;
            }
            VMOption option = hotSpot.getVMOption("UseAVX");
            return advice(arch, option.getValue(), option.getOrigin() != VMOption.Origin.DEFAULT
                    && option.getOrigin() != VMOption.Origin.ERGONOMIC);
        } catch (RuntimeException | LinkageError e) {
            // not a HotSpot JVM, no such option, or no jdk.management module
            return null;
        }
    }

    private static boolean isX86(String arch) {
        return "amd64".equals(arch) || "x86_64".equals(arch);
    }
}
