package dev.nbc.models.assessment;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Where and when a model was measured, so that a model file is never mistaken for another
 * machine's.
 *
 * @param host           host name
 * @param cpu            CPU model (from /proc/cpuinfo where there is one)
 * @param cores          processors available to the JVM
 * @param os             operating system and architecture
 * @param java           Java runtime version
 * @param transport      the transport measured ("mpi", "in-process", ...)
 * @param network        what carried it: an emulated network's planted parameters, or the MPI library's
 * @param openMpiVersion Open MPI's version string, or "none" when MPI was not involved
 * @param date           when the measurement ended (ISO-8601 instant)
 */
public record Provenance(String host, String cpu, int cores, String os, String java, String transport,
                         String network, String openMpiVersion, String date) {

    /** This machine, now. */
    public static Provenance here(String transport, String network, String openMpiVersion) {
        return new Provenance(hostName(), cpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.version"), transport, network, openMpiVersion, Instant.now().toString());
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("unknown");
        }
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }
}
