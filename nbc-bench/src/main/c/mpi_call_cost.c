/*
 * The C side of nbc's call-cost comparison (scripts/call-cost): what the same MPI calls cost when
 * C makes them, timed the way dev.nbc.bench.compare.CallCost times them from Java, so that the
 * difference is what Java's way into MPI adds. Two ranks; each line: "<case> median_us mean_us p99_us".
 *   pingpong:   8 B MPI_Isend + MPI_Irecv, MPI_Test on both until done, rank 0 then rank 1 (a round trip)
 *   iallreduce: 8 B MPI_Iallreduce (one double, SUM) + MPI_Wait, back to back
 *   ibarrier:   MPI_Ibarrier + MPI_Wait, back to back
 * Usage: mpirun -np 2 mpi_call_cost [iterations]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

/* Median, mean and 99th percentile (nearest rank) of this rank's times; the maximum over ranks printed by rank 0. */
static void report(const char *name, double *t, int n, int rank) {
    qsort(t, n, sizeof *t, compare);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += t[i];
    double mine[3] = {t[n / 2] * 1e6, sum / n * 1e6, t[(int) (0.99 * (n - 1))] * 1e6};
    double slowest[3];
    MPI_Reduce(mine, slowest, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("%s %.3f %.3f %.3f\n", name, slowest[0], slowest[1], slowest[2]);
}

static void await(MPI_Request *r) {
    int done = 0;
    while (!done) MPI_Test(r, &done, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    if (size != 2 || n < 1) {
        if (rank == 0) fprintf(stderr, "mpi_call_cost: needs exactly 2 ranks and iterations >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    double *t = malloc(sizeof(double) * n);
    double out = rank, in = 0;
    int peer = 1 - rank;
    for (int pass = 0; pass < 2; pass++) { /* the first pass warms up */
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < n; i++) {
            double start = MPI_Wtime();
            MPI_Request r[2];
            if (rank == 0) {
                MPI_Isend(&out, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[0]);
                await(&r[0]);
                MPI_Irecv(&in, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[1]);
                await(&r[1]);
            } else {
                MPI_Irecv(&in, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[1]);
                await(&r[1]);
                MPI_Isend(&out, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[0]);
                await(&r[0]);
            }
            t[i] = MPI_Wtime() - start;
        }
    }
    report("pingpong", t, n, rank);
    for (int pass = 0; pass < 2; pass++) {
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < n; i++) {
            double start = MPI_Wtime();
            MPI_Request r;
            MPI_Iallreduce(&out, &in, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            t[i] = MPI_Wtime() - start;
        }
    }
    report("iallreduce", t, n, rank);
    for (int pass = 0; pass < 2; pass++) {
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < n; i++) {
            double start = MPI_Wtime();
            MPI_Request r;
            MPI_Ibarrier(MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            t[i] = MPI_Wtime() - start;
        }
    }
    report("ibarrier", t, n, rank);
    free(t);
    MPI_Finalize();
    return 0;
}
