import sys
A=sys.argv[2] if len(sys.argv)>2 else 'pool-1-thread-1'
lines=[l.split() for l in open('/tmp/s11/trace256.txt')]
names={12:'spun',8:'learn',9:'still',20:'START>',21:'START<',22:'AWAIT>',23:'AWAIT<',1:'park',2:'woke',3:'pass>',4:'pass<',5:'post',6:'rdone',7:'unpark',11:'parkW',30:'send>',31:'send<',33:'recv<',34:'deliv',35:'claim',36:'relsd'}
starts=[i for i,l in enumerate(lines) if l[2]=='20' and l[1].startswith(A)]
for s in starts[-int(sys.argv[1]):-1]:
    t0=int(lines[s][0])
    print('---')
    for l in lines[s-3:s+60]:
        t=int(l[0])-t0
        print('%8.1f %-22s %-7s %s'%(t/1e3,l[1],names.get(int(l[2]),l[2]),l[3]))
        if l[2]=='23' and l[1].startswith(A) and t>0: break
