package dev.nbc.models.simulation;

/**
 * Per-rank outcome of a simulated collective, in primitive arrays (one entry per rank, so P = 1M
 * costs a few tens of MB). All ranks start at time 0.
 */
public final class SimulationResult {
    private final double[] finish;
    private final double[] cpuBusy;
    private final double[] noiseDelay;
    private final double[] pathCpu;
    private final double[] pathNoise;
    private final int[] pathMessages;
    private final long operations;
    private final long messages;
    private final int templates;
    private final int maxInFlight;

    SimulationResult(double[] finish, double[] cpuBusy, double[] noiseDelay, double[] pathCpu, double[] pathNoise,
                     int[] pathMessages, long operations, long messages, int templates, int maxInFlight) {
        this.finish = finish;
        this.cpuBusy = cpuBusy;
        this.noiseDelay = noiseDelay;
        this.pathCpu = pathCpu;
        this.pathNoise = pathNoise;
        this.pathMessages = pathMessages;
        this.operations = operations;
        this.messages = messages;
        this.templates = templates;
        this.maxInFlight = maxInFlight;
    }

    public int size() {
        return finish.length;
    }

    /** When rank {@code rank} completed its last round (ns). */
    public double finishTime(int rank) {
        return finish[rank];
    }

    /** CPU work of the rank: o per send and receive, gamma per reduced byte, copies (ns), noise excluded. */
    public double cpuBusy(int rank) {
        return cpuBusy[rank];
    }

    /** Time detours delayed the rank's CPU work (ns). */
    public double noiseDelay(int rank) {
        return noiseDelay[rank];
    }

    /**
     * Network time of the rank: the part of its finish time in which its CPU was neither working
     * nor preempted, i.e. waiting for L, G and g: {@code finish - cpuBusy - noiseDelay}. Without
     * noise this is the simulator's counterpart of t^NET of equations (4)-(6).
     */
    public double networkTime(int rank) {
        return finish[rank] - cpuBusy[rank] - noiseDelay[rank];
    }

    /** The dependency chain behind the rank's finish time. */
    public CriticalPath criticalPath(int rank) {
        double cpu = pathCpu[rank];
        double noise = pathNoise[rank];
        return new CriticalPath(finish[rank], cpu, noise, finish[rank] - cpu - noise, pathMessages[rank]);
    }

    /**
     * The rank's overlap potential, {@code 1 - cpuBusy / finish}: the share of its time in the
     * collective that a non-blocking collective could give back to computation (as for
     * {@link dev.nbc.models.loggp.CostSplit#overlapPotential()}); 0 if it finished at time 0.
     */
    public double overlapPotential(int rank) {
        return finish[rank] > 0 ? 1.0 - cpuBusy[rank] / finish[rank] : 0.0;
    }

    /** The collective's time: the latest finish. */
    public double maxFinishTime() {
        return finish[lastRank()];
    }

    /** The rank that finishes last (lowest such rank); its critical path is the collective's. */
    public int lastRank() {
        int last = 0;
        for (int r = 1; r < finish.length; r++) {
            if (finish[r] > finish[last]) {
                last = r;
            }
        }
        return last;
    }


    public double meanOverlapPotential() {
        double sum = 0;
        for (int r = 0; r < finish.length; r++) {
            sum += overlapPotential(r);
        }
        return sum / finish.length;
    }

    public double maxCpuBusy() {
        double max = 0;
        for (double c : cpuBusy) {
            max = Math.max(max, c);
        }
        return max;
    }

    /** Operations simulated: sends + receives + reductions + copies (a message counts twice). */
    public long operations() {
        return operations;
    }

    /** Messages sent. */
    public long messages() {
        return messages;
    }

    /** Distinct compiled schedules (after expressing peers relative to the rank). */
    public int distinctSchedules() {
        return templates;
    }

    /** Most messages in flight at once during the simulation (what its memory grows with). */
    public int maxMessagesInFlight() {
        return maxInFlight;
    }
}
