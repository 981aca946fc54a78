#!/bin/bash
# usage: ab_prop.sh OUTDIR N PROP -- args : A = without -DPROP, B = with -DPROP=true (same jar)
out=$1; n=$2; prop=$3; shift 3
mkdir -p $out
for i in $(seq 1 $n); do
 for t in base main; do
  jar=/work/main/nbc-bench/target/nbc-bench.jar; extra=""; [ $t = base ] && extra="-D$prop=true"
  flock /tmp/nbc-cpu.lock java $extra -cp $jar dev.nbc.bench.NbcBench overlap --transport inprocess --ranks 2 --latency-us 20 --overhead-us 2 --gap-us 2 --gap-per-byte-ns 0.5 --out $out/$t-$i --name o "$@" > $out/$t-$i.log 2>&1
 done
done
