#!/bin/bash
# usage: ab.sh OUTDIR N -- extra args
out=$1; n=$2; shift 2
mkdir -p $out
for i in $(seq 1 $n); do
 for t in base main; do
  jar=/work/main/nbc-bench/target/nbc-bench.jar; [ $t = base ] && jar=/tmp/s9/base/nbc-bench/target/nbc-bench.jar
  flock /tmp/nbc-cpu.lock java -cp $jar dev.nbc.bench.NbcBench overlap --transport inprocess --ranks 2 --latency-us 20 --overhead-us 2 --gap-us 2 --gap-per-byte-ns 0.5 --out $out/$t-$i --name o "$@" > $out/$t-$i.log 2>&1
 done
done
python3 - $out <<'PY'
import csv,sys,glob,collections,statistics
out=sys.argv[1]
d=collections.defaultdict(list)
for f in sorted(glob.glob(out+'/*/o.csv')):
    t=f.split('/')[-2].split('-')[0]
    for r in csv.DictReader(open(f)):
        d[(r['variant'],r['collective'],int(r['bytes']),t)].append((float(r['overlap_osu_pct']),float(r['loggp_sim_overlap_pct']),float(r['pure_max_us']),float(r['loggp_sim_us']),float(r['overlapped_cost_us'])))
keys=sorted(set(k[:3] for k in d))
print('variant collective bytes | base osu med (runs) x sim | main osu med (runs) x sim | cost base/main')
for k in keys:
    row=[]
    for t in ['base','main']:
        v=d.get(k+(t,),[])
        if not v: row.append('-'); continue
        osu=[x[0] for x in v]; ratio=[x[0]/x[1] for x in v]
        row.append('%5.1f (%s) %.2f'%(statistics.median(osu),' '.join('%.0f'%x for x in osu),statistics.median(ratio)))
    cb=statistics.median([x[4] for x in d.get(k+('base',),[(0,0,0,0,0)])]); cm=statistics.median([x[4] for x in d.get(k+('main',),[(0,0,0,0,0)])])
    print(k[0],k[1],k[2],'|',row[0],'|',row[1],'| %.0f/%.0f'%(cb,cm))
PY
