/*
 * Exact expectimax for one deal of Bowling Solitaire: the solver's inner loop.
 *
 * This file knows no rule of the game.  Python (assistant/solver.py) hands it,
 * computed from assistant/rules.py:
 *   - for each of the 64 takeable groups its pin mask (layout.GROUPS);
 *   - for each standing mask (1024) the set of groups the position rules allow
 *     (rules.may_take: first-play restriction, adjacency to an emptied spot);
 *   - for this deal, each group's value digit (rules.group_sum_digit), or 255
 *     when the group is not among the deal's pins;
 *   - the utility weights m1, m2, s, p and whether the deal has one ball.
 * A play of ball card t on group g is legal iff g is position-legal for the
 * standing pins and digit[g] == t.  The rest is the card flow every frame has:
 * turn up the next card after a play, discard and turn up between the balls.
 *
 * State of a decision node: standing pins, ball, the three piles (face-up
 * value or empty, face-down count) and the multiset of unseen values.  Every
 * arrangement of the unseen cards is equally likely, so each turned-up card is
 * uniform over the unseen multiset.  Piles differ only by contents, so the key
 * sorts them; the unseen multiset is 10 base-3 digits.  Values are memoised in
 * an open-addressing hash table; each entry also keeps four expectations under
 * the chosen policy (pins in ball 1, pins in ball 2, P(strike), P(spare)).
 *
 * Perfect-information mode: the face-down cards of every pile are known, so a
 * turned-up card is certain and piles are no longer interchangeable.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#define NGROUPS 64
#define NMASKS 1024
#define FULLMASK 1023
#define EMPTY 10
#define NSTAT 5          /* value, pins ball 1, pins ball 2, P(strike), P(spare) */
#define TIE_EPS 1e-12

typedef struct {
    uint64_t key;        /* 0 = free slot */
    double v[NSTAT];
} Entry;

typedef struct {
    PyObject_HEAD
    uint64_t poslegal[NMASKS];
    uint16_t gmask[NGROUPS];
    uint8_t gcount[NGROUPS];
    uint64_t digitmask[10];
    double m1, m2, s, p;
    int one_ball;
    int perfect;
    uint8_t hidden[3][8];     /* perfect mode: face-down values, top first */
    uint8_t hidden_len[3];
    Entry *table;
    uint64_t cap, used;
    int failed;               /* out of memory during a solve */
} Solver;

typedef struct {
    uint16_t standing;
    uint8_t ball;
    uint8_t top[3], down[3];
    uint8_t cnt[10];
    uint8_t n;               /* unseen cards = sum of down */
    uint32_t ucode;          /* sum cnt[v] * 3^v */
} St;

static const uint32_t POW3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

/* ---- memo ---------------------------------------------------------------- */

static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static int table_init(Solver *S, uint64_t cap) {
    S->table = (Entry *)calloc(cap, sizeof(Entry));
    if (!S->table) return -1;
    S->cap = cap;
    S->used = 0;
    return 0;
}

static int table_grow(Solver *S) {
    uint64_t ncap = S->cap * 2;
    Entry *nt = (Entry *)calloc(ncap, sizeof(Entry));
    if (!nt) return -1;
    for (uint64_t i = 0; i < S->cap; i++) {
        Entry *e = &S->table[i];
        if (!e->key) continue;
        uint64_t h = mix64(e->key) & (ncap - 1);
        while (nt[h].key) h = (h + 1) & (ncap - 1);
        nt[h] = *e;
    }
    free(S->table);
    S->table = nt;
    S->cap = ncap;
    return 0;
}

static inline Entry *table_find(Solver *S, uint64_t key) {
    uint64_t h = mix64(key) & (S->cap - 1);
    for (;;) {
        Entry *e = &S->table[h];
        if (e->key == key) return e;
        if (!e->key) return NULL;
        h = (h + 1) & (S->cap - 1);
    }
}

static void table_store(Solver *S, uint64_t key, const double *v) {
    if ((S->used + 1) * 2 > S->cap) {
        if (table_grow(S) < 0) { S->failed = 1; return; }
    }
    uint64_t h = mix64(key) & (S->cap - 1);
    while (S->table[h].key && S->table[h].key != key) h = (h + 1) & (S->cap - 1);
    if (!S->table[h].key) S->used++;
    S->table[h].key = key;
    memcpy(S->table[h].v, v, sizeof(double) * NSTAT);
}

static inline uint64_t state_key(const Solver *S, const St *st) {
    uint32_t c[3];
    for (int i = 0; i < 3; i++) c[i] = (uint32_t)st->top[i] * 5u + st->down[i];
    if (!S->perfect) {
        /* piles are interchangeable apart from their contents: sort them */
        uint32_t t;
        if (c[0] > c[1]) { t = c[0]; c[0] = c[1]; c[1] = t; }
        if (c[1] > c[2]) { t = c[1]; c[1] = c[2]; c[2] = t; }
        if (c[0] > c[1]) { t = c[0]; c[0] = c[1]; c[1] = t; }
    }
    uint64_t k = (uint64_t)st->standing
               | (uint64_t)(st->ball - 1) << 10
               | (uint64_t)c[0] << 11 | (uint64_t)c[1] << 17 | (uint64_t)c[2] << 23;
    if (!S->perfect) k |= (uint64_t)st->ucode << 29;
    return k | (1ULL << 63);
}

/* ---- expectimax ------------------------------------------------------------ */

static void decide(Solver *S, const St *st, double *out);

static inline void acc(double *out, const double *v, double w) {
    for (int j = 0; j < NSTAT; j++) out[j] += w * v[j];
}

/* Turn up the next card of pile i in `c` (already changed by the play) and add
 * the expected value of the result, times `w`, to out. */
static void turn_up(Solver *S, St *c, int i, double w, double *out) {
    double tmp[NSTAT];
    uint8_t d = c->down[i];
    if (d == 0) {
        c->top[i] = EMPTY;
        decide(S, c, tmp);
        acc(out, tmp, w);
        return;
    }
    c->down[i] = d - 1;
    if (S->perfect) {
        c->top[i] = S->hidden[i][S->hidden_len[i] - d];
        decide(S, c, tmp);
        acc(out, tmp, w);
    } else {
        double n = c->n;
        c->n--;
        for (int v = 0; v < 10; v++) {
            if (!c->cnt[v]) continue;
            double pr = c->cnt[v] / n;
            c->top[i] = (uint8_t)v;
            c->cnt[v]--;
            c->ucode -= POW3[v];
            decide(S, c, tmp);
            acc(out, tmp, w * pr);
            c->cnt[v]++;
            c->ucode += POW3[v];
        }
        c->n++;
    }
    c->down[i] = d;
}

/* Value of playing pile i's card on group g. */
static void play_value(Solver *S, const St *st, int i, int g, double *out) {
    int k = S->gcount[g];
    uint16_t ns = st->standing & ~S->gmask[g];
    memset(out, 0, sizeof(double) * NSTAT);
    if (st->ball == 1) { out[0] = S->m1 * k; out[1] = k; }
    else { out[0] = S->m2 * k; out[2] = k; }
    if (ns == 0) {
        if (st->ball == 1) { out[0] += S->s; out[3] = 1.0; }
        else { out[0] += S->p; out[4] = 1.0; }
        return;
    }
    St c = *st;
    c.standing = ns;
    double rest[NSTAT] = {0};
    turn_up(S, &c, i, 1.0, rest);
    acc(out, rest, 1.0);
}

/* Between the balls: turn up the next card of piles j >= i that need one. */
static void deal_second_ball(Solver *S, St *c, int i, double w, double *out) {
    while (i < 3 && c->down[i] == 0) i++;
    if (i == 3) {
        double tmp[NSTAT];
        decide(S, c, tmp);
        acc(out, tmp, w);
        return;
    }
    uint8_t d = c->down[i];
    c->down[i] = d - 1;
    if (S->perfect) {
        c->top[i] = S->hidden[i][S->hidden_len[i] - d];
        deal_second_ball(S, c, i + 1, w, out);
    } else {
        double n = c->n;
        c->n--;
        for (int v = 0; v < 10; v++) {
            if (!c->cnt[v]) continue;
            double pr = c->cnt[v] / n;
            c->top[i] = (uint8_t)v;
            c->cnt[v]--;
            c->ucode -= POW3[v];
            deal_second_ball(S, c, i + 1, w * pr, out);
            c->cnt[v]++;
            c->ucode += POW3[v];
        }
        c->n++;
    }
    c->down[i] = d;
}

static void end_ball_value(Solver *S, const St *st, double *out) {
    memset(out, 0, sizeof(double) * NSTAT);
    if (st->ball == 2 || S->one_ball) return;
    St c = *st;
    c.ball = 2;
    for (int i = 0; i < 3; i++)
        if (c.down[i] == 0) c.top[i] = EMPTY;   /* top discarded, nothing below */
    deal_second_ball(S, &c, 0, 1.0, out);
}

static void decide(Solver *S, const St *st, double *out) {
    uint64_t key = state_key(S, st);
    Entry *e = table_find(S, key);
    if (e) { memcpy(out, e->v, sizeof(double) * NSTAT); return; }
    double best[NSTAT], tmp[NSTAT];
    int have = 0;
    uint64_t pl = S->poslegal[st->standing];
    for (int i = 0; i < 3; i++) {
        uint8_t t = st->top[i];
        if (t == EMPTY) continue;
        if (!S->perfect) {   /* an identical earlier pile gives the same plays */
            int dup = 0;
            for (int j = 0; j < i; j++)
                if (st->top[j] == t && st->down[j] == st->down[i]) dup = 1;
            if (dup) continue;
        }
        uint64_t legal = pl & S->digitmask[t];
        while (legal) {
            int g = __builtin_ctzll(legal);
            legal &= legal - 1;
            play_value(S, st, i, g, tmp);
            if (!have || tmp[0] > best[0] + TIE_EPS) {
                memcpy(best, tmp, sizeof best);
                have = 1;
            }
        }
    }
    end_ball_value(S, st, tmp);
    if (!have || tmp[0] > best[0] + TIE_EPS) memcpy(best, tmp, sizeof best);
    table_store(S, key, best);
    memcpy(out, best, sizeof best);
}

/* ---- Python interface ------------------------------------------------------ */

static int get_bytes(PyObject *o, Py_ssize_t n, const char *what, const uint8_t **buf) {
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) != n) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd bytes", what, n);
        return -1;
    }
    *buf = (const uint8_t *)PyBytes_AS_STRING(o);
    return 0;
}

static int Solver_init(Solver *S, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"poslegal", "groups", "digits", "weights", "one_ball",
                             "hidden", NULL};
    PyObject *poslegal, *groups, *digits, *hidden = Py_None;
    double m1, m2, s, p;
    int one_ball;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO(dddd)p|O", kwlist, &poslegal, &groups,
                                     &digits, &m1, &m2, &s, &p, &one_ball, &hidden))
        return -1;
    const uint8_t *pb, *gb, *db;
    if (get_bytes(poslegal, NMASKS * 8, "poslegal", &pb) < 0) return -1;
    if (get_bytes(groups, NGROUPS * 2, "groups", &gb) < 0) return -1;
    if (get_bytes(digits, NGROUPS, "digits", &db) < 0) return -1;
    memcpy(S->poslegal, pb, sizeof S->poslegal);   /* little-endian uint64 */
    memset(S->digitmask, 0, sizeof S->digitmask);
    for (int g = 0; g < NGROUPS; g++) {
        S->gmask[g] = (uint16_t)(gb[2 * g] | gb[2 * g + 1] << 8);
        if (!S->gmask[g] || S->gmask[g] > FULLMASK) {
            PyErr_SetString(PyExc_ValueError, "bad group mask");
            return -1;
        }
        S->gcount[g] = (uint8_t)__builtin_popcount(S->gmask[g]);
        if (db[g] < 10) S->digitmask[db[g]] |= 1ULL << g;
        else if (db[g] != 255) {
            PyErr_SetString(PyExc_ValueError, "a group digit must be 0..9 or 255");
            return -1;
        }
    }
    S->m1 = m1; S->m2 = m2; S->s = s; S->p = p;
    S->one_ball = one_ball;
    S->perfect = 0;
    memset(S->hidden, 0, sizeof S->hidden);
    memset(S->hidden_len, 0, sizeof S->hidden_len);
    if (hidden != Py_None) {
        S->perfect = 1;
        if (!PyTuple_Check(hidden) || PyTuple_GET_SIZE(hidden) != 3) {
            PyErr_SetString(PyExc_ValueError, "hidden must be a tuple of three tuples");
            return -1;
        }
        for (int i = 0; i < 3; i++) {
            PyObject *h = PyTuple_GET_ITEM(hidden, i);
            if (!PyTuple_Check(h) || PyTuple_GET_SIZE(h) > 4) {
                PyErr_SetString(PyExc_ValueError, "each pile hides a tuple of at most 4 cards");
                return -1;
            }
            S->hidden_len[i] = (uint8_t)PyTuple_GET_SIZE(h);
            for (int j = 0; j < S->hidden_len[i]; j++) {
                long v = PyLong_AsLong(PyTuple_GET_ITEM(h, j));
                if (v < 0 || v > 9) {
                    if (!PyErr_Occurred())
                        PyErr_SetString(PyExc_ValueError, "hidden card values are 0..9");
                    return -1;
                }
                S->hidden[i][j] = (uint8_t)v;
            }
        }
    }
    free(S->table);
    S->table = NULL;
    if (table_init(S, 1 << 12) < 0) { PyErr_NoMemory(); return -1; }
    S->failed = 0;
    return 0;
}

static void Solver_dealloc(Solver *S) {
    free(S->table);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

static PyObject *stats_tuple(int pile, int group, const double *v) {
    return Py_BuildValue("(iiddddd)", pile, group, v[0], v[1], v[2], v[3], v[4]);
}

/* actions(standing, ball, tops, downs, counts) -> [(pile, group, value, e1, e2, pX, p/)]
 * pile 1..3 with its group index for a play, (0, -1) for ending the ball.
 * Plays come by pile, then group index; ending the ball last. */
static PyObject *Solver_actions(Solver *S, PyObject *args) {
    int standing, ball;
    int tops[3], downs[3], cnt[10];
    if (!PyArg_ParseTuple(args, "ii(iii)(iii)(iiiiiiiiii)", &standing, &ball,
                          &tops[0], &tops[1], &tops[2], &downs[0], &downs[1], &downs[2],
                          &cnt[0], &cnt[1], &cnt[2], &cnt[3], &cnt[4], &cnt[5], &cnt[6],
                          &cnt[7], &cnt[8], &cnt[9]))
        return NULL;
    if (standing <= 0 || standing > FULLMASK || (ball != 1 && ball != 2)) {
        PyErr_SetString(PyExc_ValueError, "standing must be a non-empty pin mask, ball 1 or 2");
        return NULL;
    }
    St st;
    memset(&st, 0, sizeof st);
    st.standing = (uint16_t)standing;
    st.ball = (uint8_t)ball;
    int n = 0;
    for (int i = 0; i < 3; i++) {
        if (tops[i] < 0 || tops[i] > EMPTY || downs[i] < 0 || downs[i] > 4 ||
            (tops[i] == EMPTY && downs[i])) {
            PyErr_SetString(PyExc_ValueError, "bad pile");
            return NULL;
        }
        if (S->perfect && downs[i] > S->hidden_len[i]) {
            PyErr_SetString(PyExc_ValueError, "more face-down cards than the solver knows");
            return NULL;
        }
        st.top[i] = (uint8_t)tops[i];
        st.down[i] = (uint8_t)downs[i];
        n += downs[i];
    }
    int total = 0;
    for (int v = 0; v < 10; v++) {
        if (cnt[v] < 0 || cnt[v] > 2) {
            PyErr_SetString(PyExc_ValueError, "unseen counts are 0..2");
            return NULL;
        }
        st.cnt[v] = (uint8_t)cnt[v];
        st.ucode += POW3[v] * (uint32_t)cnt[v];
        total += cnt[v];
    }
    if (!S->perfect && total != n) {
        PyErr_SetString(PyExc_ValueError, "unseen cards must fill the face-down slots");
        return NULL;
    }
    st.n = (uint8_t)n;
    S->failed = 0;
    PyObject *res = PyList_New(0);
    if (!res) return NULL;
    double v[NSTAT];
    uint64_t pl = S->poslegal[st.standing];
    for (int i = 0; i < 3; i++) {
        if (st.top[i] == EMPTY) continue;
        uint64_t legal = pl & S->digitmask[st.top[i]];
        while (legal) {
            int g = __builtin_ctzll(legal);
            legal &= legal - 1;
            play_value(S, &st, i, g, v);
            PyObject *t = stats_tuple(i + 1, g, v);
            if (!t || PyList_Append(res, t) < 0) { Py_XDECREF(t); Py_DECREF(res); return NULL; }
            Py_DECREF(t);
        }
    }
    end_ball_value(S, &st, v);
    PyObject *t = stats_tuple(0, -1, v);
    if (!t || PyList_Append(res, t) < 0) { Py_XDECREF(t); Py_DECREF(res); return NULL; }
    Py_DECREF(t);
    if (S->failed) { Py_DECREF(res); return PyErr_NoMemory(); }
    return res;
}

static PyObject *Solver_size(Solver *S, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromUnsignedLongLong(S->used);
}

static PyObject *Solver_clear(Solver *S, PyObject *Py_UNUSED(ignored)) {
    memset(S->table, 0, S->cap * sizeof(Entry));
    S->used = 0;
    Py_RETURN_NONE;
}

static PyMethodDef Solver_methods[] = {
    {"actions", (PyCFunction)Solver_actions, METH_VARARGS,
     "actions(standing, ball, tops, downs, unseen_counts) -> list of "
     "(pile, group, value, pins_ball1, pins_ball2, p_strike, p_spare)"},
    {"size", (PyCFunction)Solver_size, METH_NOARGS, "number of memoised states"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "forget every memoised state"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "assistant._solvercore.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Expectimax over one deal; tables come from assistant.rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_solvercore",
    "C core of assistant.solver: exact expectimax over one deal.", -1, NULL};

PyMODINIT_FUNC PyInit__solvercore(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
