package dev.nbc.harness.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of one run, replaced together, so that a directory never mixes a new run's files with
 * an older run's and no temporary file stays behind:
 * <ol>
 * <li>{@link #write} puts each file into a fresh hidden directory beside its target's directory
 *     (same file system, so the final moves are renames);</li>
 * <li>{@link #commit} first deletes the files of older runs that this run does not replace (the
 *     {@link #replacing} rule, e.g. plots an older run had and this one has not), then moves the new
 *     files into place;</li>
 * <li>{@link #close} deletes the temporary directories: after a commit they are empty; without one
 *     (a failed write) they hold the new files, and the older run's files stay as they were. A
 *     shutdown hook does the same when the JVM is interrupted (Ctrl-C, SIGTERM) while writing, and
 *     a later run deletes the directories of a process that died harder (SIGKILL).</li>
 * </ol>
 * What is not atomic: the renames of the commit itself, one per file, a millisecond in all.
 */
public final class ResultFiles implements AutoCloseable {
    private static final String PREFIX = ".nbc-run-";
    /** {@code .nbc-run-<pid>-<random>}: a temporary directory and the process that made it. */
    private static final Pattern TEMPORARY = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-.*");

    /** What writes a file's content. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** target directory -> its temporary directory */
    private final Map<Path, Path> temporary = new LinkedHashMap<>();
    /** target -> the new file, in order of writing */
    private final Map<Path, Path> written = new LinkedHashMap<>();
    /** target directory -> which file names there are an older run's */
    private final Map<Path, Predicate<String>> olderRunFiles = new LinkedHashMap<>();
    private final Thread cleanupOnExit = new Thread(this::deleteTemporaries, "result-files-cleanup");
    private boolean hookInstalled;

    /** Writes {@code target}'s new content; on failure that file is dropped and the exception rethrown. */
    public void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path staged = null;
        try {
            staged = temporaryDirectory(absolute.getParent()).resolve(absolute.getFileName());
            try (OutputStream out = Files.newOutputStream(staged)) {
                content.writeTo(out);
            }
        } catch (IOException e) {
            deleteQuietly(staged);
            throw new NotWritten("cannot write " + absolute + ": " + reason(e) + "; no file of this run was put into place, "
                    + "the files there are as they were", e);
        } catch (RuntimeException | Error e) {
            deleteQuietly(staged);
            throw e;
        }
        written.put(absolute, staged);
    }

    /**
     * A run's files could not be written, or not all put into place: the message is one line that
     * names the path, the cause ({@code No space left on device}) and what is on disk now. The
     * programs report it as one line, after the results were printed ({@link Cli}, {@link RankRuns}).
     */
    public static final class NotWritten extends IOException {
        NotWritten(String message, IOException cause) {
            super(message, cause);
        }
    }

    public void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** At commit, also deletes the files of {@code dir} that {@code olderRunFile} accepts and this run does not write. */
    public void replacing(Path dir, Predicate<String> olderRunFile) {
        olderRunFiles.merge(dir.toAbsolutePath().normalize(), olderRunFile, Predicate::or);
    }

    /** Deletes older runs' files, moves the new ones into place, and returns them (targets, in order of writing). */
    public List<Path> commit() throws IOException {
        for (Path target : written.keySet()) {
            // the one failure of a move that can be foreseen: checked before anything is replaced
            if (Files.isDirectory(target)) {
                throw new NotWritten("cannot write " + target + ": it is a directory; nothing was replaced", null);
            }
        }
        for (Map.Entry<Path, Predicate<String>> e : olderRunFiles.entrySet()) {
            if (!Files.isDirectory(e.getKey())) {
                continue;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(e.getKey(),
                    f -> e.getValue().test(f.getFileName().toString()) && !written.containsKey(f) && Files.isRegularFile(f))) {
                for (Path stale : files) {
                    Files.deleteIfExists(stale);
                }
            } catch (IOException failure) {
                throw new NotWritten("cannot delete an older run's file in " + e.getKey() + ": " + reason(failure)
                        + "; none of this run's files was put into place", failure);
            }
        }
        int moved = 0;
        for (Map.Entry<Path, Path> e : written.entrySet()) {
            try {
                try {
                    Files.move(e.getValue(), e.getKey(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException notAtomic) {
                    Files.move(e.getValue(), e.getKey(), StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException failure) {
                throw new NotWritten("cannot move " + e.getKey() + " into place: " + reason(failure) + "; only " + moved + " of the "
                        + written.size() + " files of this run were", failure);
            }
            moved++;
        }
        return List.copyOf(written.keySet());
    }

    /** Deletes the temporary directories and what is left in them. */
    @Override
    public void close() {
        deleteTemporaries();
        if (hookInstalled) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run: it deletes the same directories
            }
            hookInstalled = false;
        }
    }

    private Path temporaryDirectory(Path dir) throws IOException {
        Path existing = temporary.get(dir);
        if (existing != null) {
            return existing;
        }
        Files.createDirectories(dir);
        deleteLeftoversOfDeadProcesses(dir);
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(cleanupOnExit);
            hookInstalled = true;
        }
        Path made = Files.createTempDirectory(dir, PREFIX + ProcessHandle.current().pid() + "-");
        temporary.put(dir, made);
        return made;
    }

    private synchronized void deleteTemporaries() {
        for (Path dir : temporary.values()) {
            deleteTree(dir);
        }
        temporary.clear();
    }

    /** Temporary directories of processes that no longer run (killed while writing) in {@code dir}. */
    private static void deleteLeftoversOfDeadProcesses(Path dir) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path entry : entries) {
                Matcher m = TEMPORARY.matcher(entry.getFileName().toString());
                if (m.matches() && Files.isDirectory(entry) && !alive(m.group(1))) {
                    deleteTree(entry);
                }
            }
        }
    }

    private static boolean alive(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException tooLong) {
            return false;
        }
    }

    /**
     * What went wrong, without the path (the messages name it once), on one line: "No space left on
     * device". The innermost IOException says it; a writer may wrap it (the SVG writer in a
     * SAXException in an IOException).
     */
    private static String reason(IOException failure) {
        Throwable e = failure;
        for (Throwable t = failure.getCause(); t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                e = t;
            }
        }
        String reason;
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            reason = fs.getReason();
        } else if (e instanceof FileSystemException fs) {
            reason = e.getClass().getSimpleName().replace("Exception", "").replaceAll("(?<=[a-z])(?=[A-Z])", " ")
                    .toLowerCase(Locale.ROOT) + " (" + fs.getFile() + ")";
        } else if (e.getMessage() != null) {
            // a message made of wrapped exceptions ("SAXException: java.io.IOException: No space left on device")
            // ends in the innermost one's
            String message = e.getMessage().strip();
            int innermost = message.lastIndexOf("Exception: ");
            reason = innermost < 0 ? message : message.substring(innermost + "Exception: ".length());
        } else {
            reason = e.toString();
        }
        return reason.replaceAll("\\s*\\R\\s*", "; ");
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the temporary directory, and with it this file, goes at close
            }
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the temporary directory " + root, e);
        }
    }
}
