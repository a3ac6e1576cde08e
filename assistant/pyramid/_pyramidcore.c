/* The C core of assistant.pyramid.solver: exact perfect-information search.
 *
 * Like the Bowling core, it knows no rule of its own: assistant/pyramid/solver.py
 * hands it the pyramid's covering relation, which places may ever be exposed
 * together, which ranks leave alone or in pairs, and the rule switches as
 * numbers.  It only searches.
 *
 * A position is one 64-bit key:
 *   bits  0..27  pyramid places still present (index i = r(r-1)/2 + c - 1)
 *   bits 28..51  draw-pile cards still in play, in the order of the "stock
 *                array" (the waste bottom to top, then the stock top first)
 *   bits 52..56  the pointer: stock-array cards below it have been turned
 *                (draw=one: normalised to the next card still in play, so the
 *                card at the pointer is the stock top; three_piles: cards
 *                dealt so far, card k went to pile k mod 3)
 *   bits 57..58  recycles done (0 when passes are unlimited)
 *
 * Search: A* on the number of moves with an admissible heuristic (the removals
 * still needed, plus the draws needed to reach the stock cards the pyramid
 * must pair with), a bucket queue and one hash table of every position met.
 * An upper bound on the pyramid cards a position can still end with removed
 * (a relaxed game in which the draw-pile cards that may still come are always
 * available, solved exactly and memoised) below 28 makes it dead (no win
 * through it); it is kept aside, and when no win exists a second, depth-first
 * stage explores the dead positions whose bound beats the best seen, so the
 * most pyramid cards removable is exact too.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NPYR 28
#define NSTOCK 24
#define PYR_ALL ((1u << NPYR) - 1u)
#define NRANK 14
#define MAXF 4096

#define MV_DRAW 0u
#define MV_RECYCLE 1u
#define MV_REMOVE 2u
#define NO_SLOT 63u
#define MOVE(t, a, b) ((uint32_t)(t) | ((uint32_t)(a) << 8) | ((uint32_t)(b) << 16))

typedef struct {
    uint32_t cover[NPYR];    /* the places covering i */
    uint32_t compat[NPYR];   /* places that may ever be removable together with i */
    uint32_t cone[NPYR];     /* i and every place i holds up (transitively) */
    uint8_t pairs[NRANK][NRANK];
    uint8_t alone[NRANK];
    int draw3, stock_top, passes, all52, end_at_empty, waste_pairs, overlap;
    /* the deal */
    uint8_t rank[NPYR + NSTOCK];
    int n;                                 /* stock-array length */
    uint32_t pyr_partner[NRANK];           /* pyramid places holding a partner of rank r */
    uint32_t stk_partner[NRANK];           /* stock-array cards that are partners of rank r */
    uint32_t pyr_rank[NRANK], stk_rank[NRANK]; /* places / stock-array cards of rank r */
    uint32_t pyr_alone;                    /* pyramid places of a rank that leaves alone (Kings) */
    int greedy;                            /* search order: 0 A* (shortest), 1 by heuristic only */
    int every_move;                        /* children(): list Kings' rivals too (for the hint) */
    uint8_t partner[NRANK];                /* the one partner rank of r (0: none, or r leaves alone) */
    /* counts per rank of a set of pyramid places / stock-array cards, by table look-up:
       rank r's count in bits 4r..4r+3 (at most 4 cards a rank, so the sums never carry) */
    uint64_t pyr_cnt[4][128], stk_cnt[3][256];
    /* the places covered by a set of places, by the same kind of look-up */
    uint32_t covered[4][128];
} Game;

static inline uint32_t pyr_of(uint64_t k) { return (uint32_t)(k & PYR_ALL); }
static inline uint32_t stk_of(uint64_t k) { return (uint32_t)((k >> 28) & 0xFFFFFFu); }
static inline int ptr_of(uint64_t k) { return (int)((k >> 52) & 31u); }
static inline int pass_of(uint64_t k) { return (int)((k >> 57) & 3u); }
static inline uint64_t make_key(uint32_t pyr, uint32_t stk, int ptr, int pass) {
    return (uint64_t)pyr | ((uint64_t)stk << 28) | ((uint64_t)ptr << 52) | ((uint64_t)pass << 57);
}
/* population count without a library call (no -mpopcnt in a portable build) */
static inline int popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int low_bit(uint32_t x) { return __builtin_ctz(x); }
static inline int high_bit(uint32_t x) { return 31 - __builtin_clz(x); }

static inline uint64_t pyr_counts(const Game *G, uint32_t m) {
    return G->pyr_cnt[0][m & 127] + G->pyr_cnt[1][(m >> 7) & 127] + G->pyr_cnt[2][(m >> 14) & 127]
         + G->pyr_cnt[3][(m >> 21) & 127];
}
static inline uint64_t stk_counts(const Game *G, uint32_t m) {
    return G->stk_cnt[0][m & 255] + G->stk_cnt[1][(m >> 8) & 255] + G->stk_cnt[2][(m >> 16) & 255];
}
static inline int cnt_of(uint64_t c, int r) { return (int)((c >> (4 * r)) & 15u); }

/* draw=one: the first card still in play at or after p, or n */
static inline int norm_ptr(const Game *G, uint32_t stk, int p) {
    uint32_t rest = p >= 32 ? 0 : (stk >> p) << p;
    rest &= (G->n >= 32) ? 0xFFFFFFFFu : ((1u << G->n) - 1u);
    return rest ? low_bit(rest) : G->n;
}

static inline int stock_empty(const Game *G, uint64_t k) { return ptr_of(k) >= G->n; }

static inline int can_recycle(const Game *G, uint64_t k) {
    if (G->draw3 || !stock_empty(G, k) || stk_of(k) == 0) return 0;
    return G->passes == 0 || pass_of(k) < G->passes - 1;
}

static inline int is_goal(const Game *G, uint64_t k) {
    return pyr_of(k) == 0 && (!G->all52 || stk_of(k) == 0);
}

/* A lower bound on the moves still needed.

   Removals: each King is a move, and a move removes at most one card of each of
   two partner ranks, so partner ranks r, s need at least max(count r, count s)
   moves that remove a pyramid card.  (solver.py checks that every rank has at
   most one partner rank.)

   Draws (draw=one, goal pyramid): a pyramid card of rank s leaves with a pyramid
   card of rank r (at most min(count r, count s) of them do) or with a draw-pile
   card of rank r.  So max(0, count s - count r - waste cards of rank r) of the
   stock's r cards are needed (a waste card costs no draw), and the pointer must
   reach the one of them furthest in: every card in the stock before it must
   leave the pointer's place first, each in a move of its own.  Without a face-up
   stock top that move is a draw, and the needed card is drawn too.  With it, a
   card passed may also leave with a pyramid card of its partner rank, in a move
   the removals already count only while the pair's pyramid cards are short of
   partners: with P pyramid pairs of ranks r, s (a, b pyramid cards), the pair
   costs a + b - P moves, and passing p_r, p_s of their cards costs at least
   max(0, p_r - (b - P)) + max(0, p_s - (a - P)) more (only b - P cards of rank
   r leave with a pyramid card); the least over P counts.  Passing a King is a
   move.

   Admissible, not always consistent (a removal can lower both parts): the search
   takes the larger of this and the parent's value less one, and reopens a
   position met again by a shorter path. */
static int heuristic(const Game *G, uint64_t k) {
    uint64_t c = pyr_counts(G, pyr_of(k)) + (G->all52 ? stk_counts(G, stk_of(k)) : 0);
    int h = 0;
    for (int r = 1; r < NRANK; r++) {
        int s = G->partner[r], a = cnt_of(c, r);
        if (G->alone[r]) h += a;
        else if (s > r) { int b = cnt_of(c, s); h += a > b ? a : b; }
    }
    if (G->draw3 || G->all52) return h;
    uint32_t stk = stk_of(k);
    int ptr = ptr_of(k);
    uint32_t below = ptr >= 32 ? 0xFFFFFFFFu : ((1u << ptr) - 1u);
    uint64_t w = stk_counts(G, stk & below);
    int need[NRANK], left = 0;               /* stock cards of each rank still needed */
    for (int r = 1; r < NRANK; r++) {
        int s = G->partner[r], n = 0;
        if (!G->alone[r] && s) n = cnt_of(c, s) - cnt_of(c, r) - cnt_of(w, r);
        need[r] = n > 0 ? n : 0;
        left += need[r];
    }
    if (!left) return h;
    /* the cards passed on the way, counted per rank */
    uint64_t passed = 0;
    int npassed = 0;
    uint32_t rest = stk & ~below;
    for (;;) {
        if (!rest) return h;                 /* too few in the stock: no win from here */
        int m = low_bit(rest); rest &= rest - 1;
        int t = G->rank[NPYR + m];
        if (need[t] > 0) { need[t]--; if (--left == 0) break; }
        passed += 1ULL << (4 * t);
        npassed++;
    }
    if (!G->stock_top) return h + npassed + 1;
    int total = 0;
    for (int r = 1; r < NRANK; r++) {
        int s = G->partner[r], a = cnt_of(c, r), pr = cnt_of(passed, r);
        if (G->alone[r]) { total += a + pr; continue; }
        if (s < r) continue;
        int b = cnt_of(c, s), ps = cnt_of(passed, s), best = 1 << 30;
        for (int P = 0; P <= a && P <= b; P++) {
            int xr = b - P, xs = a - P;
            int cost = a + b - P + (pr > xr ? pr - xr : 0) + (ps > xs ? ps - xs : 0);
            if (cost < best) best = cost;
        }
        total += best;
    }
    return total;
}

/* The draw-pile cards that may still become available.  When no recycle is
   left (draw=one), a waste card that can never leave buries everything under it
   for good.  A waste card leaves with a pyramid card that may still leave (not in
   `pyr`'s blocked part: the caller passes the pyramid without it), or, only when
   the stock top is available, with a card still to come from the stock; without
   a face-up stock top two draw-pile cards never pair. */
static inline uint32_t reachable_stock(const Game *G, uint64_t k, uint32_t pyr) {
    uint32_t stk = stk_of(k);
    if (G->draw3 || G->passes == 0 || pass_of(k) < G->passes - 1) return stk;
    int ptr = ptr_of(k);
    uint32_t below = ptr >= 32 ? 0xFFFFFFFFu : ((1u << ptr) - 1u);
    uint32_t future = stk & ~below, waste = stk & below, w = waste;
    while (w) {
        int m = high_bit(w); w &= ~(1u << m);
        int r = G->rank[NPYR + m];
        if (G->alone[r] || (pyr & G->pyr_partner[r]) || (G->stock_top && (future & G->stk_partner[r]))) continue;
        return future | (waste & ~((2u << m) - 1u));   /* only the cards above m */
    }
    return stk;
}

/* The pyramid places that can never leave, given the draw-pile cards that may
   still become available (reach): cards without any partner they may meet, and
   everything they hold up. */
static uint32_t blocked_given(const Game *G, uint64_t k, uint32_t reach) {
    uint32_t pyr = pyr_of(k), out = 0;
    /* a card held up by a blocked card cannot serve as a partner either: repeat
       until nothing more is blocked */
    /* only ranks without a reachable draw-pile partner need a look card by card
       (Kings never block) */
    uint32_t need = 0;
    for (int r = 1; r < NRANK; r++)
        if (!G->alone[r] && !(reach & G->stk_partner[r])) need |= G->pyr_rank[r];
    need &= pyr;
    if (!need) return 0;
    for (;;) {
        uint32_t free_ = pyr & ~out, more = 0, p = free_ & need;
        while (p) {
            int i = low_bit(p); p &= p - 1;
            int r = G->rank[i];
            if (G->alone[r]) continue;
            if ((free_ & G->compat[i] & G->pyr_partner[r]) || (reach & G->stk_partner[r])) continue;
            more |= G->cone[i];
        }
        more &= pyr & ~out;
        if (!more) return out;
        out |= more;
    }
}

/* The blocked pyramid places and the reachable draw-pile cards together: fewer
   pyramid cards that may leave can bury more of the waste, and fewer reachable
   draw-pile cards can block more of the pyramid; repeat until neither grows. */
static uint32_t blocked_reach(const Game *G, uint64_t k, uint32_t *reach_out) {
    uint32_t pyr = pyr_of(k), reach = reachable_stock(G, k, pyr), bl = blocked_given(G, k, reach);
    while (bl) {
        uint32_t r2 = reachable_stock(G, k, pyr & ~bl);
        if (r2 == reach) break;
        reach = r2;
        uint32_t b2 = blocked_given(G, k, reach);
        if (b2 == bl) break;
        bl = b2;
    }
    if (reach_out) *reach_out = reach;
    return bl;
}
static uint32_t blocked(const Game *G, uint64_t k) { return blocked_reach(G, k, NULL); }

/* ---- move generation ------------------------------------------------------ */

typedef struct { uint32_t move; uint64_t child; } Child;
#define MAXCHILD 512

typedef struct { int slot; int rank; } Avail;

/* The exposed pyramid places. */
static inline uint32_t exposed(const Game *G, uint32_t pyr) {
    return pyr & ~(G->covered[0][pyr & 127] | G->covered[1][(pyr >> 7) & 127] | G->covered[2][(pyr >> 14) & 127]
                   | G->covered[3][(pyr >> 21) & 127]);
}

static uint64_t after_removal(const Game *G, uint64_t k, int a, int b) {
    uint32_t pyr = pyr_of(k), stk = stk_of(k);
    int ptr = ptr_of(k), pass = pass_of(k);
    int slots[2] = {a, b};
    for (int j = 0; j < 2; j++) {
        int s = slots[j];
        if (s == (int)NO_SLOT) continue;
        if (s < NPYR) pyr &= ~(1u << s);
        else stk &= ~(1u << (s - NPYR));
    }
    if (!G->draw3) ptr = norm_ptr(G, stk, ptr);
    return make_key(pyr, stk, ptr, pass);
}

static int children(const Game *G, uint64_t k, Child *out) {
    int nc = 0;
    if (is_goal(G, k)) return 0;
    if (G->end_at_empty && stock_empty(G, k) && !can_recycle(G, k)) return 0;
    uint32_t pyr = pyr_of(k), stk = stk_of(k);
    int ptr = ptr_of(k);
    uint32_t ex = exposed(G, pyr);
    /* exposed draw-pile cards */
    Avail av[3]; int na = 0;
    uint32_t turned = ptr >= 32 ? stk : (stk & ((1u << ptr) - 1u));
    if (G->draw3) {
        for (int j = 0; j < 3; j++) {
            uint32_t pile = 0;
            for (int s = j; s < ptr; s += 3) pile |= 1u << s;
            pile &= turned;
            if (pile) { int s = high_bit(pile); av[na].slot = NPYR + s; av[na].rank = G->rank[NPYR + s]; na++; }
        }
    } else {
        if (turned) { int s = high_bit(turned); av[na].slot = NPYR + s; av[na].rank = G->rank[NPYR + s]; na++; }
        if (G->stock_top && ptr < G->n) { av[na].slot = NPYR + ptr; av[na].rank = G->rank[NPYR + ptr]; na++; }
    }
    /* An exposed pyramid King goes at once, as the only move considered: every
       win removes it some time, removing it earlier only exposes more, and it
       costs the same one move whenever it is made.  So the shortest win and the
       most cards removable are unchanged. */
    uint32_t e = ex;
    while (e) {
        int i = low_bit(e); e &= e - 1;
        if (G->alone[G->rank[i]]) {
            out[nc].move = MOVE(MV_REMOVE, i, NO_SLOT); out[nc].child = after_removal(G, k, i, NO_SLOT); nc++;
            if (!G->every_move) return 1;
        }
    }
    for (int x = 0; x < na; x++)
        if (G->alone[av[x].rank]) { out[nc].move = MOVE(MV_REMOVE, av[x].slot, NO_SLOT); out[nc].child = after_removal(G, k, av[x].slot, NO_SLOT); nc++; }
    /* two exposed pyramid cards */
    e = ex;
    while (e) {
        int i = low_bit(e); e &= e - 1;
        uint32_t f = e;
        while (f) {
            int j = low_bit(f); f &= f - 1;
            if (G->pairs[G->rank[i]][G->rank[j]]) { out[nc].move = MOVE(MV_REMOVE, i, j); out[nc].child = after_removal(G, k, i, j); nc++; }
        }
    }
    /* a card with its one remaining, exposed coverer (overlap_pairs) */
    if (G->overlap) {
        uint32_t p = pyr & ~ex;
        while (p) {
            int i = low_bit(p); p &= p - 1;
            uint32_t c = pyr & G->cover[i];
            if (popc(c) == 1 && (c & ex)) {
                int j = low_bit(c);
                if (G->pairs[G->rank[i]][G->rank[j]]) { out[nc].move = MOVE(MV_REMOVE, i, j); out[nc].child = after_removal(G, k, i, j); nc++; }
            }
        }
    }
    /* a pyramid card and a draw-pile card */
    for (int x = 0; x < na; x++) {
        e = ex;
        while (e) {
            int i = low_bit(e); e &= e - 1;
            if (G->pairs[G->rank[i]][av[x].rank]) { out[nc].move = MOVE(MV_REMOVE, i, av[x].slot); out[nc].child = after_removal(G, k, i, av[x].slot); nc++; }
        }
    }
    /* two draw-pile cards: the stock top with the waste top, or two pile tops */
    if (G->draw3 ? G->waste_pairs : G->stock_top)
        for (int x = 0; x < na; x++)
            for (int y = x + 1; y < na; y++)
                if (G->pairs[av[x].rank][av[y].rank]) { out[nc].move = MOVE(MV_REMOVE, av[x].slot, av[y].slot); out[nc].child = after_removal(G, k, av[x].slot, av[y].slot); nc++; }
    /* draw, recycle */
    if (ptr < G->n) {
        int np;
        if (G->draw3) np = ptr + 3 > G->n ? G->n : ptr + 3;
        else np = norm_ptr(G, stk, ptr + 1);
        out[nc].move = MOVE(MV_DRAW, NO_SLOT, NO_SLOT); out[nc].child = make_key(pyr, stk, np, pass_of(k)); nc++;
    } else if (can_recycle(G, k)) {
        int pass = G->passes == 0 ? 0 : pass_of(k) + 1;
        out[nc].move = MOVE(MV_RECYCLE, NO_SLOT, NO_SLOT); out[nc].child = make_key(pyr, stk, norm_ptr(G, stk, 0), pass); nc++;
    }
    return nc;
}

/* ---- the table of positions ------------------------------------------------ */

typedef struct { uint64_t key; uint32_t parent; uint32_t move; uint16_t g; uint8_t closed, h; } Node;  /* h: heuristic, set when met */

/* idx1: node index + 1, 0 = empty.  A position met again is judged by its slot
   alone (one cache line, not two): the slot holds whether it is dead and a copy
   of its node's g, the two kept equal. */
typedef struct { uint64_t key; uint32_t idx1; uint16_t g; uint8_t dead; } Slot;
typedef struct {
    Node *nodes; uint32_t nn, ncap;
    Slot *slots; uint64_t mask;
} Table;

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

static int table_init(Table *T) {
    T->ncap = 1u << 12; T->nn = 0;      /* small at first: most searches are short, and a dense table stays in cache */
    T->nodes = malloc(sizeof(Node) * T->ncap);
    T->mask = (1u << 13) - 1;
    T->slots = calloc(T->mask + 1, sizeof(Slot));
    return T->nodes && T->slots;
}
static void table_free(Table *T) { free(T->nodes); free(T->slots); }

static int table_grow(Table *T) {
    uint64_t m = T->mask * 2 + 1;
    Slot *s = calloc(m + 1, sizeof(Slot));
    if (!s) return 0;
    for (uint64_t i = 0; i <= T->mask; i++) {
        if (!T->slots[i].idx1) continue;
        uint64_t h = mix(T->slots[i].key) & m;
        while (s[h].idx1) h = (h + 1) & m;
        s[h] = T->slots[i];
    }
    free(T->slots); T->slots = s; T->mask = m;
    return 1;
}

/* index of key and *where its slot, or -1 and *where the empty slot to fill */
static inline int64_t table_find(const Table *T, uint64_t key, uint64_t *where) {
    uint64_t h = mix(key) & T->mask;
    while (T->slots[h].idx1) {
        if (T->slots[h].key == key) { *where = h; return T->slots[h].idx1 - 1; }
        h = (h + 1) & T->mask;
    }
    *where = h;
    return -1;
}

static int64_t table_add(Table *T, uint64_t key, uint64_t where, int g, int dead) {
    if (T->nn == T->ncap) {
        uint32_t c = T->ncap * 2;
        Node *n = realloc(T->nodes, sizeof(Node) * c);
        if (!n) return -1;
        T->nodes = n; T->ncap = c;
    }
    uint32_t i = T->nn++;
    T->nodes[i].key = key; T->nodes[i].g = (uint16_t)g;
    Slot *sl = &T->slots[where];
    sl->key = key; sl->idx1 = i + 1; sl->g = (uint16_t)g; sl->dead = (uint8_t)dead;
    if ((uint64_t)T->nn * 2 > T->mask) {
        if (!table_grow(T)) return -1;
    }
    return i;
}

/* the children's first hash slots, fetched together before they are looked up one by one */
static inline void prefetch_slots(const Table *T, const Child *kids, int nc) {
    for (int c = 0; c < nc; c++) __builtin_prefetch(&T->slots[mix(kids[c].child) & T->mask]);
}

/* ---- bucket queue ------------------------------------------------------- */

typedef struct { uint32_t *items; uint32_t n, cap; } Stack;
static int push(Stack *s, uint32_t v) {
    if (s->n == s->cap) {
        uint32_t c = s->cap ? s->cap * 2 : 64;
        uint32_t *p = realloc(s->items, sizeof(uint32_t) * c);
        if (!p) return 0;
        s->items = p; s->cap = c;
    }
    s->items[s->n++] = v;
    return 1;
}

/* ---- the search ----------------------------------------------------------- */

enum { S_WIN = 0, S_LOSS = 1, S_LIMIT = 2, S_NOMEM = 3 };

typedef struct {
    int status;
    uint32_t goal, best;      /* node of the win, node with the most pyramid cards removed */
    int best_removed;
} Result;

static inline int removed_of(uint64_t k) { return NPYR - popc(pyr_of(k)); }

/* ---- the upper bound on pyramid cards removable ------------------------------

   A relaxed game: the pyramid as it is, and the draw-pile cards that may still
   become available as a pool whose cards are all available at any time, in any
   order.  Every line of the real game is one of the relaxed game's (a pyramid
   card leaving with a draw-pile card takes that card from the pool; draw-pile
   cards leaving together only shrink the pool), so the most pyramid cards the
   relaxed game removes bounds the real game's.  The relaxed game is solved
   exactly, by a depth-first search memoised on (pyramid places, pool), shared by
   every position of one solve: the pyramid has only 1430 shapes and the pool only
   counts, so positions far apart in the real game meet the same entries. */

typedef struct { uint64_t *keys; uint8_t *vals; uint64_t mask, n; } Memo;   /* key 0: empty */

static int memo_init(Memo *M) {
    M->mask = (1u << 12) - 1; M->n = 0;
    M->keys = calloc(M->mask + 1, sizeof(uint64_t));
    M->vals = malloc(M->mask + 1);
    return M->keys && M->vals;
}
static void memo_free(Memo *M) { free(M->keys); free(M->vals); }

static inline uint64_t memo_slot(const Memo *M, uint64_t key) {
    uint64_t h = mix(key) & M->mask;
    while (M->keys[h] && M->keys[h] != key) h = (h + 1) & M->mask;
    return h;
}
/* a full table that cannot grow keeps what it has: the bound is only taken again */
static void memo_put(Memo *M, uint64_t key, int v) {
    if ((M->n + 1) * 2 > M->mask) {
        uint64_t m = M->mask * 2 + 1;
        uint64_t *ks = calloc(m + 1, sizeof(uint64_t));
        uint8_t *vs = malloc(m + 1);
        if (!ks || !vs) { free(ks); free(vs); return; }
        Memo N = {ks, vs, m, M->n};
        for (uint64_t i = 0; i <= M->mask; i++)
            if (M->keys[i]) { uint64_t h = memo_slot(&N, M->keys[i]); ks[h] = M->keys[i]; vs[h] = M->vals[i]; }
        memo_free(M); *M = N;
    }
    uint64_t h = memo_slot(M, key);
    if (!M->keys[h]) M->n++;
    M->keys[h] = key; M->vals[h] = (uint8_t)v;
}

/* The most pyramid cards among `pyr` the relaxed game removes with the pool
   (rank r's count in bits 4r..4r+3, as pyr_counts). */
static int relaxed(const Game *G, Memo *M, uint32_t pyr, uint64_t pool) {
    if (!pyr) return 0;
    /* the key: the places, and per rank (Kings aside) the pool's count, cut to the
       pyramid cards of the partner rank (no more of them can be used): 3 bits each */
    uint64_t pc = pyr_counts(G, pyr), key = pyr;
    for (int r = 1, b = 28; r < NRANK; r++) {
        if (G->alone[r] || !G->partner[r]) continue;
        int n = cnt_of(pool, r), m = cnt_of(pc, G->partner[r]);
        key |= (uint64_t)(n < m ? n : m) << b;
        b += 3;
    }
    uint64_t h = memo_slot(M, key);
    if (M->keys[h]) return M->vals[h];
    uint32_t ex = exposed(G, pyr), kings = ex & G->pyr_alone;
    int best = 0, all = popc(pyr);
    if (kings) best = popc(kings) + relaxed(G, M, pyr & ~kings, pool);   /* they go at once (see children()) */
    else {
        for (uint32_t e = ex; e && best < all; ) {
            int i = low_bit(e); e &= e - 1;
            int r = G->rank[i], s = G->partner[r];
            /* with an exposed pyramid partner, or its one remaining coverer (overlap_pairs) */
            uint32_t with = e & G->pyr_rank[s];
            if (G->overlap) {
                for (uint32_t u = pyr & ~ex & G->pyr_rank[s]; u; u &= u - 1) {
                    int j = low_bit(u);
                    if (G->cover[j] & pyr & (1u << i) && popc(G->cover[j] & pyr) == 1) with |= 1u << j;
                }
            }
            for (; with && best < all; with &= with - 1) {
                int v = 2 + relaxed(G, M, pyr & ~(1u << i) & ~(with & -with), pool);
                if (v > best) best = v;
            }
            if (cnt_of(pool, s) && best < all) {
                int v = 1 + relaxed(G, M, pyr & ~(1u << i), pool - (1ULL << (4 * s)));
                if (v > best) best = v;
            }
        }
    }
    memo_put(M, key, best);
    return best;
}

/* At most how many pyramid cards this position can end with removed: those
   gone, plus the relaxed game's over the draw-pile cards that may still become
   available. */
static int upper_bound(const Game *G, Memo *M, uint64_t k) {
    uint32_t reach;
    blocked_reach(G, k, &reach);
    return removed_of(k) + relaxed(G, M, pyr_of(k), stk_counts(G, reach));
}

/* The same cards and pointer with fewer recycles used, already met at no
   greater cost: everything this position can do, that one can too. */
static int dominated(const Game *G, const Table *T, uint64_t k, int g) {
    int p = pass_of(k);
    uint64_t where, base = k & ~(3ULL << 57);
    for (int q = 0; q < p; q++) {
        if (table_find(T, base | ((uint64_t)q << 57), &where) >= 0 && (G->greedy || T->slots[where].g <= g))
            return 1;
    }
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static Result search(const Game *G, Memo *M, uint64_t start, int want_best, uint32_t max_states, Table *T) {
    Result R = {S_LOSS, 0, 0, 0};
    Stack *open = calloc(MAXF, sizeof(Stack));
    Stack dead = {0}, dfs = {0}, dfsu = {0};
    Child kids[MAXCHILD];
    uint64_t where;
    if (!open) { R.status = S_NOMEM; return R; }
    int dead0 = upper_bound(G, M, start) < NPYR;
    table_find(T, start, &where);
    int64_t s0 = table_add(T, start, where, 0, dead0);
    if (s0 < 0) { R.status = S_NOMEM; goto done; }
    Node *n0 = &T->nodes[s0];
    n0->parent = UINT32_MAX; n0->move = 0; n0->closed = 0;
    R.best_removed = removed_of(start); R.best = 0;
    n0->h = (uint8_t)heuristic(G, start);
    if (dead0) { push(&dead, 0); }
    else push(&open[G->greedy ? 0 : n0->h], 0);
    int f = 0;
    for (;;) {
        while (f < MAXF && open[f].n == 0) f++;
        if (f >= MAXF) break;
        uint32_t idx = open[f].items[--open[f].n];
        Node *nd = &T->nodes[idx];
        if (nd->closed) continue;
        uint64_t k = nd->key;
        if (!G->greedy && nd->g + nd->h != f) continue;   /* stale: a shorter path came later */
        nd->closed = 1;
        if (is_goal(G, k)) { R.status = S_WIN; R.goal = idx; R.best = idx; R.best_removed = removed_of(k); goto done; }
        int nc = children(G, k, kids);
        int g1 = nd->g + 1, hmin = nd->h - 1;      /* (nd moves when the table grows) */
        prefetch_slots(T, kids, nc);
        for (int c = nc - 1; c >= 0; c--) {     /* pushed last-first: within an f, removals are taken before draws */
            uint64_t ck = kids[c].child;
            int64_t ci = table_find(T, ck, &where);
            if (ci >= 0) {
                /* a shorter way to a position met before: it is (re)opened, closed
                   or not, as the heuristic is not consistent */
                Slot *sl = &T->slots[where];
                if (G->greedy || sl->dead || sl->g <= g1) continue;
                Node *cn = &T->nodes[ci];
                sl->g = cn->g = (uint16_t)g1; cn->parent = idx; cn->move = kids[c].move; cn->closed = 0;
                if (cn->h < hmin) cn->h = (uint8_t)hmin;
                int hf = g1 + cn->h;
                if (hf >= MAXF || !push(&open[hf], (uint32_t)ci)) { R.status = S_NOMEM; goto done; }
                continue;
            }
            if (dominated(G, T, ck, g1)) continue;
            if (T->nn >= max_states) { R.status = S_LIMIT; goto done; }
            int rm = removed_of(ck), cub = upper_bound(G, M, ck);
            ci = table_add(T, ck, where, g1, cub < NPYR);
            if (ci < 0) { R.status = S_NOMEM; goto done; }
            Node *cn = &T->nodes[ci];
            cn->parent = idx; cn->move = kids[c].move; cn->closed = 0;
            if (rm > R.best_removed) { R.best_removed = rm; R.best = (uint32_t)ci; }
            if (cub < NPYR) {
                if (want_best && cub > R.best_removed && !push(&dead, (uint32_t)ci)) { R.status = S_NOMEM; goto done; }
                continue;
            }
            if (is_goal(G, ck)) { R.status = S_WIN; R.goal = (uint32_t)ci; R.best = (uint32_t)ci; R.best_removed = removed_of(ck); goto done; }
            int ch = heuristic(G, ck);
            cn->h = (uint8_t)(ch < hmin ? hmin : ch);    /* pathmax: f never falls along a line */
            int hf = G->greedy ? cn->h : g1 + cn->h;
            if (hf >= MAXF || !push(&open[hf], (uint32_t)ci)) { R.status = S_NOMEM; goto done; }
            if (hf < f) f = hf;       /* greedy order only: A*'s f never falls */
        }
    }
    /* No win.  The most pyramid cards removable: explore the dead positions that
       might still beat the best seen (everything alive has been seen). */
    if (!want_best) goto done;
    /* The roots with the highest upper bound first: the best found rises early
       and prunes the rest; once a root's bound (taken when sorting) cannot beat
       the best, neither can any later root's. */
    if (dead.n) {
        uint64_t *order = malloc(sizeof(uint64_t) * dead.n);
        if (!order) { R.status = S_NOMEM; goto done; }
        for (uint32_t d = 0; d < dead.n; d++)
            order[d] = ((uint64_t)(63 - upper_bound(G, M, T->nodes[dead.items[d]].key)) << 32) | dead.items[d];
        qsort(order, dead.n, sizeof(uint64_t), cmp_u64);
        for (uint32_t d = 0; d < dead.n; d++) dead.items[d] = (uint32_t)order[d];
        free(order);
    }
    for (uint32_t d = 0; d < dead.n; d++) {
        uint32_t root = dead.items[d];
        int rub = upper_bound(G, M, T->nodes[root].key);
        if (rub <= R.best_removed) continue;
        dfs.n = 0; dfsu.n = 0;
        if (!push(&dfs, root) || !push(&dfsu, (uint32_t)rub)) { R.status = S_NOMEM; goto done; }
        while (dfs.n) {
            uint32_t idx = dfs.items[--dfs.n];
            int kub = (int)dfsu.items[--dfsu.n];    /* the bound, taken when pushed */
            uint64_t k = T->nodes[idx].key;
            if (kub <= R.best_removed) continue;
            int nc = children(G, k, kids);
            prefetch_slots(T, kids, nc);
            for (int c = nc - 1; c >= 0; c--) {   /* pushed last-first: the first generated (Kings, pairs) is explored first */
                uint64_t ck = kids[c].child;
                if (table_find(T, ck, &where) >= 0) continue;
                /* the same cards with fewer recycles used, already met: whatever this
                   one removes, that one can (its line is, or will be, explored when its
                   bound beats the best, and its bound is no smaller) */
                if (dominated(G, T, ck, 0xFFFF)) continue;
                /* a child that can neither beat the best by itself nor lead to more is not
                   kept: its bound says it cannot matter (met again, it is judged again) */
                int rm = removed_of(ck), cub = upper_bound(G, M, ck);
                if (rm <= R.best_removed && cub <= R.best_removed) continue;
                if (T->nn >= max_states) { R.status = S_LIMIT; goto done; }
                int64_t ci = table_add(T, ck, where, T->nodes[idx].g + 1, 1);
                if (ci < 0) { R.status = S_NOMEM; goto done; }
                Node *cn = &T->nodes[ci];
                cn->parent = idx; cn->move = kids[c].move; cn->closed = 1; cn->h = 0;
                if (rm > R.best_removed) { R.best_removed = rm; R.best = (uint32_t)ci; }
                if (cub > R.best_removed && (!push(&dfs, (uint32_t)ci) || !push(&dfsu, (uint32_t)cub))) { R.status = S_NOMEM; goto done; }
            }
        }
    }
done:
    for (int i = 0; i < MAXF; i++) free(open[i].items);
    free(open); free(dead.items); free(dfs.items); free(dfsu.items);
    return R;
}

/* ---- Python glue ------------------------------------------------------------ */

static int get_bytes(PyObject *o, Py_ssize_t n, const uint8_t **buf, const char *what) {
    if (!PyBytes_Check(o) || (n >= 0 && PyBytes_GET_SIZE(o) != n)) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", what, n);
        return 0;
    }
    *buf = (const uint8_t *)PyBytes_AS_STRING(o);
    return 1;
}

/* tables: (cover, compat, cone: 28 little-endian uint32 each; pairs 14x14 bytes;
   alone 14 bytes; switches (draw3, stock_top, passes, all52, end_at_empty,
   waste_pairs, overlap)); ranks: 28 + n bytes */
static int load_game(Game *G, PyObject *tables, PyObject *ranks) {
    PyObject *cover, *compat, *cone, *pairs, *alone;
    memset(G, 0, sizeof(*G));
    if (!PyArg_ParseTuple(tables, "OOOOO(iiiiiii)", &cover, &compat, &cone, &pairs, &alone,
                          &G->draw3, &G->stock_top, &G->passes, &G->all52, &G->end_at_empty,
                          &G->waste_pairs, &G->overlap))
        return 0;
    const uint8_t *b;
    if (!get_bytes(cover, 4 * NPYR, &b, "cover")) return 0;
    memcpy(G->cover, b, sizeof(G->cover));
    if (!get_bytes(compat, 4 * NPYR, &b, "compat")) return 0;
    memcpy(G->compat, b, sizeof(G->compat));
    if (!get_bytes(cone, 4 * NPYR, &b, "cone")) return 0;
    memcpy(G->cone, b, sizeof(G->cone));
    if (!get_bytes(pairs, NRANK * NRANK, &b, "pairs")) return 0;
    memcpy(G->pairs, b, sizeof(G->pairs));
    if (!get_bytes(alone, NRANK, &b, "alone")) return 0;
    memcpy(G->alone, b, sizeof(G->alone));
    if (!PyBytes_Check(ranks)) { PyErr_SetString(PyExc_ValueError, "ranks: bytes"); return 0; }
    Py_ssize_t len = PyBytes_GET_SIZE(ranks);
    if (len < NPYR || len > NPYR + NSTOCK) { PyErr_SetString(PyExc_ValueError, "ranks: 28..52 bytes"); return 0; }
    memcpy(G->rank, PyBytes_AS_STRING(ranks), len);
    G->n = (int)(len - NPYR);
    for (int i = 0; i < len; i++)
        if (G->rank[i] < 1 || G->rank[i] >= NRANK) { PyErr_SetString(PyExc_ValueError, "ranks: 1..13"); return 0; }
    for (int r = 1; r < NRANK; r++) {
        for (int i = 0; i < NPYR; i++) if (G->pairs[r][G->rank[i]]) G->pyr_partner[r] |= 1u << i;
        for (int s = 0; s < G->n; s++) if (G->pairs[r][G->rank[NPYR + s]]) G->stk_partner[r] |= 1u << s;
        for (int i = 0; i < NPYR; i++) if (G->rank[i] == r) G->pyr_rank[r] |= 1u << i;
        for (int s = 0; s < G->n; s++) if (G->rank[NPYR + s] == r) G->stk_rank[r] |= 1u << s;
    }
    for (int r = 1; r < NRANK; r++)
        for (int s = 1; s < NRANK; s++)
            if (G->pairs[r][s]) G->partner[r] = (uint8_t)s;
    for (int r = 1; r < NRANK; r++)
        if (G->alone[r]) G->pyr_alone |= G->pyr_rank[r];
    for (int c = 0; c < 4; c++)
        for (int v = 0; v < 128; v++) {
            uint64_t t = 0;
            for (int b = 0; b < 7; b++) if (v >> b & 1) t += 1ULL << (4 * G->rank[7 * c + b]);
            G->pyr_cnt[c][v] = t;
        }
    for (int c = 0; c < 4; c++)
        for (int v = 0; v < 128; v++)
            for (int i = 0; i < NPYR; i++)
                if (G->cover[i] & ((uint32_t)v << (7 * c))) G->covered[c][v] |= 1u << i;
    for (int c = 0; c < 3; c++)
        for (int v = 0; v < 256; v++) {
            uint64_t t = 0;
            for (int b = 0; b < 8; b++) if ((v >> b & 1) && 8 * c + b < G->n) t += 1ULL << (4 * G->rank[NPYR + 8 * c + b]);
            G->stk_cnt[c][v] = t;
        }
    return 1;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *tables, *ranks;
    unsigned long long start;
    int want_best;
    unsigned int max_states;
    int shortest = 1;
    if (!PyArg_ParseTuple(args, "OOKpI|p", &tables, &ranks, &start, &want_best, &max_states, &shortest)) return NULL;
    Game G;
    if (!load_game(&G, tables, ranks)) return NULL;
    G.greedy = !shortest;
    Table T;
    Memo M;
    if (!table_init(&T) || !memo_init(&M)) { table_free(&T); memo_free(&M); return PyErr_NoMemory(); }
    Result R;
    Py_BEGIN_ALLOW_THREADS
    R = search(&G, &M, (uint64_t)start, want_best, max_states, &T);
    Py_END_ALLOW_THREADS
    memo_free(&M);
    if (R.status == S_NOMEM) { table_free(&T); return PyErr_NoMemory(); }
    PyObject *path = PyList_New(0);
    if (R.status != S_LIMIT) {
        for (uint32_t i = R.best; T.nodes[i].parent != UINT32_MAX; i = T.nodes[i].parent) {
            Node *nd = &T.nodes[i];
            PyObject *step = Py_BuildValue("(IK)", nd->move, (unsigned long long)T.nodes[nd->parent].key);
            if (!step || PyList_Append(path, step) < 0) { Py_XDECREF(step); Py_DECREF(path); table_free(&T); return NULL; }
            Py_DECREF(step);
        }
        if (PyList_Reverse(path) < 0) { Py_DECREF(path); table_free(&T); return NULL; }
    }
    PyObject *res = Py_BuildValue("(iNiI)", R.status, path, R.best_removed, T.nn);
    table_free(&T);
    return res;
}

static PyObject *py_children(PyObject *self, PyObject *args) {
    PyObject *tables, *ranks;
    unsigned long long key;
    int every = 1;
    if (!PyArg_ParseTuple(args, "OOK|p", &tables, &ranks, &key, &every)) return NULL;
    Game G;
    if (!load_game(&G, tables, ranks)) return NULL;
    G.every_move = every;
    Child kids[MAXCHILD];
    int nc = children(&G, key, kids);
    PyObject *out = PyList_New(nc);
    for (int c = 0; c < nc; c++)
        PyList_SET_ITEM(out, c, Py_BuildValue("(IK)", kids[c].move, (unsigned long long)kids[c].child));
    return out;
}

static PyObject *py_bounds(PyObject *self, PyObject *args) {
    PyObject *tables, *ranks;
    unsigned long long key;
    if (!PyArg_ParseTuple(args, "OOK", &tables, &ranks, &key)) return NULL;
    Game G;
    if (!load_game(&G, tables, ranks)) return NULL;
    Memo M;
    if (!memo_init(&M)) { memo_free(&M); return PyErr_NoMemory(); }
    int ub = upper_bound(&G, &M, key);
    memo_free(&M);
    return Py_BuildValue("(iIi)", heuristic(&G, key), blocked(&G, key), ub);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS,
     "solve(tables, ranks, start_key, want_best, max_states, shortest=True) -> "
     "(status 0 win/1 loss/2 limit, [(move, key_before)...], best_removed, states)"},
    {"children", py_children, METH_VARARGS, "children(tables, ranks, key, every_move=True) -> [(move, child_key)...]"},
    {"bounds", py_bounds, METH_VARARGS, "bounds(tables, ranks, key) -> (heuristic, blocked mask, upper bound on pyramid cards removed)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_pyramidcore",
    "C core of assistant.pyramid.solver: A* over Pyramid Solitaire positions.", -1, methods};

PyMODINIT_FUNC PyInit__pyramidcore(void) { return PyModule_Create(&moduledef); }
