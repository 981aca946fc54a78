package dev.nbc.core;

import dev.nbc.core.progress.ProgressEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What user code can call: a class outside the library's packages is compiled against the
 * library, as an application would be. The engine's own members (creating, completing and failing
 * a request, submitting a schedule, the hooks a request calls on its engine) must not compile
 * there; the API an application uses must.
 */
class PublicApiTest {
    private static final String IMPORTS = """
            package user.code;

            import dev.nbc.core.Buffers;
            import dev.nbc.core.Communicator;
            import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
            import dev.nbc.core.datatype.DataType;
            import dev.nbc.core.datatype.ReduceOp;
            import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
            import dev.nbc.core.progress.ProgressEngine;
            import dev.nbc.core.request.NbcException;
            import dev.nbc.core.request.Request;
            import dev.nbc.core.transport.inprocess.InProcessWorld;

            """;

    @Test
    void theApiAnApplicationUsesCompiles(@TempDir Path dir) throws Exception {
        List<Diagnostic<? extends JavaFileObject>> errors = compile(dir, """
                public class Application {
                    public static void main(String[] args) {
                        try (InProcessWorld world = new InProcessWorld(1); ProgressEngine engine = ProgressEngine.start();
                             Communicator comm = Communicator.create(engine, world.transport(0))) {
                            Request request = comm.ibarrier();
                            request.await();
                            double[] partial = {1};
                            double[] total = new double[1];
                            comm.arrays().iallreduce(partial, total, ReduceOp.SUM).await();
                            java.nio.ByteBuffer buffer = Buffers.allocate(1, DataType.DOUBLE);
                            comm.allreduceInit(null, buffer, 1, DataType.DOUBLE, ReduceOp.SUM, AllreduceAlgorithm.RING).start().await();
                            System.out.println(request.test() + " " + request.algorithm() + " " + engine.statistics());
                        }
                    }
                }
                """);
        assertTrue(errors.isEmpty(), () -> "the public API must compile: " + describe(errors));
    }

    @Test
    void userCodeCannotCreateARequest(@TempDir Path dir) throws Exception {
        assertRefused(dir, """
                public class CreatesRequest {
                    Request make() {
                        return new Request(() -> "IBARRIER", BarrierAlgorithm.DISSEMINATION, null);
                    }
                }
                """, "Request(");
    }

    @Test
    void userCodeCannotCompleteARequest(@TempDir Path dir) throws Exception {
        assertRefused(dir, """
                public class CompletesRequest {
                    void finish(Request request) {
                        request.complete();
                    }
                }
                """, "complete()");
    }

    @Test
    void userCodeCannotFailARequest(@TempDir Path dir) throws Exception {
        assertRefused(dir, """
                public class FailsRequest {
                    void finish(Request request) {
                        request.fail(new NbcException("no"));
                    }
                }
                """, "fail(");
    }

    @Test
    void userCodeCannotSubmitToTheEngine(@TempDir Path dir) throws Exception {
        assertRefused(dir, """
                public class Submits {
                    Request skipTheTagCounter(ProgressEngine engine) {
                        return engine.submit(null, null, 7, null, null, () -> "mine", null, null);
                    }
                }
                """, "submit(");
    }

    @Test
    void userCodeCannotDriveTheEnginesHooks(@TempDir Path dir) throws Exception {
        assertRefused(dir, """
                public class Drives {
                    void poke(ProgressEngine engine) {
                        engine.progressOnce(0L);
                    }
                }
                """, "progressOnce(");
    }

    /** {@code body} must fail to compile, with an error that names {@code member} and says it is out of reach. */
    private static void assertRefused(Path dir, String body, String member) throws Exception {
        List<Diagnostic<? extends JavaFileObject>> errors = compile(dir, body);
        assertFalse(errors.isEmpty(), () -> member + " must not compile in user code");
        String messages = describe(errors);
        assertTrue(errors.stream().anyMatch(e -> mentionsAccess(e.getMessage(Locale.ROOT))),
                () -> member + " must be refused for its access, but javac said: " + messages);
    }

    private static boolean mentionsAccess(String message) {
        return message.contains("not public") || message.contains("private access") || message.contains("cannot be accessed");
    }

    /** Compiles {@code body} in package user.code against the library's classes; returns the errors. */
    private static List<Diagnostic<? extends JavaFileObject>> compile(Path dir, String body) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "a JDK's compiler");
        String className = body.substring(body.indexOf("class ") + 6).split("[ {]")[0];
        Path source = dir.resolve("user/code/" + className + ".java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, IMPORTS + body);
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-classpath", libraryClassPath(), "-d", dir.resolve("classes").toString(),
                    "-proc:none");
            javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(source.toFile())).call();
        }
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
    }

    /** The library's classes and what its signatures name (the LMAX Disruptor), wherever the build put them. */
    private static String libraryClassPath() throws Exception {
        return String.join(File.pathSeparator, location(ProgressEngine.class), location(Class.forName("com.lmax.disruptor.RingBuffer")));
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String describe(List<Diagnostic<? extends JavaFileObject>> errors) {
        return errors.stream().map(d -> d.getLineNumber() + ": " + d.getMessage(Locale.ROOT)).collect(Collectors.joining("; "));
    }
}
