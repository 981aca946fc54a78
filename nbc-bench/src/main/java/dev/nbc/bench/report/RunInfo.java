package dev.nbc.bench.report;

import dev.nbc.harness.ranks.Ranks;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The fields that describe a run: transport, P, network, Open MPI version, git commit, date, host, JVM. */
public final class RunInfo {
    private RunInfo() {
    }

    public static Map<String, Object> describe(Ranks ranks, String command, boolean quick) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("transport", ranks.transport());
        m.put("P_max", ranks.maxRanks());
        EmulatedNetwork n = ranks.network();
        m.put("network", n != null ? "emulated" : ranks.inProcess() ? "ideal" : ranks.transport());
        m.put("L_ns", n == null ? null : n.L());
        m.put("o_ns", n == null ? null : n.oSend());
        m.put("g_ns", n == null ? null : n.g());
        m.put("G_ns_per_byte", n == null ? null : n.G());
        m.put("ompi_version", ranks.mpiVersion());
        m.put("git_commit", gitCommit());
        m.put("date", OffsetDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        m.put("host", host());
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("binding", ranks.binding());
        m.put("java", System.getProperty("java.version"));
        m.put("quick", quick);
        m.put("command", command);
        return m;
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** {@code git rev-parse --short HEAD} in the working directory (plus "-dirty"), or NBC_GIT_COMMIT, or "unknown". */
    public static String gitCommit() {
        String env = System.getenv("NBC_GIT_COMMIT");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        String head = run("git", "rev-parse", "--short", "HEAD");
        if (head == null) {
            return "unknown";
        }
        String dirty = run("git", "status", "--porcelain", "--untracked-files=no");
        return head + (dirty != null && !dirty.isEmpty() ? "-dirty" : "");
    }

    private static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return out;
            }
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
