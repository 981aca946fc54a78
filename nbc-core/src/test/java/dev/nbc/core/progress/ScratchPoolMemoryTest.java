package dev.nbc.core.progress;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scratch pool keeps within a small JVM: 60,000 allreduces with a count that changes at every
 * call ({@link ChangingCountAllreduce}) in a JVM of 256 MiB heap and 128 MiB direct memory. A
 * pool that kept a buffer of each size ran out of direct memory within 2,000 calls.
 */
class ScratchPoolMemoryTest {
    private static final int CALLS = 60_000;
    private static final long DIRECT_MEMORY = 128L << 20;
    /** Only there to turn a hang into a failure: the run takes seconds. */
    private static final long HANG_SECONDS = 300;

    @Test
    void sixtyThousandAllreducesWithAChangingCountCompleteIn128MiBOfDirectMemory() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx256m", "-XX:MaxDirectMemorySize=" + DIRECT_MEMORY,
                "-cp", MpiJob.testClassPath(), ChangingCountAllreduce.class.getName(), "--calls", Integer.toString(CALLS)))
                .redirectErrorStream(true);
        builder.environment().remove(ScratchPool.VARIABLE);
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        boolean ended = process.waitFor(HANG_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String text = new String(output, StandardCharsets.UTF_8);
        assertTrue(ended, "still running after " + HANG_SECONDS + " s: " + text);
        assertEquals(0, process.exitValue(), text);
        Matcher done = Pattern.compile("DONE calls=" + CALLS + " .*scratchBytes=(\\d+), scratchBuffers=(\\d+)").matcher(text);
        assertTrue(done.find(), text);
        long held = Long.parseLong(done.group(1));
        assertTrue(held <= DIRECT_MEMORY / 4, "the pool holds " + held + " bytes, more than a quarter of the direct memory: " + text);
    }
}
