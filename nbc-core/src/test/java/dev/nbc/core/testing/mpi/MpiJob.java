package dev.nbc.core.testing.mpi;

import dev.nbc.core.check.CollectiveCheck;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a main class on MPI ranks from a JUnit test, through {@code scripts/nbcrun} (so tests run
 * ranks exactly as users do), with the test's own class path, a timeout, the output captured, and
 * the consistency check set as in the test's JVM ({@code nbc.check} becomes {@code NBC_CHECK}):
 *
 * <pre>{@code
 * MpiJob.Result r = MpiJob.run(4, Duration.ofMinutes(2), MyRankMain.class, "arg");
 * assertEquals(0, r.exitCode(), r.output());
 * }</pre>
 *
 * <p>{@link Launcher#netnsCluster} starts the same job across the network-namespace hosts of
 * {@code scripts/netns-cluster} instead (Open MPI over TCP, as on a cluster).
 *
 * <p>When Open MPI or mpi.jar is missing the job fails (AssertionError) saying to run
 * {@code scripts/setup}; it never skips, because a skipped integration test looks like a passed one.
 */
public final class MpiJob {
    private MpiJob() {
    }

    /** What a job did: mpirun's exit code (-1 after a timeout), stdout and stderr merged, how long. */
    public record Result(int exitCode, String output, Duration elapsed, boolean timedOut) {
        /** A one-paragraph account for assertion messages. */
        public String describe() {
            return (timedOut ? "TIMED OUT" : "exit code " + exitCode) + " after " + elapsed.toMillis() + " ms; output:\n" + output;
        }
    }

    /**
     * How a job's ranks are started: a script of the repository and its arguments, to which
     * {@code -np N -cp CP -- <main class> [args]} (scripts/nbcrun's arguments) are appended.
     *
     * @param script the script, relative to the repository root
     * @param words  its arguments before nbcrun's
     */
    public record Launcher(String script, List<String> words) {
        public Launcher {
            words = List.copyOf(words);
        }

        /** {@code scripts/nbcrun}: every rank on this machine. */
        public static Launcher local() {
            return new Launcher("scripts/nbcrun", List.of());
        }

        /**
         * {@code scripts/netns-cluster run [options] --}: the ranks dealt round-robin over network
         * namespaces on this machine, Open MPI over TCP between them as between a cluster's hosts
         * (options such as {@code --rate 1gbit}; see that script).
         */
        public static Launcher netnsCluster(String... options) {
            List<String> words = new ArrayList<>(List.of("run"));
            words.addAll(List.of(options));
            words.add("--");
            return new Launcher("scripts/netns-cluster", words);
        }
    }

    /**
     * Runs {@code mainClass} on {@code ranks} ranks on this machine and waits for it, at most
     * {@code timeout}; on timeout the whole process tree (mpirun and every rank) is killed.
     */
    public static Result run(int ranks, Duration timeout, Class<?> mainClass, String... args) {
        return run(Launcher.local(), ranks, timeout, mainClass, args);
    }

    /**
     * Runs {@code mainClass} on {@code ranks} ranks of {@link MpiStack#current()} started by
     * {@code launcher}; as {@link #run(int, Duration, Class, String...)}.
     */
    public static Result run(Launcher launcher, int ranks, Duration timeout, Class<?> mainClass, String... args) {
        return run(MpiStack.current(), launcher, ranks, timeout, mainClass, args);
    }

    /** Runs {@code mainClass} on {@code ranks} ranks of {@code stack} on this machine; as {@link #run(int, Duration, Class, String...)}. */
    public static Result run(MpiStack stack, int ranks, Duration timeout, Class<?> mainClass, String... args) {
        return run(stack, Launcher.local(), ranks, timeout, mainClass, args);
    }

    /** Runs {@code mainClass} on {@code ranks} ranks of {@code stack} started by {@code launcher}. */
    public static Result run(MpiStack stack, Launcher launcher, int ranks, Duration timeout, Class<?> mainClass,
                             String... args) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks: must be >= 1, but was " + ranks);
        }
        checkPrerequisites(repositoryRoot());
        List<String> words = new ArrayList<>(launcher.words());
        words.addAll(List.of("-np", Integer.toString(ranks), "-cp", testClassPath(), "--", mainClass.getName()));
        words.addAll(List.of(args));
        return script(timeout, stack.environment(), launcher.script(), words.toArray(String[]::new));
    }

    /**
     * Runs a script of the repository ({@code script} relative to its root, e.g.
     * {@code scripts/netns-cluster}) from the root with {@code args}, captured and killed with its
     * whole process tree after {@code timeout}, as a job.
     */
    public static Result script(Duration timeout, String script, String... args) {
        return script(timeout, Map.of(), script, args);
    }

    /** As {@link #script(Duration, String, String...)}, with {@code environment} added to the script's. */
    public static Result script(Duration timeout, Map<String, String> environment, String script, String... args) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: must be positive, but was " + timeout);
        }
        Path root = repositoryRoot();
        List<String> command = new ArrayList<>();
        command.add(root.resolve(script).toString());
        command.addAll(List.of(args));

        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        // The ranks check their calls as the tests in this JVM do (the build sets nbc.check).
        String check = System.getProperty(CollectiveCheck.PROPERTY);
        if (check != null) {
            builder.environment().put(CollectiveCheck.VARIABLE, check);
        }
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> copy(process.getInputStream(), output), "mpijob-output");
        reader.setDaemon(true);
        reader.start();
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                killTree(process);
            }
            reader.join(10_000);
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the MPI job", e);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        String text;
        synchronized (output) {
            text = output.toString();
        }
        return new Result(finished ? process.exitValue() : -1, text, elapsed, !finished);
    }

    /**
     * The repository root: system property {@code nbc.root} (set by failsafe from the parent pom),
     * else the nearest directory at or above user.dir that holds scripts/nbcrun.
     */
    public static Path repositoryRoot() {
        String property = System.getProperty("nbc.root");
        if (property != null && !property.isBlank() && Files.isExecutable(Path.of(property, "scripts", "nbcrun"))) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("scripts/nbcrun"))) {
                return dir;
            }
        }
        throw new AssertionError("cannot find the nbc repository (a directory with scripts/nbcrun) from nbc.root="
                + property + " or user.dir=" + System.getProperty("user.dir"));
    }

    /**
     * The class path of the running tests. Surefire and failsafe start the forked JVM from a
     * manifest-only jar, so java.class.path is just that booter jar there; the real test class
     * path is in surefire.test.class.path. Outside Maven (an IDE) java.class.path is the real one.
     */
    public static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private static void checkPrerequisites(Path root) {
        String setup = "; run scripts/setup (it installs Open MPI, builds mpi.jar and checks the stack)";
        if (!onPath("mpirun")) {
            throw new AssertionError("mpirun is not on PATH" + setup);
        }
        Path env = root.resolve(".nbc/env");
        if (!Files.isRegularFile(env)) {
            throw new AssertionError(env + " is missing" + setup);
        }
        String jar = readEnv(env, "NBC_MPI_JAR");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new AssertionError("mpi.jar '" + jar + "' named by " + env + " does not exist" + setup);
        }
    }

    private static String readEnv(Path env, String name) {
        try {
            Matcher m = Pattern.compile("(?m)^" + name + "=(.*)$").matcher(Files.readString(env));
            // setup writes the values with printf %q; the paths we write have no characters to unquote
            return m.find() ? m.group(1).replace("\\", "") : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + env, e);
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static void copy(InputStream in, StringBuilder sink) {
        byte[] chunk = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(chunk)) > 0) {
                String text = new String(chunk, 0, n, StandardCharsets.UTF_8);
                System.out.print(text);          // live in the failsafe report and on the console
                synchronized (sink) {
                    sink.append(text);
                }
            }
        } catch (IOException e) {
            // the process was killed; what was read so far is kept
        }
    }

    /** mpirun alone may not take its ranks down when killed hard, so every descendant goes too. */
    private static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
