"""Independent brute-force mate-in-N solver for Grant Acedrex (12x12), written from
the pieces' moves only (as docs/rules.md, "Pieces", gives them): king, rook, crocodile (bishop), giraffe (3,2) leap, lion
(3,0)+(3,1) leaps, unicorn (knight leap, then bishop outward), anqa (diagonal step, then
rook outward), pawn (one step; no privileges, no promotion allowed in test positions).
Letters: k r c z l u a p (white upper case). Goal: checkmate only."""
import sys, itertools
W=H=12
def on(f,r): return 0<=f<W and 0<=r<H
def sym(v):
    a,b=v; s=set()
    for x,y in ((a,b),(b,a)):
        for sx in (1,-1):
            for sy in (1,-1): s.add((x*sx,y*sy))
    return s
KING=sym((1,0))|sym((1,1))
GIR=sym((3,2)); LION=sym((3,0))|sym((3,1)); KN=sym((2,1))
ORTH=[(1,0),(-1,0),(0,1),(0,-1)]; DIAG=[(1,1),(1,-1),(-1,1),(-1,-1)]
def parse(fen):
    rows=fen.split()[0].split('/'); b={}
    for i,row in enumerate(rows):
        r=H-1-i; f=0; num=''
        for ch in row+' ':
            if ch.isdigit(): num+=ch; continue
            if num: f+=int(num); num=''
            if ch==' ': break
            b[(f,r)]=ch; f+=1
    return b, fen.split()[1]
def white(c): return c.isupper()
def targets(b,sq,c):
    """squares the man on sq attacks/moves to (captures included, own men included: caller filters)"""
    f,r=sq; k=c.lower(); out=[]
    def ride(f0,r0,dirs):
        for dx,dy in dirs:
            x,y=f0+dx,r0+dy
            while on(x,y):
                out.append((x,y))
                if (x,y) in b: break
                x+=dx;y+=dy
    if k=='k':
        out=[(f+dx,r+dy) for dx,dy in KING if on(f+dx,r+dy)]
    elif k=='r': ride(f,r,ORTH)
    elif k=='c': ride(f,r,DIAG)
    elif k=='z': out=[(f+dx,r+dy) for dx,dy in GIR if on(f+dx,r+dy)]
    elif k=='l': out=[(f+dx,r+dy) for dx,dy in LION if on(f+dx,r+dy)]
    elif k=='u':
        for dx,dy in KN:
            x,y=f+dx,r+dy
            if not on(x,y): continue
            out.append((x,y))
            if (x,y) in b: continue
            sx=1 if dx>0 else -1; sy=1 if dy>0 else -1
            x+=sx;y+=sy
            while on(x,y):
                out.append((x,y))
                if (x,y) in b: break
                x+=sx;y+=sy
    elif k=='a':
        for dx,dy in DIAG:
            x,y=f+dx,r+dy
            if not on(x,y): continue
            out.append((x,y))
            if (x,y) in b: continue
            for ex,ey in ((dx,0),(0,dy)):
                u,v=x+ex,y+ey
                while on(u,v):
                    out.append((u,v))
                    if (u,v) in b: break
                    u+=ex;v+=ey
    elif k=='p':
        d=1 if white(c) else -1
        out=[(f+dx,r+d) for dx in (-1,1) if on(f+dx,r+d)]  # captures only (attacks)
    return out
def attacked(b,sq,by_white):
    for s,c in b.items():
        if white(c)==by_white and sq in targets(b,s,c): return True
    return False
def king(b,w):
    for s,c in b.items():
        if c==('K' if w else 'k'): return s
def moves(b,w):
    res=[]
    for s,c in list(b.items()):
        if white(c)!=w: continue
        if c.lower()=='p':
            d=1 if w else -1
            t=(s[0],s[1]+d)
            if on(*t) and t not in b: res.append((s,t))
            for t in targets(b,s,c):
                if t in b and white(b[t])!=w: res.append((s,t))
        else:
            for t in targets(b,s,c):
                if t in b and white(b[t])==w: continue
                res.append((s,t))
    legal=[]
    for s,t in res:
        nb=dict(b); nb[t]=nb.pop(s)
        if not attacked(nb,king(nb,w),not w): legal.append(((s,t),nb))
    return legal
def bare(b,w): return sum(1 for c in b.values() if white(c)==w)==1
def name(m):
    (f,r),(g,s)=m; return f"{chr(97+f)}{r+1}{chr(97+g)}{s+1}"
def mates(b,n):  # white to move: forced mate within n?
    if bare(b,False) or bare(b,True): return False
    for m,nb in moves(b,True):
        if defended(nb,n-1): return True
    return False
def defended(b,n):  # black to move after white's move; True if white forces mate
    if bare(b,False) or bare(b,True): return False  # game over by bare king, no mate
    ms=moves(b,False)
    if not ms: return attacked(b,king(b,False),True)
    if n==0: return False
    for m,nb in ms:
        if n==1:
            # white must mate now: only checks
            ok=False
            for m2,nb2 in moves(nb,True):
                if attacked(nb2,king(nb2,False),True) and defended(nb2,0): ok=True; break
            if not ok: return False
        elif not mates(nb,n): return False
    return True
if __name__=="__main__":
    fen=sys.argv[1]; n=int(sys.argv[2])
    b,_=parse(fen)
    keys=sorted(name(m) for m,nb in moves(b,True) if defended(nb,n-1))
    print(" ".join(keys))
