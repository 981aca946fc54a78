package dev.nbc.examples.gauss;

import dev.nbc.core.Communicator;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The three variants on the in-process transport: every rank's x must equal the sequential
 * solution bit for bit (same operations in the same order, see SequentialGauss), the residual must
 * be small, and bad input must fail alike on every rank with a message that says what is wrong.
 */
class DistributedGaussTest {

    /** Runs {@code body} on P in-process ranks; returns each rank's result or exception. */
    private static Object[] onRanks(int size, EmulatedNetwork network, Function<Communicator, Object> body) {
        AtomicReferenceArray<Object> results = new AtomicReferenceArray<>(size);
        try (InProcessWorld world = new InProcessWorld(size, network)) {
            world.run((rank, transport) -> {
                try (ProgressEngine engine = ProgressEngine.start()) {
                    try {
                        results.set(rank, body.apply(Communicator.create(engine, transport)));
                    } catch (RuntimeException e) {
                        results.set(rank, e);
                    }
                }
            }, Duration.ofSeconds(30));
        }
        Object[] out = new Object[size];
        for (int r = 0; r < size; r++) {
            out[r] = results.get(r);
        }
        return out;
    }

    static Stream<Arguments> shapes() {
        List<Arguments> list = new ArrayList<>();
        for (Variant v : Variant.values()) {
            for (int n : new int[] {1, 2, 7, 64}) {
                for (int p = 1; p <= Math.min(4, n); p++) {
                    list.add(Arguments.of(v, n, p));
                }
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} n={1} P={2}")
    @MethodSource("shapes")
    void solvesRandomSystemsExactlyAsTheSequentialSolve(Variant variant, int n, int size) {
        MatrixSource source = MatrixSource.random(n, 7 + n);
        double[] expected = SequentialGauss.solve(source);
        Object[] x = onRanks(size, EmulatedNetwork.none(), comm -> new DistributedGauss(comm, source).solve(variant));
        for (int r = 0; r < size; r++) {
            assertInstanceOf(double[].class, x[r], "rank " + r);
            assertArrayEquals(expected, (double[]) x[r], 0.0, "rank " + r + " of " + size);
        }
        assertTrue(SequentialGauss.scaledResidual(source, expected) < n * 1e-14);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void illConditionedSystemsKeepASmallResidual(Variant variant) {
        for (MatrixSource source : List.of(MatrixSource.hilbert(10), MatrixSource.vandermonde(12))) {
            double[] expected = SequentialGauss.solve(source);
            Object[] x = onRanks(3, EmulatedNetwork.none(), comm -> new DistributedGauss(comm, source).solve(variant));
            for (Object xr : x) {
                assertArrayEquals(expected, (double[]) xr, 0.0, source.name());
            }
            double residual = SequentialGauss.scaledResidual(source, expected);
            assertTrue(residual < source.n() * 1e-14, source.name() + " residual " + residual);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void emulatedNetworkGivesTheSameAnswer(Variant variant) {
        MatrixSource source = MatrixSource.random(24, 3);
        double[] expected = SequentialGauss.solve(source);
        Object[] x = onRanks(2, EmulatedNetwork.symmetric(5_000, 500, 100, 0.1),
                comm -> new DistributedGauss(comm, source).solve(variant));
        assertArrayEquals(expected, (double[]) x[0], 0.0);
        assertArrayEquals(expected, (double[]) x[1], 0.0);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void singularMatrixFailsOnEveryRankAtTheSameColumn(Variant variant) {
        for (int n : new int[] {1, 5, 9}) {
            MatrixSource source = MatrixSource.singular(n, 11);
            assertThrows(SingularMatrixException.class, () -> SequentialGauss.solve(source));
            for (int size = 1; size <= Math.min(3, n); size++) {
                Object[] outcome = onRanks(size, EmulatedNetwork.none(), comm -> new DistributedGauss(comm, source).solve(variant));
                int column = -1;
                for (Object o : outcome) {
                    SingularMatrixException e = assertInstanceOf(SingularMatrixException.class, o);
                    assertTrue(e.getMessage().contains("singular"), e.getMessage());
                    column = column < 0 ? e.column() : column;
                    assertEquals(column, e.column(), "all ranks stop at the same column");
                }
                assertEquals(n - 1, column, "the duplicated column is the last one");
            }
        }
    }

    @Test
    void zeroMatrixIsSingularNotNaN() {
        MatrixSource zero = new MatrixSource("zero", 4) {
            @Override
            public double a(int i, int j) {
                return 0;
            }
        };
        Object[] outcome = onRanks(2, EmulatedNetwork.none(), comm -> new DistributedGauss(comm, zero).solve(Variant.COLUMN));
        assertInstanceOf(SingularMatrixException.class, outcome[0]);
        assertInstanceOf(SingularMatrixException.class, outcome[1]);
    }

    @Test
    void badShapesAreRefusedWithAMessage() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> MatrixSource.random(0, 1));
        assertTrue(small.getMessage().contains("at least 1 unknown"), small.getMessage());
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class, () -> DistributedGauss.checkShape(3, 5));
        assertTrue(tooMany.getMessage().contains("use at most n ranks"), tooMany.getMessage());
        Object[] outcome = onRanks(3, EmulatedNetwork.none(), comm -> new DistributedGauss(comm, MatrixSource.random(2, 1)));
        for (Object o : outcome) {
            assertInstanceOf(IllegalArgumentException.class, o);
        }
    }

    @Test
    void solverIsSingleUse() {
        Object[] outcome = onRanks(1, EmulatedNetwork.none(), comm -> {
            DistributedGauss g = new DistributedGauss(comm, MatrixSource.random(3, 1));
            g.solve(Variant.BLOCKING);
            return g.solve(Variant.BLOCKING);
        });
        assertInstanceOf(IllegalStateException.class, outcome[0]);
    }

    @Test
    void broadcastCountsAreThoseOfTheListings() {
        int n = 10;
        for (Variant v : Variant.values()) {
            Object[] counts = onRanks(2, EmulatedNetwork.none(), comm -> {
                DistributedGauss g = new DistributedGauss(comm, MatrixSource.random(n, 2));
                g.solve(v);
                return g.broadcasts();
            });
            long expected = v == Variant.COLUMN ? n + 2 : n + (long) n * (n - 1) / 2 + 2;
            assertEquals(expected, counts[0], v.label());
        }
    }

    // ------------------------------------------------------------------ the driver's exit codes

    private static int main(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(sink));
            System.setErr(new PrintStream(sink));
            return GaussMain.run(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void driverExitCodes() {
        assertEquals(0, main("--n", "16", "--ranks", "1,2"));
        assertEquals(2, main("--n", "0"));
        assertEquals(2, main("--n", "3", "--ranks", "4"));
        assertEquals(2, main("--variant", "fast"));
        assertEquals(2, main("--no-such-option"));
        assertEquals(3, main("--n", "8", "--ranks", "2", "--matrix", "singular"));
    }
}
