# Ratios of nbc-checked to nbc-thread from the tail runs in this directory (run from here: python3 ratios.py).
# Columns: P | collective | bytes | nbc-thread p50 / mean (median over runs) | nbc-checked p50 / mean | p50 ratio median (min..max over runs) | mean ratio | ompi p50 / mean
import csv,statistics,glob,sys
out=[]
for np,P in (("2","2"),("4","4")):
    runs=sorted(glob.glob(f"tail-np{np}-run*/tail.csv"))
    data={}
    for f in runs:
        for r in csv.DictReader(open(f)):
            if r['P']!=P: continue
            k=(r['collective'],r['bytes'])
            data.setdefault(k,{}).setdefault(r['variant'],[]).append((float(r['p50_us']),float(r['mean_us'])))
    for k,v in data.items():
        t=v['nbc-thread']; c=v['nbc-checked']; o=v['ompi']
        med=lambda xs,i: statistics.median(x[i] for x in xs)
        rp=[c[j][0]/t[j][0] for j in range(len(t))]; rm=[c[j][1]/t[j][1] for j in range(len(t))]
        print(f"| {P} | {k[0]} | {k[1]} | {med(t,0):.3g} / {med(t,1):.3g} | {med(c,0):.3g} / {med(c,1):.3g} | **{statistics.median(rp):.2f}** ({min(rp):.2f}..{max(rp):.2f}) | {statistics.median(rm):.2f} ({min(rm):.2f}..{max(rm):.2f}) | {med(o,0):.3g} / {med(o,1):.3g} |")
