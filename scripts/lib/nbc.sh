# Shared shell functions of the scripts (setup, nbcrun, nbc, bench, test, demo, gauss, ...).
# Sourced, not run: it defines functions and NBC_ROOT, and changes no shell options of its caller.

# The repository root is two levels above this file, wherever the caller was started from.
NBC_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# gitignored: built mpi.jar, env file, check stamp; NBC_STATE selects another directory (the
# script checks use a fresh one, so that they never touch the real one)
NBC_STATE="${NBC_STATE:-$NBC_ROOT/.nbc}"
NBC_ENV_FILE="$NBC_STATE/env"

# Messages go to stderr so that a script's stdout stays the program's output.
nbc_say() { printf '%s: %s\n' "${NBC_TOOL:-nbc}" "$*" >&2; }
nbc_die() { printf '%s: ERROR: %s\n' "${NBC_TOOL:-nbc}" "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, through sudo otherwise (apt needs root).
nbc_as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        nbc_die "'$*' needs root, and sudo is not installed; run this script as root"
    fi
}

# Cores Open MPI will count as slots: it uses physical cores, so on a machine with
# hyper-threads `nproc` alone would over-count and mpirun would refuse without --oversubscribe.
nbc_cores() {
    local logical physical=""
    logical=$(nproc 2>/dev/null || echo 1)
    if command -v lscpu >/dev/null 2>&1; then
        physical=$(lscpu -p=CORE,SOCKET 2>/dev/null | grep -v '^#' | sort -u | wc -l)
    fi
    if [[ -n $physical && $physical -gt 0 && $physical -lt $logical ]]; then
        echo "$physical"
    else
        echo "$logical"
    fi
}

# mpirun refuses to run as root unless both variables are set; exported so every mpirun we
# start (setup's check, nbcrun) inherits them.
nbc_allow_root() {
    if [[ $(id -u) -eq 0 ]]; then
        export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    fi
}

# Fills the arrays NBC_MPIRUN_BINDING and NBC_MPIRUN_OPTS with the options every job of ours
# needs for N ranks (the binding apart, so that a user's own binding can replace it):
#  N <= cores: each rank bound to its own cores, cores/N of them (--map-by slot:PE=k --bind-to
#    core). Unbound ranks that poll and yield were measured to drift onto one core and take turns
#    there (P = 2 barrier: 11-15 us instead of 1.3 us, in runs that hit it); bound, they stay apart.
#    A rank with two or more cores gives nbc's progress thread a core of its own, and nbc sees it
#    (ProgressPolicy: availableProcessors follows the binding).
#  N > cores: --bind-to none --oversubscribe (otherwise mpirun refuses: not enough slots).
nbc_mpirun_opts() {
    local ranks=$1 cores
    cores=$(nbc_cores)
    if [[ $ranks -gt $cores ]]; then
        NBC_MPIRUN_BINDING=(--bind-to none)
        NBC_MPIRUN_OPTS=(--oversubscribe)
    else
        NBC_MPIRUN_BINDING=(--map-by "slot:PE=$((cores / ranks))" --bind-to core)
        NBC_MPIRUN_OPTS=()
    fi
}

# Fills NBC_MPIRUN_BINDING and NBC_MPIRUN_OPTS as nbc_mpirun_opts does, for MPICH's launcher
# mpiexec.mpich (hydra): -bind-to core (core:k for k = cores/N cores a rank) when N <= cores,
# else -bind-to none; hydra needs nothing like --oversubscribe.
nbc_mpiexec_mpich_opts() {
    local ranks=$1 cores
    cores=$(nbc_cores)
    if [[ $ranks -gt $cores ]]; then
        NBC_MPIRUN_BINDING=(-bind-to none)
    elif [[ $((cores / ranks)) -eq 1 ]]; then
        NBC_MPIRUN_BINDING=(-bind-to core)
    else
        NBC_MPIRUN_BINDING=(-bind-to "core:$((cores / ranks))")
    fi
    NBC_MPIRUN_OPTS=()
}

# What setup and scripts/test say when there is no JDK for nbc-ffm (not an error).
NBC_NO_FFM_JDK="no JDK 22 or newer: nbc-ffm (MPI through Java's FFM API, any MPI) is left out; set NBC_FFM_JDK=/path/to/jdk to use one"

# The command that sets up MPI implementation $1 (openmpi, mpich), for messages.
nbc_setup_command() {
    if [[ $1 == mpich ]]; then echo "NBC_MPI_IMPL=mpich scripts/setup"; else echo "scripts/setup"; fi
}

# Sources .nbc/env, running scripts/setup for MPI implementation $1 (openmpi, mpich; default
# openmpi) first when it is missing.
nbc_source_env() {
    local impl=${1:-openmpi}
    if [[ ! -f $NBC_ENV_FILE ]]; then
        nbc_say "$NBC_ENV_FILE is missing; running $(nbc_setup_command "$impl") first"
        NBC_MPI_IMPL=$impl "$NBC_ROOT/scripts/setup" || nbc_die "scripts/setup failed"
    fi
    # shellcheck source=/dev/null
    source "$NBC_ENV_FILE"
}

# Sources .nbc/env (NBC_MPI_JAR, NBC_MPI_LIBDIR, NBC_OMPI_VERSION), running scripts/setup first
# when it is missing, and checks that what Open MPI's Java bindings need still exists.
nbc_load_env() {
    nbc_source_env openmpi
    [[ -f ${NBC_MPI_JAR:-} ]] || nbc_die "mpi.jar '${NBC_MPI_JAR:-}' named in $NBC_ENV_FILE does not exist; run scripts/setup"
    [[ -e ${NBC_MPI_LIBDIR:-}/libmpi_java.so ]] || nbc_die "libmpi_java.so is not in '${NBC_MPI_LIBDIR:-}' (from $NBC_ENV_FILE); run scripts/setup"
    command -v mpirun >/dev/null 2>&1 || nbc_die "mpirun is not on PATH; run scripts/setup"
}

# Sources .nbc/env for a job through nbc-ffm on MPI implementation $1 (openmpi, mpich), running
# scripts/setup first when it is missing, and checks what such a job needs: NBC_FFM_JDK, the
# probe's file (NBC_MPI_ABI_OPENMPI, NBC_MPI_ABI_MPICH) and the launcher (mpirun on PATH,
# NBC_MPIEXEC_MPICH). Each missing piece is one line saying what to run.
nbc_load_ffm_env() {
    local impl=$1 setup abi_var name=MPICH
    [[ $impl == openmpi ]] && name="Open MPI"
    nbc_source_env "$impl"
    setup=$(nbc_setup_command "$impl")
    [[ -n ${NBC_FFM_JDK:-} && -x ${NBC_FFM_JDK:-}/bin/java ]] \
        || nbc_die "MPI through FFM needs a JDK 22 or newer, and $NBC_ENV_FILE names none (NBC_FFM_JDK): install one and run $setup, or NBC_FFM_JDK=/path/to/jdk $setup"
    abi_var=NBC_MPI_ABI_${impl^^}
    [[ -f ${!abi_var:-} ]] \
        || nbc_die "$NBC_ENV_FILE names no probe of $name's C library ($abi_var${!abi_var:+=${!abi_var}, missing}): run $setup"
    if [[ $impl == mpich ]]; then
        [[ -x ${NBC_MPIEXEC_MPICH:-} ]] \
            || nbc_die "$NBC_ENV_FILE names no MPICH launcher (NBC_MPIEXEC_MPICH${NBC_MPIEXEC_MPICH:+=$NBC_MPIEXEC_MPICH, missing}): run $setup"
    else
        command -v mpirun >/dev/null 2>&1 || nbc_die "mpirun is not on PATH; run scripts/setup"
    fi
}

# True when one of the words after the first names option $1, as "$1" or "$1=...": the scripts
# add an option of their own only when the user did not give it (picocli refuses one given twice).
nbc_has_option() {
    local option=$1 word
    shift
    for word in "$@"; do
        [[ $word == "$option" || $word == "$option="* ]] && return 0
    done
    return 1
}

# Runs a command with its output held back, and shows that output only if the command fails:
# the scripts stay readable when things work and say everything when they do not.
nbc_quietly() {
    local out rc=0
    out=$("$@" 2>&1) || rc=$?
    if [[ $rc -ne 0 ]]; then
        printf '%s\n' "$out" >&2
        nbc_say "FAILED (exit code $rc): $*"
    fi
    return $rc
}

# Prints the calling script's usage: its header comment, from line 2 to the line before `set -euo`.
nbc_usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

# Prints the calling script's usage and ends it with exit code 0 when one of its arguments is -h
# or --help: called before any set-up or build, so that asking for help starts and writes nothing.
nbc_help_if_asked() {
    local word
    for word in "$@"; do
        if [[ $word == -h || $word == --help ]]; then
            nbc_usage
            exit 0
        fi
    done
}
