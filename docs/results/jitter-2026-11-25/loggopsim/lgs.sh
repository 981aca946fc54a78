#!/bin/bash
for p in 8 64 512 4096; do
  for i in $(seq 1 20); do
    ../src/LogGOPSim/LogGOPSim -f diss$p.bin -L 1000 -o 500 -g 500 -G 0 --noise-trace /tmp/s11/machine/trace/trace-cpu0.txt -b 2>&1 | grep "Maximum finishing" | sed "s/^/P=$p /"
    sleep 1.05
  done
done
