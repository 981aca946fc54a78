package dev.nbc.core.progress;

import dev.nbc.core.EnvironmentSetting;

import java.util.Locale;

/**
 * How an engine's collectives are progressed while the application computes.
 *
 * <p>The choice depends on whether the rank has a core to spare for its progress thread. An engine
 * started with {@code ProgressMode.THREAD} decides it, and decides again as engines come and go:
 * DEDICATED if the rank has two cores for every engine with a thread in its JVM, and for every
 * in-process rank it runs (one for the application thread, one for the progress thread), else SHARED. The rank's cores are the
 * processors it is bound to if the launcher bound it ({@code scripts/nbcrun} does when ranks do
 * not exceed cores), else its share of the node's, by the ranks of the job on this node (Open
 * MPI's {@code OMPI_COMM_WORLD_LOCAL_SIZE}). {@code ProgressEngine.policy()} tells the current choice. The user forces a policy with {@code ProgressEngine.start(policy)}, or for
 * engines started with {@code ProgressMode.THREAD} with the system property {@code nbc.progress}
 * or the environment variable {@code NBC_PROGRESS} ({@code dedicated}, {@code shared},
 * {@code manual}).
 */
public enum ProgressPolicy {
    /**
     * A progress thread that polls while collectives are in flight and parks when none are
     * (spinning, yielding or backing off by its {@link IdleStrategy}): for a rank with a core to
     * spare, where it costs the application nothing.
     */
    DEDICATED,
    /**
     * A progress thread that runs only while the application is away from the library and sleeps
     * until a round is expected to complete (learned from the rounds run so far): for ranks that
     * share their cores with their progress threads, where a polling thread takes the core the
     * application needs, and a preempted one stalls it.
     */
    SHARED,
    /** No thread: collectives advance inside {@code test()} and {@code await()} only (LibNBC without its thread). */
    MANUAL;

    /** The environment variable and system property that force the policy of THREAD engines. */
    public static final String VARIABLE = "NBC_PROGRESS";
    public static final String PROPERTY = "nbc.progress";

    /**
     * The policy forced by {@link #PROPERTY} or {@link #VARIABLE}, or null if neither is set.
     *
     * @throws IllegalArgumentException if the property or variable names no policy
     */
    static ProgressPolicy forced() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, ProgressPolicy::parse, null);
    }

    /**
     * {@link #DEDICATED} if this process has two cores (an application thread and a progress
     * thread) for each of its {@code applicationThreads} ranks (engines with a thread, or in-process
     * ranks, whichever are more), else {@link #SHARED}.
     */
    static ProgressPolicy forCores(int applicationThreads) {
        return CORES_PER_RANK >= 2L * Math.max(1, applicationThreads) ? DEDICATED : SHARED;
    }

    /**
     * The cores this process may count on: the processors it is bound to if the launcher bound it
     * (availableProcessors follows the affinity mask), else its share of the node's.
     */
    private static final int CORES_PER_RANK = coresPerRank(Runtime.getRuntime().availableProcessors(), onlineCores(),
            localRanks());

    static int coresPerRank(int available, int online, int localRanks) {
        boolean bound = available < online;
        return bound ? available : Math.max(1, available / localRanks);
    }

    /** The node's online processors (/sys/devices/system/cpu/online, e.g. "0-1,4"), or 0 if unknown. */
    static int onlineCores() {
        try {
            return cpuListSize(java.nio.file.Files.readString(java.nio.file.Path.of("/sys/devices/system/cpu/online")));
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The number of processors in a Linux CPU list such as "0-3,8,10-11". */
    static int cpuListSize(String list) {
        int count = 0;
        for (String part : list.trim().split(",")) {
            if (part.isEmpty()) {
                continue;
            }
            int dash = part.indexOf('-');
            count += dash < 0 ? 1 : Integer.parseInt(part.substring(dash + 1)) - Integer.parseInt(part.substring(0, dash)) + 1;
        }
        return count;
    }

    /** Ranks of this job on this node, from the launcher's environment (1 if unknown). */
    static int localRanks() {
        for (String name : new String[] {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "MV2_COMM_WORLD_LOCAL_SIZE"}) {
            String value = System.getenv(name);
            if (value != null) {
                try {
                    return Math.max(1, Integer.parseInt(value.trim()));
                } catch (NumberFormatException ignored) {
                    // try the next launcher's variable
                }
            }
        }
        return 1;
    }

    static ProgressPolicy parse(String name) {
        for (ProgressPolicy policy : values()) {
            if (policy.name().equalsIgnoreCase(name.trim())) {
                return policy;
            }
        }
        throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": dedicated, shared or manual, but was '"
                + name + "'");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
