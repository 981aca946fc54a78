package dev.nbc.harness.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a command's work on its ranks so that every rank ends, and ends alike:
 * <ol>
 * <li>the leader checks that it can write every output directory (creating it, then a temporary
 *     file in it), and all ranks learn its verdict before anything is measured; an unwritable one
 *     is a user error on every rank (exit code 2, one line from the leader), not a hang after the
 *     measurements;</li>
 * <li>the work runs on every rank, and the leader's exit code becomes every rank's; the leader's
 *     result files that cannot be written ({@link ResultFiles.NotWritten}, a full disk) are one
 *     line from the leader after the results were printed, and exit code 2 on every rank;</li>
 * <li>a failure on any rank ends every rank ({@link RankGroup#abortAfter}), since its peers may be
 *     waiting for it in a collective.</li>
 * </ol>
 */
public final class RankRuns {
    private RankRuns() {
    }

    /** The work of a command on every rank; returns its exit code. */
    @FunctionalInterface
    public interface Work<R> {
        int run(R ranks) throws Exception;
    }

    /** A directory that the run will write into, and the option that names it. */
    public record Output(String option, Path directory) {
        /**
         * Why the run could not write into the directory, naming the option, or null when it can:
         * creates it, and a temporary file in it.
         */
        public String unwritable() {
            String problem = RankRuns.unwritable(directory);
            return problem == null ? null : option + ": cannot write into '" + directory + "': " + problem;
        }
    }

    public static <R extends RankGroup> int run(CommandSpec command, R ranks, List<Output> outputs, Work<R> work) throws Exception {
        String unwritable;
        ResultFiles.NotWritten notWritten = null;
        int exitCode;
        try {
            unwritable = ranks.leader() ? firstUnwritable(outputs) : null;
            boolean refused = ranks.agree(unwritable == null ? 0 : 1) != 0;
            int own;
            if (refused) {
                own = Cli.EXIT_USAGE;
            } else {
                try {
                    own = work.run(ranks);
                } catch (ResultFiles.NotWritten e) {
                    // the leader's files (a full disk): the peers are done and wait in agree, nothing to abort
                    notWritten = e;
                    own = Cli.EXIT_USAGE;
                }
            }
            exitCode = refused ? own : ranks.agree(own);
        } catch (Exception | Error failure) {
            ranks.abortAfter(failure);
            throw failure;
        }
        ranks.close();
        if (unwritable != null) {
            throw new ParameterException(command.commandLine(), unwritable);
        }
        if (notWritten != null) {
            throw notWritten;
        }
        return exitCode;
    }

    /** The problem with the first output that cannot be written, or null. */
    private static String firstUnwritable(List<Output> outputs) {
        for (Output output : outputs) {
            String problem = output.unwritable();
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Why {@code dir} cannot hold new files, or null when it can (it exists afterwards). */
    private static String unwritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".nbc-write-check-", ".tmp"));
            return null;
        } catch (FileAlreadyExistsException e) {
            return e.getFile() + " exists and is not a directory";
        } catch (AccessDeniedException e) {
            return "permission denied on " + e.getFile();
        } catch (FileSystemException e) {
            return e.getReason() != null ? e.getReason() + " (" + e.getFile() + ")" : e.toString();
        } catch (IOException | SecurityException e) {
            return e.toString();
        }
    }
}
