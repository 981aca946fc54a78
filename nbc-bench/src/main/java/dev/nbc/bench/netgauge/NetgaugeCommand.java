package dev.nbc.bench.netgauge;

import dev.nbc.bench.cli.OutputOptions;
import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.bench.netgauge.module.CommModule;
import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.Modules;
import dev.nbc.bench.netgauge.pattern.Pattern;
import dev.nbc.bench.netgauge.pattern.PatternRun;
import dev.nbc.bench.netgauge.pattern.Prediction;
import dev.nbc.bench.netgauge.pattern.NetgaugeRow;
import dev.nbc.bench.netgauge.pattern.TimeRow;
import dev.nbc.bench.netgauge.pattern.Patterns;
import dev.nbc.bench.netgauge.pattern.SizeSweep;
import dev.nbc.bench.netgauge.pattern.VirtualTimeBarrier;
import dev.nbc.bench.netgauge.timer.Timer;
import dev.nbc.bench.netgauge.timer.TimerQuality;
import dev.nbc.bench.netgauge.timer.Timers;
import dev.nbc.bench.report.CommandReport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import dev.nbc.harness.ranks.CoreBinding;
import dev.nbc.harness.ranks.HostListRanks;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.mpi.MpiRanks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code nbc-bench netgauge}: Netgauge (paper 003) in nbc: any {@link Pattern} over any
 * {@link CommModule} that has what it needs. The patterns' and modules' own options are added to
 * this command's ({@link #install}); an option of a pattern or module that was not chosen is
 * refused, and so is a pattern whose requirements the module lacks, naming both, before anything
 * runs.
 */
@Command(name = "netgauge", description = "Netgauge's patterns (ping-pong, ping-ping, 1:1, 1:n, n:1, LogGP, pLogP, overlap) over "
        + "its communication modules (mpi, tcp, udp, inprocess, emulated). --list shows them; --help with --pattern and --module "
        + "shows theirs.")
public final class NetgaugeCommand implements Callable<Integer>, Checked {
    @Spec
    CommandSpec spec;

    @Option(names = {"-p", "--pattern"}, paramLabel = "NAME", description = "The pattern (see --list; default pingpong).")
    String patternName = "pingpong";

    @Option(names = {"-m", "--module"}, paramLabel = "NAME",
            description = "The communication module (see --list; default mpi under mpirun, else inprocess).")
    String moduleName;

    @Option(names = "--list", description = "List the patterns and modules, their requirements, capabilities and options.")
    boolean list;

    @Option(names = {"-h", "--help"}, description = "Show this help, or with --pattern/--module the chosen ones' options, and exit.")
    boolean help;

    @Option(names = "--min-bytes", paramLabel = "B", description = "Smallest message (default 1).")
    int minBytes = 1;

    @Option(names = "--max-bytes", paramLabel = "B", description = "Largest message; sizes double from the smallest (default 1 MiB; "
            + "--quick 64 KiB); capped at the module's largest.")
    Integer maxBytes;

    @Option(names = "--repetitions", paramLabel = "N", description = "Timed rounds per size, fewer for large messages (default 1000; "
            + "--quick 200).")
    Integer repetitions;

    @Option(names = "--mib-per-size", paramLabel = "MiB", description = "At most this much data per size and peer, which bounds the "
            + "rounds of large messages (default 256; at least 20 rounds).")
    long mibPerSize = 256;

    @Option(names = "--ranks", paramLabel = "N", description = "Ranks of in-process modules (default 2).")
    int ranks = 2;

    @Option(names = "--hosts", paramLabel = "HOST:PORT,...",
            description = "Without MPI: every rank's control address in rank order, one process per rank started by hand (on other "
                    + "hosts or network namespaces), each with its --rank; the tcp and udp modules find their peers over it.")
    String hosts;

    @Option(names = "--rank", paramLabel = "R", description = "With --hosts: this process's rank (its entry of the list).")
    Integer hostRank;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the random choices (1:1 pairs, 1:n/n:1 server; default 1).")
    long seed = 1;

    @Option(names = "--timer", paramLabel = "NAME", description = "${COMPLETION-CANDIDATES} (default transport: the module's "
            + "clock, System.nanoTime but on an emulated network's virtual time).")
    Timers.Choice timer = Timers.Choice.TRANSPORT;

    @Mixin
    OutputOptions output;


    private final List<Pattern> patterns = Patterns.all();
    private final List<CommModule> modules = Modules.all();
    /** Whose each added options object is: the names of the patterns or modules it belongs to. */
    private final Map<Object, Set<String>> owners = new IdentityHashMap<>();
    /** Each added options object's mixin, whose options the checks look up. */
    private final Map<Object, CommandSpec> mixins = new IdentityHashMap<>();

    /**
     * Adds every pattern's and module's options to the netgauge command of {@code line} (picocli
     * builds a command's options from its class, so those of the registered patterns and modules
     * are added to the built command).
     */
    public static void install(CommandLine line) {
        CommandLine netgauge = line.getSubcommands().get("netgauge");
        NetgaugeCommand command = netgauge.getCommand();
        command.addOptions(netgauge.getCommandSpec());
    }

    private void addOptions(CommandSpec into) {
        for (Pattern p : patterns) {
            p.options().ifPresent(o -> owners.computeIfAbsent(o, k -> new TreeSet<>()).add("pattern " + p.name()));
        }
        for (CommModule m : modules) {
            m.options().ifPresent(o -> owners.computeIfAbsent(o, k -> new TreeSet<>()).add("module " + m.name()));
        }
        int i = 0;
        for (Object options : owners.keySet()) {
            CommandSpec mixin = CommandSpec.forAnnotatedObject(options);
            mixins.put(options, mixin);
            into.addMixin("netgauge-options-" + i++, mixin);
        }
    }

    private Optional<Pattern> pattern() {
        return patterns.stream().filter(p -> p.name().equals(patternName)).findFirst();
    }

    private Optional<CommModule> module(boolean underMpirun) {
        String name = moduleName != null ? moduleName : underMpirun ? "mpi" : "inprocess";
        return modules.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    @Override
    public void check(OptionChecks checks) {
        if (list || help) {
            return;
        }
        boolean mpirun = checks.job().underMpirun();
        Pattern pattern = pattern().orElse(null);
        checks.require(pattern != null, "--pattern", "one of " + names(patterns.stream().map(Pattern::name).toList()), patternName);
        CommModule module = module(mpirun).orElse(null);
        checks.require(module != null, "--module", "one of " + names(modules.stream().map(CommModule::name).toList()), moduleName);
        Set<Capability> missing = Capability.ordered(pattern.requires().stream().filter(c -> !module.capabilities().contains(c))
                .collect(Collectors.toSet()));
        if (!missing.isEmpty()) {
            checks.fail("--pattern " + pattern.name() + " needs " + missing + " of its module, which module " + module.name()
                    + " does not offer (it offers " + module.capabilities() + ")");
        }
        if ((hosts == null) != (hostRank == null)) {
            checks.fail("--hosts and --rank: go together (one process per rank, each told its rank), but only "
                    + (hosts == null ? "--rank" : "--hosts") + " was given");
        }
        if (hosts != null) {
            if (mpirun) {
                checks.fail("--hosts: for processes started without mpirun (under mpirun the ranks are MPI's)");
            }
            if (module.ranks() != CommModule.Ranks.EITHER) {
                checks.fail("--hosts: for modules that open their own connections (tcp, udp), but --module is " + module.name());
            }
            int entries = hosts.split(",").length;
            checks.require(hostRank >= 0 && hostRank < entries, "--rank", "between 0 and " + (entries - 1) + " (the entries of --hosts)",
                    hostRank);
        }
        if (module.ranks() == CommModule.Ranks.MPI && !mpirun) {
            checks.fail("--module " + module.name() + " runs on the ranks of an mpirun job: start it with scripts/nbcrun -np N");
        }
        if (module.ranks() == CommModule.Ranks.IN_PROCESS && mpirun) {
            checks.fail("--module " + module.name() + " runs its ranks as threads of one JVM: start it without mpirun");
        }
        int size = hosts != null ? hosts.split(",").length
                : groupSize(checks.job().worldSize().orElse(ranks), mpirun && module.ranks() != CommModule.Ranks.IN_PROCESS);
        checks.require(size >= pattern.minRanks(), mpirun ? "-np" : "--ranks", "at least " + pattern.minRanks() + " for pattern "
                + pattern.name(), size);
        checks.rankCount("--ranks", ranks);
        checks.atLeast("--min-bytes", minBytes, 0);
        checks.atLeast("--max-bytes", maxBytes, Math.max(1, minBytes));
        checks.atLeast("--repetitions", repetitions, 1);
        checks.atLeast("--mib-per-size", mibPerSize, 1);
        for (Map.Entry<Object, Set<String>> e : owners.entrySet()) {
            boolean chosen = e.getValue().contains("pattern " + pattern.name()) || e.getValue().contains("module " + module.name());
            if (!chosen) {
                for (OptionSpec option : mixins.get(e.getKey()).options()) {
                    if (spec.commandLine().getParseResult().hasMatchedOption(option.longestName())) {
                        checks.fail(option.longestName() + ": an option of " + String.join(", ", e.getValue()) + ", but the run uses "
                                + "pattern " + pattern.name() + " over module " + module.name());
                    }
                }
            }
        }
    }

    private static String names(List<String> names) {
        return String.join(", ", names);
    }

    private int groupSize(int worldSize, boolean mpiRanks) {
        return mpiRanks ? worldSize : ranks;
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        if (list) {
            out.print(listing());
            return 0;
        }
        if (help) {
            spec.commandLine().usage(out);
            if (moduleName != null || !patternName.equals("pingpong")) {
                out.print(chosenHelp());
            }
            return 0;
        }
        boolean mpirun = dev.nbc.harness.cli.JobEnvironment.current().underMpirun();
        Pattern pattern = pattern().orElseThrow();
        CommModule module = module(mpirun).orElseThrow();
        int requested = output.profile().or(maxBytes, 64 << 10, 1 << 20);
        int max = Math.min(requested, module.maxMessageBytes());
        SizeSweep sweep = new SizeSweep(Math.min(minBytes, max), max, output.profile().or(repetitions, 200, 1000), mibPerSize << 20);
        Ranks launched = hosts != null ? new HostListRanks(hostRank, hosts, Duration.ofMinutes(2))
                : module.ranks() == CommModule.Ranks.MPI || (module.ranks() == CommModule.Ranks.EITHER && mpirun)
                ? MpiRanks.create()
                : new InProcessRanks(ranks, module.network().orElse(null), Duration.ofHours(2), CoreBinding.CORE, module.virtualTime());
        VirtualTimeBarrier virtualBarrier = module.virtualTime() ? new VirtualTimeBarrier(launched.maxRanks()) : null;
        return RankRuns.run(spec, launched, List.of(output.destination()), group -> {
            if (group.leader()) {
                out.printf(Locale.ROOT, "netgauge: pattern %s over module %s (%s), %d ranks, %d..%d B%n", pattern.name(), module.name(),
                        module.capabilities(), group.maxRanks(), sweep.minBytes(), sweep.maxBytes());
                if (max < requested) {
                    out.printf("  --max-bytes %d capped at module %s's largest message, %d B%n", requested, module.name(),
                            module.maxMessageBytes());
                }
                for (Timer t : Timers.all()) {
                    out.println("  " + TimerQuality.measure(t));
                }
            }
            List<NetgaugeRow> rows = group.run(group.maxRanks(), env -> {
                try (Endpoint endpoint = module.open(env)) {
                    Timer clock = timer.timer(endpoint.transport());
                    env.control().barrier();
                    Runnable barrier = virtualBarrier != null ? virtualBarrier.on(env.rank(), endpoint.transport()) : env.control()::barrier;
                    return pattern.run(new PatternRun(endpoint, env.control(), barrier, clock, sweep, seed, output.out()));
                }
            });
            if (group.leader()) {
                report(pattern, module, group, rows);
            }
            return 0;
        });
    }

    private void report(Pattern pattern, CommModule module, Ranks group, List<NetgaugeRow> rows) throws Exception {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("transport", module.name());
        run.put("network", module.network().map(Object::toString).orElse(module.description()));
        run.put("P_max", group.maxRanks());
        run.put("ompi_version", group.mpiVersion());
        CommandReport report = new CommandReport("netgauge " + pattern.name(), run);
        Prediction prediction = module.network().filter(n -> !n.isIdeal()).map(Prediction::new).orElse(null);
        for (NetgaugeRow row : rows) {
            Record written = (Record) row;
            if (prediction != null && row instanceof TimeRow time) {
                double predicted = prediction.nanos(pattern.name(), time.peers(), time.bytes()) / 1e3;
                if (!Double.isNaN(predicted)) {
                    written = time.with(new TimeRow.Predicted(predicted, 100 * (time.timeMicros() / predicted - 1)));
                }
            }
            report.results().add(NetgaugeSection.NAME, written);
        }
        NetgaugeSection section = new NetgaugeSection();
        StringBuilder table = new StringBuilder();
        if (!rows.isEmpty()) {
            section.summarize(report.results().rows("netgauge"), table);
        }
        report.out().print(table);
        report.write(List.of(section), output.out(), output.name("netgauge-" + pattern.name().replace(":", "to") + "-" + module.name()), "");
    }

    /** --list: every pattern with its requirements and options, every module with its capabilities and options. */
    String listing() {
        StringBuilder sb = new StringBuilder("patterns:\n");
        for (Pattern p : patterns) {
            sb.append(String.format(Locale.ROOT, "  %-9s %s%n            needs %s, at least %d ranks%s%n", p.name(), p.description(),
                    p.requires().isEmpty() ? "nothing but blocking send and receive" : p.requires(), p.minRanks(),
                    optionNames(p.options())));
        }
        sb.append("modules:\n");
        for (CommModule m : modules) {
            sb.append(String.format(Locale.ROOT, "  %-9s %s%n            offers %s; messages up to %d B, %d header bytes; ranks: %s%s%n",
                    m.name(), m.description(), m.capabilities(), m.maxMessageBytes(), m.headerBytes(), m.ranks(), optionNames(m.options())));
        }
        return sb.toString();
    }

    private static String optionNames(Optional<Object> options) {
        return options.map(o -> "; options " + CommandSpec.forAnnotatedObject(o).options().stream().map(OptionSpec::longestName)
                .collect(Collectors.joining(", "))).orElse("");
    }

    /** The chosen pattern's and module's descriptions and option texts. */
    private String chosenHelp() {
        StringBuilder sb = new StringBuilder();
        pattern().ifPresent(p -> sb.append("\npattern ").append(p.name()).append(": ").append(p.description()).append("\n  needs ")
                .append(p.requires()).append('\n').append(optionsHelp(p.options())));
        module(false).ifPresent(m -> sb.append("\nmodule ").append(m.name()).append(": ").append(m.description()).append("\n  offers ")
                .append(m.capabilities()).append('\n').append(optionsHelp(m.options())));
        return sb.toString();
    }

    private static String optionsHelp(Optional<Object> options) {
        if (options.isEmpty()) {
            return "  (no options of its own)\n";
        }
        CommandLine own = new CommandLine(CommandSpec.forAnnotatedObject(options.get()));
        return own.getHelp().optionList();
    }
}
