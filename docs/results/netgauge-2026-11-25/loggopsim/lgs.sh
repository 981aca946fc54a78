#!/bin/bash
# Runs nbc-core's schedules in LogGOPSim and in nbc-models' simulator (without and with the
# receive-side gap) and prints one line per case. Usage, from the repository's root, with
# LogGOPSim built in $LGS (its src/LogGOPSim directory) and the modules compiled (mvn -o -q compile;
# CP may name a copy of the classes, so that a build meanwhile does not pull them away):
#   LGS=/tmp/rgap/lgs/src/LogGOPSim docs/results/netgauge-2026-11-25/loggopsim/lgs.sh > lgs.txt
set -euo pipefail
here=$(dirname "$0")
cp=${CP:-nbc-core/target/classes:nbc-models/target/classes}
work=$(mktemp -d)
javac -d "$work" -cp "$cp" "$here/GoalCompare.java"
# name L o g G gamma; C is the benchmark's emulated network (L 20 us, o = g = 2 us, G 0.5 ns/B) in half-nanoseconds
params=("A 1000 500 700 1 1" "B 2500 1500 1000 6 1" "C 40000 4000 4000 1 2")
for set in "${params[@]}"; do
  read -r name L o g G gamma <<< "$set"
  for coll in gather allreduce reduce bcast barrier; do
    bytes=1,1000,65536
    [ "$coll" = barrier ] && bytes=1
    java -cp "$work:$cp" GoalCompare --collective $coll --sizes 2,3,4,5,6,7,8,9,12,16,17,32,33,64,65,128 --bytes $bytes \
      --L $L --o $o --g $g --G $G --gamma $gamma --dir "$work" |
    while read -r file rest; do
      "$LGS/txt2bin" -i "$work/$file" -o "$work/s.bin" > /dev/null
      lgs=$("$LGS/LogGOPSim" -f "$work/s.bin" -L $L -o $o -g $g -G $G -S 2000000000 -b | sed -n 's/^Maximum finishing time at host [0-9]*: \([0-9]*\) .*/\1/p')
      echo "set=$name $rest LogGOPSim $lgs"
    done
  done
done
rm -r "$work"
