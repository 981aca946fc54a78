/*
 * What nbc's FFM transport must know of an MPI library that only its mpi.h says: the sizes of its
 * handles and of MPI_Status, where MPI_Status keeps its fields, the values of its constants, and
 * how to reach its predefined handles. Compiled with the library's own mpicc and run without
 * mpirun (it calls nothing that needs MPI_Init); prints one key=value per line, which
 * scripts/setup saves for the transport (docs/setup.md).
 *
 * A predefined handle is printed as "symbol:NAME" when it is the address of an exported symbol
 * (Open MPI: MPI_COMM_WORLD is &ompi_mpi_comm_world, which moves with the library's load address),
 * else as its integer value (MPICH: MPI_COMM_WORLD is 0x44000000).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void print_handle(const char *name, const void *handle, size_t size) {
    if (size == sizeof(void *)) {
        void *value;
        memcpy(&value, handle, sizeof value);
        Dl_info info;
        if (value != NULL && dladdr(value, &info) && info.dli_sname != NULL && info.dli_saddr == value) {
            printf("handle.%s=symbol:%s\n", name, info.dli_sname);
        } else {
            printf("handle.%s=%lld\n", name, (long long) (intptr_t) value);
        }
    } else {
        int value;
        memcpy(&value, handle, sizeof value);
        printf("handle.%s=%d\n", name, value);
    }
}

#define HANDLE(h) do { __typeof__(h) value_ = (h); print_handle(#h, &value_, sizeof value_); } while (0)
#define CONSTANT(c) printf("constant.%s=%lld\n", #c, (long long) (c))
#define ADDRESS(a) printf("address.%s=%lld\n", #a, (long long) (intptr_t) (a))

int main(void) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length;
    MPI_Get_library_version(version, &length);
    version[strcspn(version, "\r\n")] = '\0';
    printf("version=%s\n", version);
#if defined(OPEN_MPI)
    printf("implementation=openmpi\n");
#elif defined(MPICH)
    printf("implementation=mpich\n");
#else
    printf("implementation=other\n");
#endif
    Dl_info library;
    if (dladdr((void *) &MPI_Isend, &library) && library.dli_fname != NULL) {
        printf("library=%s\n", library.dli_fname);
    }
    printf("size.handle.MPI_Comm=%zu\n", sizeof(MPI_Comm));
    printf("size.handle.MPI_Datatype=%zu\n", sizeof(MPI_Datatype));
    printf("size.handle.MPI_Op=%zu\n", sizeof(MPI_Op));
    printf("size.handle.MPI_Request=%zu\n", sizeof(MPI_Request));
    printf("size.handle.MPI_Message=%zu\n", sizeof(MPI_Message));
    printf("size.handle.MPI_Errhandler=%zu\n", sizeof(MPI_Errhandler));
    printf("size.handle.MPI_Info=%zu\n", sizeof(MPI_Info));
    printf("size.MPI_Status=%zu\n", sizeof(MPI_Status));
    printf("offset.MPI_Status.MPI_SOURCE=%zu\n", offsetof(MPI_Status, MPI_SOURCE));
    printf("offset.MPI_Status.MPI_TAG=%zu\n", offsetof(MPI_Status, MPI_TAG));
    printf("offset.MPI_Status.MPI_ERROR=%zu\n", offsetof(MPI_Status, MPI_ERROR));
    printf("size.short=%zu\nsize.int=%zu\nsize.long=%zu\n", sizeof(short), sizeof(int), sizeof(long));
    CONSTANT(MPI_SUCCESS);
    CONSTANT(MPI_ANY_SOURCE);
    CONSTANT(MPI_ANY_TAG);
    CONSTANT(MPI_UNDEFINED);
    CONSTANT(MPI_THREAD_SINGLE);
    CONSTANT(MPI_THREAD_FUNNELED);
    CONSTANT(MPI_THREAD_SERIALIZED);
    CONSTANT(MPI_THREAD_MULTIPLE);
    CONSTANT(MPI_TAG_UB);
    CONSTANT(MPI_ERR_TRUNCATE);
    CONSTANT(MPI_COMM_TYPE_SHARED);
    CONSTANT(MPI_MAX_ERROR_STRING);
    CONSTANT(MPI_MAX_LIBRARY_VERSION_STRING);
    ADDRESS(MPI_IN_PLACE);
    ADDRESS(MPI_STATUS_IGNORE);
    HANDLE(MPI_COMM_WORLD);
    HANDLE(MPI_COMM_NULL);
    HANDLE(MPI_REQUEST_NULL);
    HANDLE(MPI_MESSAGE_NULL);
    HANDLE(MPI_MESSAGE_NO_PROC);
    HANDLE(MPI_ERRORS_RETURN);
    HANDLE(MPI_INFO_NULL);
    HANDLE(MPI_BYTE);
    HANDLE(MPI_SHORT);
    HANDLE(MPI_INT);
    HANDLE(MPI_LONG);
    HANDLE(MPI_FLOAT);
    HANDLE(MPI_DOUBLE);
    HANDLE(MPI_SUM);
    HANDLE(MPI_PROD);
    HANDLE(MPI_MIN);
    HANDLE(MPI_MAX);
    HANDLE(MPI_BAND);
    HANDLE(MPI_BOR);
    HANDLE(MPI_BXOR);
    HANDLE(MPI_LAND);
    HANDLE(MPI_LOR);
    HANDLE(MPI_LXOR);
    return 0;
}
