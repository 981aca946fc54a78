package dev.nbc.bench.cli;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded jar as a user runs it, after {@code package}: its manifest names NbcBench (java -jar,
 * and scripts/nbcrun given the jar, read it), and {@code java -jar nbc-bench.jar --help} prints the
 * help once, under the name the user types, and exits 0.
 */
class ExecutableJarIT {
    private static final Path JAR = MpiJob.repositoryRoot().resolve("nbc-bench/target/nbc-bench.jar");

    @Test
    void theManifestNamesNbcBench() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertEquals("dev.nbc.bench.NbcBench", jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    @Test
    void javaDashJarHelpPrintsTheHelpOnceAndExits0() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path output = Files.createTempFile("nbc-bench-help", ".txt");
        try {
            Process process = new ProcessBuilder(java.toString(), "-jar", JAR.toString(), "--help")
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            // a guard against a hang, not a speed claim
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "java -jar --help did not end");
            String text = Files.readString(output, StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), text);
            List<String> usage = text.lines().filter(line -> line.startsWith("Usage: ")).toList();
            assertEquals(List.of("Usage: scripts/nbc [-hV] [COMMAND]"), usage, text);
            assertTrue(text.contains("  overlap ") && text.contains("  model "), text);
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
