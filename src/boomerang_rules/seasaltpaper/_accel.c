/* The decision-level hot path of Sea Salt & Paper, compiled: apply, legal_actions, step, to_act
 * and is_over for the common decisions of the base game.
 *
 * The same functions as the plain ones (hot_path.apply_plain and the like, the reference), for
 * the common case only: a state the engine made, an int seat whose turn it is, and, for apply,
 * an action that is a str: drawing (``draw``), taking a pile's top card (``take:ID``), keeping
 * one of two cards drawn (``keep:ID:PILE``), duos, a crab's and a steal's choices, LAST CHANCE,
 * STOP and ending a turn (``end``), and the round's end they make (scores, its RoundResult, the
 * next round's shuffle and deal, or the game's end); legal_actions in those phases. Everything
 * else -- a refusal, an action id, the mermaids, a round's end whose next deck is given (a
 * record's) or that has no generator, Extra Salt's rules (whose tables have no ``compiled`` tuple), a state or tables
 * the engine did not make (a subclass, a value of another type, a card out of range, an unsorted
 * hand), keywords or the wrong number of arguments -- is handed to the plain code, so every
 * message and every rule past these steps is the plain reading's own. Tests compare the two on
 * every shipped ruleset (tests/test_ssp_accel.py).
 *
 * Memory: the C reads only exact types it has checked (int, str, tuple). A state is a tuple its
 * caller holds, so its items (tuples, ints, strs: immutable) stay alive for the call. A ruleset's
 * ``Tables.compiled`` tuple (nested tuples of ints and strs) is parsed once into a Compiled
 * entry that holds a strong reference to it for the life of the process and is never evicted or
 * changed: the action strings the entry points to live as long as that tuple does, and the legal
 * action tuples of the draw and keep phases it keeps (made on first need: they depend on the piles'
 * tops, the deck's emptiness and the cards drawn alone) are its own for good, as are the log entries
 * ``(seat, action, -1)`` it makes, one a seat and action (a dict by seat, its keys exact strs: one
 * entry shared by every state that logs it spares an allocation a decision, and a record's writing
 * finds it by identity; bounded by the ruleset's actions). A Tables slot
 * rebound from Python (object.__setattr__) holds another object, found by identity, so it is
 * parsed afresh or served plainly. No Python code runs between a read and its use: a decision's
 * fast path calls no Python function, compares exact strs only, and allocates only after it has read.
 * A round's end (finish_fast: the scores, the RoundResult, the next round's shuffle and deal) calls
 * three Python callables (RoundResult, engine._target, engine._winners): across them it reads only
 * the state it owns (a tuple: its items are immutable and live as long as it does), the Compiled
 * entry (never freed) and what it made itself, and it checks that accelerate() was not called again
 * meanwhile (``generation``) before it reads the set-up again.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/_portable.h"
#include <structmember.h>
#include <stdint.h>
#include <string.h>
#include <limits.h>

#define MAX_CARDS 64
#define MAX_KINDS 64
#define MAX_COLOURS 64
#define MAX_RULES 64     /* duos, collectors, multipliers each */
#define MAX_TABLE 64     /* points by count of a collector */
#define MAX_ENTRIES 64   /* rulesets parsed (more are served by the plain code) */
#define MAX_SEATS 8
#define MAX_LEGAL (MAX_CARDS * MAX_CARDS / 2 + 8)

typedef struct {
    PyObject *source; /* the Tables.compiled tuple: a strong reference, never released */
    int cards, kinds, colours, duos, collectors, multipliers, mermaid, deck_ends_last_chance;
    long long win_with, min_points;
    int kind[MAX_CARDS], colour[MAX_CARDS];
    int duo_a[MAX_RULES], duo_b[MAX_RULES], duo_effect[MAX_RULES]; /* EFFECT_* */
    long long duo_points[MAX_RULES];
    int collector_kind[MAX_RULES], collector_len[MAX_RULES];
    long long collector_points[MAX_RULES][MAX_TABLE];
    int multiplier_kind[MAX_RULES], multiplier_target[MAX_RULES];
    long long multiplier_points[MAX_RULES];
    uint64_t partners[MAX_CARDS]; /* the cards b > a that make a duo with a */
    uint64_t mermaid_cards;
    PyObject *take[MAX_CARDS], *keep[MAX_CARDS][2], *duo[MAX_CARDS][MAX_CARDS], *pile[2], *pick[MAX_CARDS];
    /* the action strings, borrowed from source */
    PyObject *logged[MAX_SEATS]; /* per seat, a dict: action (an exact str) -> the log entry (seat, action, -1),
        made on first need and kept (owned) for the life of the entry; NULL until then */
} Compiled;

typedef struct {
    PyTypeObject *state_type, *tables_type, *chance_type;
    Py_ssize_t chance_offsets[16], chance_rng, chance_steals, chance_steals_used, chance;
    int chance_slots;
    PyObject *apply_plain, *legal_plain, *step_plain, *to_act_plain, *is_over_plain, *shuffled_plain,
        *round_points_plain, *entries_plain, *finish_round, *round_result, *winners_plain, *target_plain;
    Py_ssize_t compiled_offset, size, chance_decks;
    Py_ssize_t tables, players, turn, phase, deck, piles, hands, played, drawn, crab_pile, caller, final, protected,
        turn_no, last_turns, log, round, first, totals, history, deck0, winners;
    int ready;
} Engine;

static Engine E;
static unsigned long generation; /* how many times accelerate() set E up: a round's end, which runs Python
                                    code, checks it did not change under it */
static Compiled *entries[MAX_ENTRIES];
static int n_entries;
static PyObject *s_steal_seat[MAX_SEATS]; /* "steal:0"... */
static PyObject *seat_tuple[MAX_SEATS]; /* (0,), (1,)...: to_act's answers */
static PyObject *end_only; /* ("end",): the play phase's legal actions when nothing else is */
static PyObject *mermaids_only; /* ("mermaids",): the play phase's legal actions when all the mermaids are held */
static PyObject *s_draw, *s_keep, *s_play, *s_over, *s_end, *s_mermaids, *s_last_chance, *s_stop, *s_crab_pile,
    *s_crab_card, *s_steal, *s_empty_deck, *s_take_from_discard, *s_extra_turn, *minus_one;

/* A duo's effect as engine._play_duo reads it (anything else: none, the pair is played all the same). */
enum { EFFECT_NONE, EFFECT_CRAB, EFFECT_DRAW, EFFECT_STEAL, EFFECT_EXTRA_TURN };

/* CPython's cached small ints (-5 to 256: every card, seat, pile and count the engine stores) are
 * one static array of exact ints that lives as long as the process: ``small_int_base`` is the
 * address of -5's when PyInit checked that PyLong_FromLong(k) is the array's (k + 5)th item, an
 * exact int equal to k, for every k there (else 0: the general reading serves every int). An object
 * at an item's address is that item, so its value is read off its place, with no call; a third of
 * a decision's int reads were PyLong_AsLongAndOverflow calls. */
#define SMALL_INT_LOW (-5)
#define SMALL_INT_HIGH 256
static uintptr_t small_int_base;

/* An exact int that fits a long; 0 (no error set) for anything else. */
static int
small(PyObject *o, long long *out)
{
    uintptr_t at = (uintptr_t)o - small_int_base; /* wraps around (large) below the array */
    if (small_int_base != 0 && at < (uintptr_t)(SMALL_INT_HIGH - SMALL_INT_LOW + 1) * sizeof(PyLongObject)
        && at % sizeof(PyLongObject) == 0) {
        *out = (long long)(at / sizeof(PyLongObject)) + SMALL_INT_LOW;
        return 1;
    }
    if (o == NULL || !PyLong_CheckExact(o)) {
        return 0;
    }
    int overflow;
    *out = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (*out == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* An exact int in [lo, hi); 0 for anything else. */
static int
bounded(PyObject *o, long long lo, long long hi, long long *out)
{
    return small(o, out) && *out >= lo && *out < hi;
}

/* Whether ``o`` is an exact str equal to ``s`` (an exact str): compared in C, no Python code. */
static int
same_str(PyObject *o, PyObject *s)
{
    if (o == s) {
        return 1;
    }
    if (!PyUnicode_CheckExact(o) || (PyUnicode_CHECK_INTERNED(o) && PyUnicode_CHECK_INTERNED(s))) {
        return 0; /* two interned strings are equal only when they are one */
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    /* equal strs have the same kind (the narrowest that holds them): compared as bytes */
    return n == PyUnicode_GET_LENGTH(s) && PyUnicode_KIND(o) == PyUnicode_KIND(s)
        && memcmp(PyUnicode_DATA(o), PyUnicode_DATA(s), (size_t)n * PyUnicode_KIND(o)) == 0;
}

/* An exact tuple of ``n`` items (n < 0: any length); NULL otherwise. */
static PyObject *
tuple_of(PyObject *o, Py_ssize_t n)
{
    return o != NULL && PyTuple_CheckExact(o) && (n < 0 || PyTuple_GET_SIZE(o) == n) ? o : NULL;
}

/* A points value the sums below cannot overflow with (at most 64 rules, counts below 65). */
static int
points_of(PyObject *o, long long *out)
{
    return bounded(o, -(1LL << 20), 1LL << 20, out);
}

/* Tables.compiled parsed into a new entry; NULL (no error set) when it is not as
 * Tables._compiled_tables makes it, or on no memory. Reads only; runs no Python code. */
static Compiled *
parse(PyObject *source)
{
    Compiled *c = PyMem_Calloc(1, sizeof(Compiled));
    if (c == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject **t = &PyTuple_GET_ITEM(source, 0);
    long long v, a, b, pts;
    if (PyTuple_GET_SIZE(source) != 17 || !bounded(t[0], 1, MAX_CARDS + 1, &v)) {
        goto misfit;
    }
    c->cards = (int)v;
    if (!bounded(t[3], 1, MAX_KINDS + 1, &v)) {
        goto misfit;
    }
    c->kinds = (int)v;
    if (!bounded(t[4], 1, MAX_COLOURS + 1, &v)) {
        goto misfit;
    }
    c->colours = (int)v;
    PyObject *kind = tuple_of(t[1], c->cards), *colour = tuple_of(t[2], c->cards);
    if (kind == NULL || colour == NULL) {
        goto misfit;
    }
    for (int i = 0; i < c->cards; i++) {
        if (!bounded(PyTuple_GET_ITEM(kind, i), 0, c->kinds, &a) || !bounded(PyTuple_GET_ITEM(colour, i), -1, c->colours, &b)) {
            goto misfit;
        }
        c->kind[i] = (int)a;
        c->colour[i] = (int)b;
    }
    PyObject *duos = tuple_of(t[5], -1), *collectors = tuple_of(t[6], -1), *multipliers = tuple_of(t[7], -1);
    if (duos == NULL || collectors == NULL || multipliers == NULL || PyTuple_GET_SIZE(duos) > MAX_RULES
        || PyTuple_GET_SIZE(collectors) > MAX_RULES || PyTuple_GET_SIZE(multipliers) > MAX_RULES) {
        goto misfit;
    }
    c->duos = (int)PyTuple_GET_SIZE(duos);
    for (int i = 0; i < c->duos; i++) {
        PyObject *d = tuple_of(PyTuple_GET_ITEM(duos, i), 4), *effect;
        if (d == NULL || !bounded(PyTuple_GET_ITEM(d, 0), 0, c->kinds, &a) || !bounded(PyTuple_GET_ITEM(d, 1), 0, c->kinds, &b)
            || !points_of(PyTuple_GET_ITEM(d, 2), &pts) || !PyUnicode_CheckExact(effect = PyTuple_GET_ITEM(d, 3))) {
            goto misfit;
        }
        for (int k = 0; k < i; k++) { /* a kind in two duos is Extra Salt's (no compiled tuple): refused all the same */
            if (c->duo_a[k] == a || c->duo_b[k] == a || c->duo_a[k] == b || c->duo_b[k] == b) {
                goto misfit;
            }
        }
        c->duo_effect[i] = same_str(effect, s_take_from_discard) ? EFFECT_CRAB : same_str(effect, s_draw) ? EFFECT_DRAW
            : same_str(effect, s_steal) ? EFFECT_STEAL : same_str(effect, s_extra_turn) ? EFFECT_EXTRA_TURN : EFFECT_NONE;
        c->duo_a[i] = (int)a;
        c->duo_b[i] = (int)b;
        c->duo_points[i] = pts;
    }
    c->collectors = (int)PyTuple_GET_SIZE(collectors);
    for (int i = 0; i < c->collectors; i++) {
        PyObject *k = tuple_of(PyTuple_GET_ITEM(collectors, i), 2), *table;
        if (k == NULL || !bounded(PyTuple_GET_ITEM(k, 0), 0, c->kinds, &a) || (table = tuple_of(PyTuple_GET_ITEM(k, 1), -1)) == NULL
            || PyTuple_GET_SIZE(table) < 1 || PyTuple_GET_SIZE(table) > MAX_TABLE) {
            goto misfit;
        }
        c->collector_kind[i] = (int)a;
        c->collector_len[i] = (int)PyTuple_GET_SIZE(table);
        for (int j = 0; j < c->collector_len[i]; j++) {
            if (!points_of(PyTuple_GET_ITEM(table, j), &c->collector_points[i][j])) {
                goto misfit;
            }
        }
    }
    c->multipliers = (int)PyTuple_GET_SIZE(multipliers);
    for (int i = 0; i < c->multipliers; i++) {
        PyObject *m = tuple_of(PyTuple_GET_ITEM(multipliers, i), 3);
        if (m == NULL || !bounded(PyTuple_GET_ITEM(m, 0), 0, c->kinds, &a) || !bounded(PyTuple_GET_ITEM(m, 1), 0, c->kinds, &b)
            || !points_of(PyTuple_GET_ITEM(m, 2), &pts)) {
            goto misfit;
        }
        c->multiplier_kind[i] = (int)a;
        c->multiplier_target[i] = (int)b;
        c->multiplier_points[i] = pts;
    }
    if (!bounded(t[8], -1, c->kinds, &v)) {
        goto misfit;
    }
    c->mermaid = (int)v;
    if (!small(t[9], &c->win_with) || !small(t[10], &c->min_points) || !(t[11] == Py_True || t[11] == Py_False)) {
        goto misfit;
    }
    c->deck_ends_last_chance = t[11] == Py_True;
    PyObject *take = tuple_of(t[12], c->cards), *keep = tuple_of(t[13], c->cards), *duo = tuple_of(t[14], c->cards),
             *piles = tuple_of(t[15], 2), *pick = tuple_of(t[16], c->cards);
    if (take == NULL || keep == NULL || duo == NULL || piles == NULL || pick == NULL
        || !PyUnicode_CheckExact(PyTuple_GET_ITEM(piles, 0)) || !PyUnicode_CheckExact(PyTuple_GET_ITEM(piles, 1))) {
        goto misfit;
    }
    c->pile[0] = PyTuple_GET_ITEM(piles, 0);
    c->pile[1] = PyTuple_GET_ITEM(piles, 1);
    for (int i = 0; i < c->cards; i++) {
        PyObject *k = tuple_of(PyTuple_GET_ITEM(keep, i), 2), *row = tuple_of(PyTuple_GET_ITEM(duo, i), c->cards);
        c->take[i] = PyTuple_GET_ITEM(take, i);
        c->pick[i] = PyTuple_GET_ITEM(pick, i);
        if (k == NULL || row == NULL || !PyUnicode_CheckExact(c->take[i]) || !PyUnicode_CheckExact(c->pick[i])
            || !PyUnicode_CheckExact(PyTuple_GET_ITEM(k, 0))
            || !PyUnicode_CheckExact(PyTuple_GET_ITEM(k, 1))) {
            goto misfit;
        }
        c->keep[i][0] = PyTuple_GET_ITEM(k, 0);
        c->keep[i][1] = PyTuple_GET_ITEM(k, 1);
        for (int j = 0; j < c->cards; j++) {
            PyObject *action = PyTuple_GET_ITEM(row, j);
            if (action == Py_None) {
                continue;
            }
            if (!PyUnicode_CheckExact(action) || j <= i) { /* duo_actions[a][b] is a str only for a < b */
                goto misfit;
            }
            c->duo[i][j] = action;
            c->partners[i] |= UINT64_C(1) << j;
        }
        if (c->kind[i] == c->mermaid) {
            c->mermaid_cards |= UINT64_C(1) << i;
        }
    }
    Py_INCREF(source);
    c->source = source;
    return c;
misfit:
    PyMem_Free(c);
    return NULL;
}

/* The compiled tables of ``tables`` (an exact Tables); NULL when the plain code serves them. */
static Compiled *
compiled_of(PyObject *tables)
{
    PyObject *source = *(PyObject **)((char *)tables + E.compiled_offset);
    if (source == NULL || !PyTuple_CheckExact(source)) {
        return NULL;
    }
    static Compiled *last;
    if (last != NULL && last->source == source) {
        return last;
    }
    for (int i = n_entries - 1; i >= 0; i--) {
        if (entries[i]->source == source) {
            return last = entries[i];
        }
    }
    if (n_entries == MAX_ENTRIES) {
        return NULL;
    }
    Compiled *c = parse(source);
    if (c != NULL) {
        entries[n_entries++] = last = c;
    }
    return c;
}

/* The parts of a state the fast path reads, checked; 0 when it is not one the engine made.
 * Borrowed from the state, which its caller holds. */
typedef struct {
    PyObject *state, *deck, *piles, *hands, *phase;
    Compiled *c;
    long long players, turn;
} Parts;

static int
parts_of(PyObject *state, Parts *p)
{
    if (!E.ready || !Py_IS_TYPE(state, E.state_type) || PyTuple_GET_SIZE(state) != E.size) {
        return 0;
    }
    PyObject *tables = PyTuple_GET_ITEM(state, E.tables);
    p->state = state;
    p->deck = PyTuple_GET_ITEM(state, E.deck);
    p->piles = PyTuple_GET_ITEM(state, E.piles);
    p->hands = PyTuple_GET_ITEM(state, E.hands);
    p->phase = PyTuple_GET_ITEM(state, E.phase);
    if (!Py_IS_TYPE(tables, E.tables_type) || (p->c = compiled_of(tables)) == NULL
        || !bounded(PyTuple_GET_ITEM(state, E.players), 1, MAX_SEATS + 1, &p->players)
        || !bounded(PyTuple_GET_ITEM(state, E.turn), 0, p->players, &p->turn) || !PyUnicode_CheckExact(p->phase)
        || tuple_of(p->deck, -1) == NULL || tuple_of(p->piles, 2) == NULL || tuple_of(p->hands, p->players) == NULL
        || tuple_of(PyTuple_GET_ITEM(p->piles, 0), -1) == NULL || tuple_of(PyTuple_GET_ITEM(p->piles, 1), -1) == NULL) {
        return 0;
    }
    return 1;
}

/* Whether ``seat`` is an exact int equal to the seat whose turn it is. */
static int
is_turn(PyObject *seat, const Parts *p)
{
    long long s;
    return small(seat, &s) && s == p->turn;
}

/* A hand (an exact tuple of card ids, strictly ascending: the engine keeps hands sorted) as a bit
 * mask; 0 when it is not one. ``out`` gets the cards in order. */
static int
hand_of(PyObject *hand, const Compiled *c, uint64_t *mask, int *out, Py_ssize_t *n)
{
    if (tuple_of(hand, -1) == NULL || PyTuple_GET_SIZE(hand) > c->cards) {
        return 0;
    }
    long long last = -1, card;
    *mask = 0;
    *n = PyTuple_GET_SIZE(hand);
    for (Py_ssize_t i = 0; i < *n; i++) {
        if (!bounded(PyTuple_GET_ITEM(hand, i), last + 1, c->cards, &card)) {
            return 0;
        }
        *mask |= UINT64_C(1) << card;
        out[i] = (int)card;
        last = card;
    }
    return 1;
}

/* The top card of pile ``i`` (-1 when it is empty); 0 when it is not a card. */
static int
top_of(const Parts *p, int i, long long *card)
{
    PyObject *pile = PyTuple_GET_ITEM(p->piles, i);
    Py_ssize_t n = PyTuple_GET_SIZE(pile);
    if (n == 0) {
        *card = -1;
        return 1;
    }
    return bounded(PyTuple_GET_ITEM(pile, n - 1), 0, p->c->cards, card);
}

/* Tables.card_points(hand, played) of the base game, from plain counts; 0 when ``played`` is not
 * a tuple of cards or hand and played hold more cards than the deck (the packed counts of the
 * plain code would then overflow their fields). */
static int
card_points(const Compiled *c, const int *hand, Py_ssize_t n_hand, PyObject *played, long long *out)
{
    int in_hand[MAX_KINDS], in_front[MAX_KINDS], colours[MAX_COLOURS];
    long long card, total = 0;
    if (tuple_of(played, -1) == NULL || n_hand + PyTuple_GET_SIZE(played) > c->cards) {
        return 0;
    }
    memset(in_hand, 0, sizeof(int) * (size_t)c->kinds); /* kinds and colours index only below these */
    memset(in_front, 0, sizeof(int) * (size_t)c->kinds);
    memset(colours, 0, sizeof(int) * (size_t)c->colours);
    for (Py_ssize_t i = 0; i < n_hand; i++) {
        in_hand[c->kind[hand[i]]]++;
        if (c->colour[hand[i]] >= 0) {
            colours[c->colour[hand[i]]]++;
        }
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(played); i++) {
        if (!bounded(PyTuple_GET_ITEM(played, i), 0, c->cards, &card)) {
            return 0;
        }
        in_front[c->kind[card]]++;
        if (c->colour[card] >= 0) {
            colours[c->colour[card]]++;
        }
    }
    for (int i = 0; i < c->duos; i++) {
        int a = c->duo_a[i], b = c->duo_b[i];
        if (a == b) {
            total += c->duo_points[i] * (in_hand[a] / 2 + in_front[a] / 2);
        }
        else {
            int h = in_hand[a] < in_hand[b] ? in_hand[a] : in_hand[b];
            int f = in_front[a] < in_front[b] ? in_front[a] : in_front[b];
            total += c->duo_points[i] * (h + f);
        }
    }
    for (int i = 0; i < c->collectors; i++) {
        int k = c->collector_kind[i], n = in_hand[k] + in_front[k];
        if (n) {
            total += c->collector_points[i][(n < c->collector_len[i] ? n : c->collector_len[i]) - 1];
        }
    }
    for (int i = 0; i < c->multipliers; i++) {
        int k = c->multiplier_kind[i], m = c->multiplier_target[i];
        total += (long long)(in_hand[k] + in_front[k]) * (in_hand[m] + in_front[m]) * c->multiplier_points[i];
    }
    if (c->mermaid >= 0) {
        int mermaids = in_hand[c->mermaid] + in_front[c->mermaid];
        for (int m = 0; m < mermaids && m < c->colours; m++) { /* the most common colours, one a mermaid */
            int best = 0;
            for (int k = 1; k < c->colours; k++) {
                if (colours[k] > colours[best]) {
                    best = k;
                }
            }
            total += colours[best];
            colours[best] = -1;
        }
    }
    *out = total;
    return 1;
}

/* A new tuple of ``n`` action strings sorted as Python sorts them (code points); NULL on an error. */
static PyObject *
sorted_actions(PyObject **out, Py_ssize_t n)
{
    for (Py_ssize_t i = 1; i < n; i++) {
        PyObject *x = out[i];
        Py_ssize_t j = i;
        while (j > 0 && PyUnicode_Compare(out[j - 1], x) > 0) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = x;
    }
    PyObject *result = PyTuple_New(n);
    if (result == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(out[i]);
        PyTuple_SET_ITEM(result, i, out[i]);
    }
    return result;
}

static int victims_of(const Parts *p, long long seat, long long protected, long long *out, int *n);

/* engine._legal for the draw, keep, play, crab and steal phases; NULL with no error set when the plain code serves. */
static PyObject *
legal_fast(const Parts *p, long long seat)
{
    const Compiled *c = p->c;
    PyObject *out[MAX_LEGAL]; /* borrowed: strings of an entry's source, or this module's own */
    Py_ssize_t n = 0;
    long long tops[2];
    if (same_str(p->phase, s_play)) {
        uint64_t held;
        int hand[MAX_CARDS];
        Py_ssize_t size;
        long long caller, points;
        if (!hand_of(PyTuple_GET_ITEM(p->hands, seat), c, &held, hand, &size)
            || !small(PyTuple_GET_ITEM(p->state, E.caller), &caller)) {
            return NULL;
        }
        if (br_popcount64(held & c->mermaid_cards) >= c->win_with) {
            return Py_NewRef(mermaids_only); /* whoever holds all the mermaids wins at once: nothing else */
        }
        for (Py_ssize_t i = 0; i < size; i++) {
            uint64_t m = c->partners[hand[i]] & held;
            while (m) {
                out[n++] = c->duo[hand[i]][br_ctz64(m)];
                m &= m - 1;
            }
        }
        if (caller < 0) {
            PyObject *played = tuple_of(PyTuple_GET_ITEM(p->state, E.played), p->players);
            if (played == NULL || !card_points(c, hand, size, PyTuple_GET_ITEM(played, seat), &points)) {
                return NULL;
            }
            if (points >= c->min_points) {
                out[n++] = s_last_chance;
                out[n++] = s_stop;
            }
        }
        out[n++] = s_end;
        return n == 1 ? Py_NewRef(end_only) : sorted_actions(out, n);
    }
    if (same_str(p->phase, s_steal)) {
        long long protected, victims[MAX_SEATS];
        int n_victims;
        if (!bounded(PyTuple_GET_ITEM(p->state, E.protected), 0, 1LL << MAX_SEATS, &protected)
            || !victims_of(p, seat, protected, victims, &n_victims)) {
            return NULL;
        }
        for (int i = 0; i < n_victims; i++) {
            out[n++] = s_steal_seat[victims[i]];
        }
        return sorted_actions(out, n); /* in seat order, as the plain code gives them: sorted for seats below 10 */
    }
    if (!top_of(p, 0, &tops[0]) || !top_of(p, 1, &tops[1])) {
        return NULL;
    }
    if (same_str(p->phase, s_crab_pile)) {
        for (int i = 0; i < 2; i++) {
            if (tops[i] >= 0) {
                out[n++] = c->pile[i];
            }
        }
        return sorted_actions(out, n);
    }
    if (same_str(p->phase, s_crab_card)) {
        long long chosen, card;
        uint64_t seen = 0;
        if (!bounded(PyTuple_GET_ITEM(p->state, E.crab_pile), 0, 2, &chosen)) {
            return NULL;
        }
        PyObject *pile = PyTuple_GET_ITEM(p->piles, chosen);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pile); i++) {
            if (!bounded(PyTuple_GET_ITEM(pile, i), 0, c->cards, &card)) {
                return NULL;
            }
            if (!(seen >> card & 1)) {
                seen |= UINT64_C(1) << card;
                out[n++] = c->pick[card];
            }
        }
        return sorted_actions(out, n);
    }
    /* The draw and keep phases' few actions are sorted and made afresh: tables of them kept per tops or
     * per cards drawn (~160 KB of pointers to tuples all over the heap) were slower than making them. */
    if (same_str(p->phase, s_draw)) {
        for (int i = 0; i < 2; i++) {
            if (tops[i] >= 0) {
                out[n++] = c->take[tops[i]];
            }
        }
        if (PyTuple_GET_SIZE(p->deck)) {
            out[n++] = s_draw;
        }
        if (n == 0) {
            return NULL; /* nothing to take: ("pass",), the plain code's */
        }
        return sorted_actions(out, n);
    }
    if (same_str(p->phase, s_keep)) {
        PyObject *drawn = tuple_of(PyTuple_GET_ITEM(p->state, E.drawn), -1);
        if (drawn == NULL || PyTuple_GET_SIZE(drawn) > 2) {
            return NULL;
        }
        int only = tops[0] < 0 && tops[1] >= 0 ? 0 : tops[1] < 0 && tops[0] >= 0 ? 1 : -1;
        long long cards[2];
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(drawn); i++) {
            if (!bounded(PyTuple_GET_ITEM(drawn, i), 0, c->cards, &cards[i])) {
                return NULL;
            }
            for (int pile = 0; pile < 2; pile++) {
                if (only < 0 || only == pile) {
                    out[n++] = c->keep[cards[i]][pile];
                }
            }
        }
        return sorted_actions(out, n);
    }
    return NULL;
}

/* ``tuple`` with ``card`` put in order (a sorted tuple of cards, as hand_of checked); NULL on an error. */
static PyObject *
with_card(const int *hand, Py_ssize_t n, long long card)
{
    PyObject *out = PyTuple_New(n + 1);
    if (out == NULL) {
        return NULL;
    }
    Py_ssize_t j = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (j == i && hand[i] > card) {
            PyTuple_SET_ITEM(out, j++, PyLong_FromLongLong(card));
        }
        PyTuple_SET_ITEM(out, j++, PyLong_FromLongLong(hand[i]));
    }
    if (j == n) {
        PyTuple_SET_ITEM(out, j, PyLong_FromLongLong(card));
    }
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* ``tuple`` with item ``i`` replaced by ``value`` (stolen, also on failure); NULL on an error. */
static PyObject *
replaced(PyObject *tuple, Py_ssize_t i, PyObject *value)
{
    if (value == NULL) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *item = k == i ? value : PyTuple_GET_ITEM(tuple, k);
        if (k != i) {
            Py_INCREF(item);
        }
        PyTuple_SET_ITEM(out, k, item);
    }
    return out;
}

/* A slice of a tuple as a new tuple; NULL on an error. */
static PyObject *
slice(PyObject *tuple, Py_ssize_t lo, Py_ssize_t hi)
{
    return PyTuple_GetSlice(tuple, lo, hi);
}

/* The fields a decision changes: new references, owned until ``evolved`` gives them to the new
 * state (or ``dropped`` releases them). A NULL value is an allocation that failed. */
typedef struct {
    Py_ssize_t at[32];
    PyObject *values[32];
    int n;
} Changes;

/* Set field ``at`` to ``value`` (stolen), replacing a change made to it before. */
static void
set_field(Changes *ch, Py_ssize_t at, PyObject *value)
{
    for (int i = 0; i < ch->n; i++) {
        if (ch->at[i] == at) {
            Py_XSETREF(ch->values[i], value);
            return;
        }
    }
    ch->at[ch->n] = at;
    ch->values[ch->n++] = value;
}

static void
dropped(Changes *ch)
{
    for (int i = 0; i < ch->n; i++) {
        Py_CLEAR(ch->values[i]);
    }
    ch->n = 0;
}

/* A new state: ``state`` with the changes made; NULL with an error set when an allocation failed. */
static PyObject *
evolved(PyObject *state, Changes *ch)
{
    PyObject *out = NULL;
    for (int i = 0; i < ch->n; i++) {
        if (ch->values[i] == NULL) {
            goto done;
        }
    }
    out = E.state_type->tp_alloc(E.state_type, E.size);
    if (out == NULL) {
        goto done;
    }
    uint64_t changed = 0; /* accelerate checked E.size <= 64; set_field keeps one change a field */
    for (int i = 0; i < ch->n; i++) {
        changed |= UINT64_C(1) << ch->at[i];
    }
    PyObject **from = &PyTuple_GET_ITEM(state, 0), **to = &PyTuple_GET_ITEM(out, 0);
    for (Py_ssize_t k = 0; k < E.size; k++) {
        if (!(changed >> k & 1)) {
            to[k] = Py_NewRef(from[k]);
        }
    }
    for (int i = 0; i < ch->n; i++) {
        to[ch->at[i]] = ch->values[i];
        ch->values[i] = NULL; /* given to the new state */
    }
done:
    dropped(ch);
    if (out == NULL && !PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    return out;
}

/* The log with ``(seat, action, -1)`` put first, as engine.apply does; NULL on an error. */
static PyObject *
logged(const Parts *p, PyObject *seat, PyObject *action)
{
    PyObject **made = &((Compiled *)p->c)->logged[p->turn]; /* seat is the turn's (is_turn checked) */
    if (*made == NULL && (*made = PyDict_New()) == NULL) {
        return NULL;
    }
    PyObject *entry = PyDict_GetItemWithError(*made, action); /* an exact str (apply_fast checked): no Python code */
    if (entry == NULL) {
        if (PyErr_Occurred() || (entry = PyTuple_Pack(3, seat, action, minus_one)) == NULL) {
            return NULL;
        }
        int failed = PyDict_SetItem(*made, action, entry);
        Py_DECREF(entry); /* the dict holds it */
        if (failed) {
            return NULL;
        }
    }
    return PyTuple_Pack(2, entry, PyTuple_GET_ITEM(p->state, E.log));
}

/* Who plays next and how, at the end of a turn (engine._end_turn), read before anything is made. */
typedef struct {
    long long next, turn_no, protected, final[MAX_SEATS], ender;
    int n_final, final_changed, protected_changed;
    int ends; /* 0: the next turn; END_EMPTY_DECK or END_LAST_CHANCE: the round ends (engine._finish_round) */
    PyObject *last_turns;
} Turn;

enum { END_NONE, END_EMPTY_DECK, END_LAST_CHANCE, END_STOP };

/* A tuple of seats (``final``) into ``out``; 0 when it is not one. */
static int
seats_of(PyObject *tuple, const Parts *p, long long *out, int *n)
{
    if (tuple_of(tuple, -1) == NULL || PyTuple_GET_SIZE(tuple) > MAX_SEATS) {
        return 0;
    }
    *n = (int)PyTuple_GET_SIZE(tuple);
    for (int i = 0; i < *n; i++) {
        if (!bounded(PyTuple_GET_ITEM(tuple, i), 0, p->players, &out[i])) {
            return 0;
        }
    }
    return 1;
}

/* engine._end_turn's choice for ``seat`` (``extra``: a duo's extra turn), LAST CHANCE's ``caller``,
 * ``final`` and ``protected`` as they are after the decision; 0 when the round ends (the plain code
 * finishes it) or the state is not one the engine made. */
static int
end_turn_plan(const Parts *p, long long seat, int extra, long long caller, const long long *final, int n_final, long long protected,
              Turn *turn)
{
    turn->protected = protected;
    turn->n_final = n_final;
    turn->final_changed = turn->protected_changed = 0;
    memcpy(turn->final, final, sizeof(long long) * (size_t)n_final);
    if (caller >= 0 && !extra && n_final && final[0] == seat) {
        memmove(turn->final, turn->final + 1, sizeof(long long) * (size_t)(n_final - 1));
        turn->n_final--;
        turn->protected |= 1LL << seat;
        turn->final_changed = turn->protected_changed = 1;
    }
    turn->ends = END_NONE;
    if (PyTuple_GET_SIZE(p->deck) == 0 && (caller < 0 || p->c->deck_ends_last_chance)) {
        turn->ends = END_EMPTY_DECK;
        turn->ender = seat;
        return 1;
    }
    if (caller >= 0 && !turn->n_final) {
        turn->ends = END_LAST_CHANCE;
        turn->ender = caller;
        return 1;
    }
    turn->next = extra ? seat : caller >= 0 ? turn->final[0] : (seat + 1) % p->players;
    turn->last_turns = tuple_of(PyTuple_GET_ITEM(p->state, E.last_turns), p->players);
    long long last;
    if (!bounded(PyTuple_GET_ITEM(p->state, E.turn_no), -1, 1LL << 30, &turn->turn_no) || turn->last_turns == NULL) {
        return 0;
    }
    for (long long s = 0; s < p->players; s++) {
        if (!small(PyTuple_GET_ITEM(turn->last_turns, s), &last)) {
            return 0;
        }
    }
    return 1;
}

static PyObject *
seats_tuple(const long long *seats, int n)
{
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out != NULL && i < n; i++) {
        PyTuple_SET_ITEM(out, i, PyLong_FromLongLong(seats[i]));
    }
    if (out != NULL && PyErr_Occurred()) {
        Py_CLEAR(out);
    }
    return out;
}

/* The changes of a turn's end as planned (``final_object``: the new ``final`` when the decision made one). */
static void
end_turn_changes(Changes *ch, const Turn *turn, int final_new)
{
    if (turn->final_changed || final_new) {
        set_field(ch, E.final, seats_tuple(turn->final, turn->n_final));
    }
    if (turn->protected_changed) {
        set_field(ch, E.protected, PyLong_FromLongLong(turn->protected));
    }
    if (turn->ends) {
        return; /* the round's end: engine._finish_round makes the rest */
    }
    set_field(ch, E.turn, PyLong_FromLongLong(turn->next));
    set_field(ch, E.phase, Py_NewRef(s_draw));
    set_field(ch, E.turn_no, PyLong_FromLongLong(turn->turn_no + 1));
    set_field(ch, E.last_turns, replaced(turn->last_turns, turn->next, PyLong_FromLongLong(turn->turn_no + 1)));
}

/* LAST CHANCE's state (caller, final, protected), read; 0 when it is not as the engine makes it. */
static int
calls_of(const Parts *p, long long *caller, long long *final, int *n_final, long long *protected)
{
    return small(PyTuple_GET_ITEM(p->state, E.caller), caller) && *caller < p->players
        && seats_of(PyTuple_GET_ITEM(p->state, E.final), p, final, n_final)
        && bounded(PyTuple_GET_ITEM(p->state, E.protected), 0, 1LL << MAX_SEATS, protected);
}

/* A seat's hand without cards ``a`` and ``b`` (held), in order; NULL on an error. */
static PyObject *
without(const int *hand, Py_ssize_t n, int a, int b)
{
    PyObject *out = PyTuple_New(n - 2);
    Py_ssize_t j = 0;
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        if (hand[i] != a && hand[i] != b) {
            PyTuple_SET_ITEM(out, j++, PyLong_FromLongLong(hand[i]));
        }
    }
    if (out != NULL && PyErr_Occurred()) {
        Py_CLEAR(out);
    }
    return out;
}

/* ``tuple`` with ``a`` and ``b`` added at its end; NULL on an error. */
static PyObject *
appended(PyObject *tuple, long long a, long long b)
{
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    PyObject *out = PyTuple_New(n + 2);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(tuple, i)));
    }
    PyTuple_SET_ITEM(out, n, PyLong_FromLongLong(a));
    PyTuple_SET_ITEM(out, n + 1, PyLong_FromLongLong(b));
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* ``state`` (a new reference, stolen; NULL: an error is set) with the round finished by the plain
 * engine._finish_round(state, end, ender), as engine._end_turn and engine.apply do; or ``state`` itself
 * when the decision does not end the round. */
static uint64_t shuffle_range(uint64_t state, int n, int *out);
static PyObject *chance_with(PyObject *chance, uint64_t rng);

/* Tables.round_points of one seat: card points and colour bonus (the most cards of one colour);
 * 0 when the hand or the cards played are not as the engine keeps them. */
static int
seat_points(const Compiled *c, PyObject *hand_tuple, PyObject *played, long long *points, long long *bonus)
{
    uint64_t held;
    /* Zeroed for the compiler alone: hand_of writes the hand's ``size`` cards and card_points reads no
     * more, but GCC 12 cannot see it through the call and warned (-Wmaybe-uninitialized). */
    int hand[MAX_CARDS] = {0}, colours[MAX_COLOURS] = {0}, best = 0;
    Py_ssize_t size;
    long long card;
    if (!hand_of(hand_tuple, c, &held, hand, &size) || !card_points(c, hand, size, played, points)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (c->colour[hand[i]] >= 0) {
            colours[c->colour[hand[i]]]++;
        }
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(played); i++) { /* cards card_points checked */
        if (bounded(PyTuple_GET_ITEM(played, i), 0, c->cards, &card) && c->colour[card] >= 0) {
            colours[c->colour[card]]++;
        }
    }
    for (int k = 0; k < c->colours; k++) {
        best = colours[k] > best ? colours[k] : best;
    }
    *bonus = best;
    return 1;
}

/* GameState.entries of a state the engine made (its caller holds it): the round's log, oldest
 * first, as a new tuple; NULL with no error set when the log is not a chain of exact pairs. */
static PyObject *
log_entries(PyObject *state)
{
    PyObject *node = PyTuple_GET_ITEM(state, E.log);
    Py_ssize_t n = 0;
    while (n < (1 << 24) && node != Py_None && tuple_of(node, 2) != NULL) {
        node = PyTuple_GET_ITEM(node, 1);
        n++;
    }
    if (node != Py_None) {
        return NULL;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    node = PyTuple_GET_ITEM(state, E.log);
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(node, 0)));
        node = PyTuple_GET_ITEM(node, 1);
    }
    return out;
}

/* A tuple of ``n`` new ints; NULL on an error. */
static PyObject *
longs_tuple(const long long *values, long long n)
{
    PyObject *out = PyTuple_New(n);
    for (long long i = 0; out != NULL && i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* engine._finish_round(state, end, ender) and the next round's engine._start_round, for the base
 * game dealt from the generator: ``state`` (held by the caller) is one the engine made. A new
 * state; NULL with no error set when the plain code serves (given decks, no generator, tables or
 * fields not as the engine makes them): that is decided before anything is made. The new round's
 * first seat is the one after the ender (no chance drawn); the deck is rng.shuffled of the card
 * indices. RoundResult, engine._target and engine._winners are called (Python code): everything
 * read from the state is the state's (immutable tuples and ints) or owned here. */
static PyObject *
finish_fast(PyObject *state, PyObject *end, int ends, long long ender)
{
    long long players, round_no, points[MAX_SEATS], bonuses[MAX_SEATS], scores[MAX_SEATS], totals[MAX_SEATS], v;
    PyObject *tables = PyTuple_GET_ITEM(state, E.tables), *chance = PyTuple_GET_ITEM(state, E.chance);
    PyObject *hands = PyTuple_GET_ITEM(state, E.hands), *played = PyTuple_GET_ITEM(state, E.played);
    PyObject *old_totals = PyTuple_GET_ITEM(state, E.totals), *history = PyTuple_GET_ITEM(state, E.history);
    Compiled *c;
    if (!Py_IS_TYPE(state, E.state_type) || PyTuple_GET_SIZE(state) != E.size || !Py_IS_TYPE(tables, E.tables_type)
        || (c = compiled_of(tables)) == NULL || c->cards < 2
        || !bounded(PyTuple_GET_ITEM(state, E.players), 1, MAX_SEATS + 1, &players) || ender < 0 || ender >= players
        || !bounded(PyTuple_GET_ITEM(state, E.round), 0, 1LL << 30, &round_no) || tuple_of(hands, players) == NULL
        || tuple_of(played, players) == NULL || tuple_of(old_totals, players) == NULL || tuple_of(history, -1) == NULL
        || !Py_IS_TYPE(chance, E.chance_type)) {
        return NULL;
    }
    PyObject *rng_object = *(PyObject **)((char *)chance + E.chance_rng);
    PyObject *decks = *(PyObject **)((char *)chance + E.chance_decks);
    if (rng_object == NULL || !PyLong_CheckExact(rng_object) || decks == NULL || tuple_of(decks, -1) == NULL
        || PyTuple_GET_SIZE(decks) > round_no + 1) {
        return NULL; /* a record's decks, or no generator: the plain code */
    }
    unsigned long long rng = PyLong_AsUnsignedLongLong(rng_object);
    if (rng == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return NULL;
    }
    for (long long s = 0; s < players; s++) {
        if (!seat_points(c, PyTuple_GET_ITEM(hands, s), PyTuple_GET_ITEM(played, s), &points[s], &bonuses[s])
            || !bounded(PyTuple_GET_ITEM(old_totals, s), -(1LL << 40), 1LL << 40, &totals[s])) {
            return NULL;
        }
    }
    int beats = 1; /* scoring.round_scores */
    for (long long s = 0; s < players; s++) {
        beats &= s == ender || points[ender] >= points[s];
    }
    long long best = LLONG_MIN;
    for (long long s = 0; s < players; s++) {
        scores[s] = ends == END_STOP ? points[s] : ends != END_LAST_CHANCE ? 0
            : beats ? (s == ender ? points[s] + bonuses[s] : bonuses[s]) : (s == ender ? bonuses[s] : points[s]);
        totals[s] += scores[s];
        best = totals[s] > best ? totals[s] : best;
    }
    PyObject *entries = log_entries(state);
    if (entries == NULL) {
        return NULL;
    }
    PyObject *cards_t = longs_tuple(points, players), *bonuses_t = longs_tuple(bonuses, players);
    PyObject *scores_t = longs_tuple(scores, players), *ender_o = PyLong_FromLongLong(ender), *result = NULL;
    PyObject *totals_t = longs_tuple(totals, players), *target = NULL, *winners = NULL, *out = NULL;
    PyObject *players_o = PyTuple_GET_ITEM(state, E.players), *no_shuffles = PyTuple_New(0);
    unsigned long made_by = generation;
    if (cards_t != NULL && bonuses_t != NULL && scores_t != NULL && ender_o != NULL && totals_t != NULL
        && no_shuffles != NULL) {
        PyObject *args[] = {PyTuple_GET_ITEM(state, E.deck0), PyTuple_GET_ITEM(state, E.first), entries, end, ender_o,
                            hands, played, cards_t, bonuses_t, scores_t, PyTuple_GET_ITEM(state, E.last_turns),
                            no_shuffles};
        result = PyObject_Vectorcall(E.round_result, args, 12, NULL);
    }
    PyObject *target_args[] = {tables, players_o};
    if (result != NULL && generation == made_by) {
        target = PyObject_Vectorcall(E.target_plain, target_args, 2, NULL);
    }
    Changes ch = {0};
    if (target != NULL && generation != made_by) {
        PyErr_SetString(PyExc_RuntimeError, "seasaltpaper._accel.accelerate() was called again during a round's end");
        goto done;
    }
    if (target != NULL) {
        if (!small(target, &v)) {
            goto done; /* not an int: the plain code says what it makes of it */
        }
        set_field(&ch, E.totals, Py_NewRef(totals_t));
        PyObject *grown = PyTuple_New(PyTuple_GET_SIZE(history) + 1);
        if (grown != NULL) {
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(history); i++) {
                PyTuple_SET_ITEM(grown, i, Py_NewRef(PyTuple_GET_ITEM(history, i)));
            }
            PyTuple_SET_ITEM(grown, PyTuple_GET_SIZE(history), Py_NewRef(result));
        }
        set_field(&ch, E.history, grown);
        set_field(&ch, E.drawn, PyTuple_New(0));
        set_field(&ch, E.crab_pile, Py_NewRef(minus_one));
        if (best >= v) {
            PyObject *winners_args[] = {tables, totals_t, result};
            winners = PyObject_Vectorcall(E.winners_plain, winners_args, 3, NULL);
            if (winners == NULL || generation != made_by) {
                if (winners != NULL) {
                    PyErr_SetString(PyExc_RuntimeError, "seasaltpaper._accel.accelerate() was called again during a "
                                                        "round's end");
                }
                dropped(&ch);
                goto done;
            }
            set_field(&ch, E.turn, Py_NewRef(minus_one));
            set_field(&ch, E.phase, Py_NewRef(s_over));
            set_field(&ch, E.round, PyLong_FromLongLong(round_no + 1)); /* the rounds played, as every game's */
            set_field(&ch, E.winners, Py_NewRef(winners));
            out = evolved(state, &ch);
            goto done;
        }
        long long first = (ender + 1) % players, last_turns[MAX_SEATS];
        int order[MAX_CARDS];
        uint64_t after = shuffle_range((uint64_t)rng, c->cards, order);
        long long deck_values[MAX_CARDS];
        for (int i = 0; i < c->cards; i++) {
            deck_values[i] = order[i];
        }
        PyObject *deck = longs_tuple(deck_values, c->cards);
        PyObject *empty = PyTuple_New(players);
        for (long long s = 0; s < players; s++) {
            if (empty != NULL) {
                PyTuple_SET_ITEM(empty, s, Py_NewRef(no_shuffles)); /* the empty tuple */
            }
            last_turns[s] = s == first ? 0 : -1;
        }
        set_field(&ch, E.round, PyLong_FromLongLong(round_no + 1));
        set_field(&ch, E.first, PyLong_FromLongLong(first));
        set_field(&ch, E.turn, PyLong_FromLongLong(first));
        set_field(&ch, E.phase, Py_NewRef(s_draw));
        set_field(&ch, E.deck, deck == NULL ? NULL : slice(deck, 2, c->cards));
        set_field(&ch, E.piles, deck == NULL ? NULL : Py_BuildValue("((O)(O))", PyTuple_GET_ITEM(deck, 0),
                                                                     PyTuple_GET_ITEM(deck, 1)));
        set_field(&ch, E.hands, Py_XNewRef(empty));
        set_field(&ch, E.played, empty);
        set_field(&ch, E.caller, Py_NewRef(minus_one));
        set_field(&ch, E.final, PyTuple_New(0));
        set_field(&ch, E.protected, PyLong_FromLongLong(0));
        set_field(&ch, E.turn_no, PyLong_FromLongLong(1));
        set_field(&ch, E.last_turns, longs_tuple(last_turns, players));
        set_field(&ch, E.deck0, deck);
        set_field(&ch, E.log, Py_NewRef(Py_None));
        set_field(&ch, E.chance, after == rng ? Py_NewRef(chance) : chance_with(chance, after));
        out = evolved(state, &ch);
    }
done:
    Py_XDECREF(no_shuffles);
    Py_XDECREF(winners);
    Py_XDECREF(target);
    Py_XDECREF(result);
    Py_XDECREF(totals_t);
    Py_XDECREF(ender_o);
    Py_XDECREF(scores_t);
    Py_XDECREF(bonuses_t);
    Py_XDECREF(cards_t);
    Py_DECREF(entries);
    return out;
}

static PyObject *
finished(PyObject *state, int ends, long long ender)
{
    if (state == NULL || ends == END_NONE) {
        return state;
    }
    PyObject *end = ends == END_EMPTY_DECK ? s_empty_deck : ends == END_LAST_CHANCE ? s_last_chance : s_stop;
    PyObject *out = finish_fast(state, end, ends, ender);
    if (out != NULL || PyErr_Occurred()) {
        Py_DECREF(state);
        return out;
    }
    return PyObject_CallFunction(E.finish_round, "NOl", state, end, ender);
}

/* engine._victims: the other seats with cards whose hands are not protected; 0 when a hand is not a tuple. */
static int
victims_of(const Parts *p, long long seat, long long protected, long long *out, int *n)
{
    *n = 0;
    for (long long s = 0; s < p->players; s++) {
        PyObject *hand = PyTuple_GET_ITEM(p->hands, s);
        if (!PyTuple_CheckExact(hand)) {
            return 0;
        }
        if (s != seat && PyTuple_GET_SIZE(hand) && !(protected >> s & 1)) {
            out[(*n)++] = s;
        }
    }
    return 1;
}

/* The play phase: a duo (engine._play_duo, but a steal that has a victim), LAST CHANCE, and the
 * end of a turn that does not end the round. NULL with no error set when the plain code serves. */
static PyObject *
apply_play(const Parts *p, PyObject *seat, PyObject *action)
{
    const Compiled *c = p->c;
    long long caller, protected, final[MAX_SEATS], me = p->turn;
    int n_final, hand[MAX_CARDS];
    uint64_t held;
    Py_ssize_t size;
    Turn turn;
    Changes ch = {0};
    if (!calls_of(p, &caller, final, &n_final, &protected)
        || !hand_of(PyTuple_GET_ITEM(p->hands, me), c, &held, hand, &size)
        || br_popcount64(held & c->mermaid_cards) >= c->win_with) {
        return NULL; /* all the mermaids held: placing them, the only legal move, is the plain code's */
    }
    if (same_str(action, s_end)) {
        if (!end_turn_plan(p, me, 0, caller, final, n_final, protected, &turn)) {
            return NULL;
        }
        end_turn_changes(&ch, &turn, 0);
        set_field(&ch, E.log, logged(p, seat, action));
        return finished(evolved(p->state, &ch), turn.ends, turn.ender);
    }
    PyObject *played = tuple_of(PyTuple_GET_ITEM(p->state, E.played), p->players);
    if (played == NULL || tuple_of(PyTuple_GET_ITEM(played, me), -1) == NULL) {
        return NULL;
    }
    if (same_str(action, s_last_chance)) {
        long long points, n = p->players, calls[MAX_SEATS];
        if (caller >= 0 || !card_points(c, hand, size, PyTuple_GET_ITEM(played, me), &points) || points < c->min_points) {
            return NULL; /* not legal */
        }
        for (long long k = 1; k < n; k++) {
            calls[k - 1] = (me + k) % n;
        }
        if (!end_turn_plan(p, me, 0, me, calls, (int)n - 1, protected | 1LL << me, &turn)) {
            return NULL;
        }
        turn.protected_changed = 1;
        set_field(&ch, E.caller, PyLong_FromLongLong(me));
        end_turn_changes(&ch, &turn, 1);
        set_field(&ch, E.log, logged(p, seat, action));
        return finished(evolved(p->state, &ch), turn.ends, turn.ender);
    }
    if (same_str(action, s_stop)) {
        long long points;
        if (caller >= 0 || !card_points(c, hand, size, PyTuple_GET_ITEM(played, me), &points) || points < c->min_points) {
            return NULL; /* not legal */
        }
        set_field(&ch, E.log, logged(p, seat, action));
        return finished(evolved(p->state, &ch), END_STOP, me);
    }
    int a = -1, b = -1;
    for (Py_ssize_t i = 0; i < size && a < 0; i++) {
        uint64_t m = c->partners[hand[i]] & held;
        for (; m; m &= m - 1) {
            if (same_str(action, c->duo[hand[i]][br_ctz64(m)])) {
                a = hand[i];
                b = br_ctz64(m);
                break;
            }
        }
    }
    if (a < 0) {
        return NULL; /* the mermaids, STOP, or not legal */
    }
    int effect = EFFECT_NONE;
    for (int i = 0; i < c->duos; i++) {
        if ((c->duo_a[i] == c->kind[a] && c->duo_b[i] == c->kind[b]) || (c->duo_a[i] == c->kind[b] && c->duo_b[i] == c->kind[a])) {
            effect = c->duo_effect[i];
        }
    }
    PyObject *hands_now = NULL;
    int rest[MAX_CARDS], n_rest = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        if (hand[i] != a && hand[i] != b) {
            rest[n_rest++] = hand[i];
        }
    }
    long long top0, top1, victims[MAX_SEATS];
    int n_victims = 0;
    if (effect == EFFECT_STEAL && !victims_of(p, me, protected, victims, &n_victims)) {
        return NULL;
    }
    if (effect == EFFECT_EXTRA_TURN && !end_turn_plan(p, me, 1, caller, final, n_final, protected, &turn)) {
        return NULL;
    }
    if (effect == EFFECT_CRAB && (!top_of(p, 0, &top0) || !top_of(p, 1, &top1))) {
        return NULL;
    }
    if (effect == EFFECT_DRAW && PyTuple_GET_SIZE(p->deck)) {
        long long card;
        if (!bounded(PyTuple_GET_ITEM(p->deck, 0), 0, c->cards, &card) || (held >> card & 1)) {
            return NULL;
        }
        hands_now = with_card(rest, n_rest, card);
        set_field(&ch, E.deck, slice(p->deck, 1, PyTuple_GET_SIZE(p->deck)));
    }
    else {
        hands_now = without(hand, size, a, b);
    }
    set_field(&ch, E.hands, replaced(p->hands, me, hands_now));
    set_field(&ch, E.played, replaced(played, me, appended(PyTuple_GET_ITEM(played, me), a, b)));
    set_field(&ch, E.log, logged(p, seat, action));
    if (effect == EFFECT_CRAB && (top0 >= 0 || top1 >= 0)) {
        set_field(&ch, E.phase, Py_NewRef(s_crab_pile));
    }
    if (effect == EFFECT_STEAL && n_victims) {
        set_field(&ch, E.phase, Py_NewRef(s_steal));
    }
    if (effect == EFFECT_EXTRA_TURN) {
        end_turn_changes(&ch, &turn, 0);
        return finished(evolved(p->state, &ch), turn.ends, turn.ender);
    }
    return evolved(p->state, &ch);
}

/* rng.below: a uniform integer below ``n`` (1 <= n), SplitMix64 words rejection sampled. */
static uint64_t
below(uint64_t *state, uint64_t n)
{
    uint64_t rest = (0 - n) % n; /* 2**64 % n */
    for (;;) {
        *state += UINT64_C(0x9E3779B97F4A7C15);
        uint64_t z = *state;
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        z ^= z >> 31;
        if (rest == 0 || z < 0 - rest) {
            return z % n;
        }
    }
}

/* ``chance`` (an exact Chance) with its generator at ``rng``: a new one, every slot copied; NULL on an error. */
static PyObject *
chance_with(PyObject *chance, uint64_t rng)
{
    PyObject *value = PyLong_FromUnsignedLongLong(rng);
    if (value == NULL) {
        return NULL;
    }
    PyObject *out = E.chance_type->tp_alloc(E.chance_type, 0);
    if (out == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    for (int i = 0; i < E.chance_slots; i++) {
        PyObject **to = (PyObject **)((char *)out + E.chance_offsets[i]);
        *to = E.chance_offsets[i] == E.chance_rng ? value : Py_XNewRef(*(PyObject **)((char *)chance + E.chance_offsets[i]));
    }
    return out;
}

/* The steal phase: the victim's card drawn from the game's generator (engine._steal). NULL with no
 * error set when the plain code serves (a record's given steals, no generator, not legal). */
static PyObject *
apply_steal(const Parts *p, PyObject *seat, PyObject *action)
{
    const Compiled *c = p->c;
    long long protected, victims[MAX_SEATS], victim = -1, used, card;
    int n_victims, mine[MAX_CARDS], theirs[MAX_CARDS];
    uint64_t held, their_held;
    Py_ssize_t size, their_size;
    PyObject *chance = PyTuple_GET_ITEM(p->state, E.chance);
    if (!bounded(PyTuple_GET_ITEM(p->state, E.protected), 0, 1LL << MAX_SEATS, &protected)
        || !victims_of(p, p->turn, protected, victims, &n_victims) || !Py_IS_TYPE(chance, E.chance_type)) {
        return NULL;
    }
    for (int i = 0; i < n_victims && victim < 0; i++) {
        if (same_str(action, s_steal_seat[victims[i]])) {
            victim = victims[i];
        }
    }
    PyObject *rng = *(PyObject **)((char *)chance + E.chance_rng);
    PyObject *steals = *(PyObject **)((char *)chance + E.chance_steals);
    if (victim < 0 || rng == NULL || !PyLong_CheckExact(rng) || tuple_of(steals, -1) == NULL
        || !small(*(PyObject **)((char *)chance + E.chance_steals_used), &used) || used < PyTuple_GET_SIZE(steals)
        || !hand_of(PyTuple_GET_ITEM(p->hands, p->turn), c, &held, mine, &size) || size >= c->cards
        || !hand_of(PyTuple_GET_ITEM(p->hands, victim), c, &their_held, theirs, &their_size) || their_size == 0) {
        return NULL;
    }
    uint64_t state = PyLong_AsUnsignedLongLong(rng);
    if (state == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return NULL;
    }
    card = theirs[below(&state, (uint64_t)their_size)];
    if (held >> card & 1) {
        return NULL;
    }
    int rest[MAX_CARDS], n_rest = 0;
    for (Py_ssize_t i = 0; i < their_size; i++) {
        if (theirs[i] != card) {
            rest[n_rest++] = theirs[i];
        }
    }
    Changes ch = {0};
    PyObject *left = PyTuple_New(n_rest);
    for (int i = 0; left != NULL && i < n_rest; i++) {
        PyTuple_SET_ITEM(left, i, PyLong_FromLongLong(rest[i]));
    }
    if (left != NULL && PyErr_Occurred()) {
        Py_CLEAR(left);
    }
    PyObject *hands = replaced(p->hands, victim, left);
    PyObject *entry = Py_BuildValue("(OOl)", seat, action, card);
    set_field(&ch, E.phase, Py_NewRef(s_play));
    set_field(&ch, E.chance, chance_with(chance, state));
    set_field(&ch, E.log, entry == NULL ? NULL : Py_BuildValue("(NO)", entry, PyTuple_GET_ITEM(p->state, E.log)));
    set_field(&ch, E.hands, hands == NULL ? NULL : replaced(hands, p->turn, with_card(mine, size, card)));
    Py_XDECREF(hands);
    return evolved(p->state, &ch);
}

/* A crab pair's pile, then its card (engine.apply's crab_pile and crab_card). */
static PyObject *
apply_crab(const Parts *p, PyObject *seat, PyObject *action, int card_phase)
{
    const Compiled *c = p->c;
    Changes ch = {0};
    long long top;
    if (!card_phase) {
        for (int i = 0; i < 2; i++) {
            if (!top_of(p, i, &top)) {
                return NULL;
            }
            if (top >= 0 && same_str(action, c->pile[i])) {
                set_field(&ch, E.phase, Py_NewRef(s_crab_card));
                set_field(&ch, E.crab_pile, PyLong_FromLongLong(i));
                set_field(&ch, E.log, logged(p, seat, action));
                return evolved(p->state, &ch);
            }
        }
        return NULL;
    }
    long long chosen, card;
    uint64_t held;
    int hand[MAX_CARDS];
    Py_ssize_t size;
    if (!bounded(PyTuple_GET_ITEM(p->state, E.crab_pile), 0, 2, &chosen)
        || !hand_of(PyTuple_GET_ITEM(p->hands, p->turn), c, &held, hand, &size) || size >= c->cards) {
        return NULL;
    }
    PyObject *pile = PyTuple_GET_ITEM(p->piles, chosen);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pile); i++) {
        if (!bounded(PyTuple_GET_ITEM(pile, i), 0, c->cards, &card)) {
            return NULL;
        }
        if (same_str(action, c->pick[card])) {
            if (held >> card & 1) {
                return NULL;
            }
            PyObject *left = PyTuple_GetSlice(pile, 0, i), *right = PyTuple_GetSlice(pile, i + 1, PyTuple_GET_SIZE(pile));
            PyObject *rest = left == NULL || right == NULL ? NULL : PySequence_Concat(left, right);
            Py_XDECREF(left);
            Py_XDECREF(right);
            set_field(&ch, E.piles, replaced(p->piles, chosen, rest));
            set_field(&ch, E.phase, Py_NewRef(s_play));
            set_field(&ch, E.crab_pile, Py_NewRef(minus_one));
            set_field(&ch, E.hands, replaced(p->hands, p->turn, with_card(hand, size, card)));
            if (i == PyTuple_GET_SIZE(pile) - 1) { /* the top: every seat saw it go, the log keeps the card */
                PyObject *entry = Py_BuildValue("(OOL)", seat, action, card);
                set_field(&ch, E.log, entry == NULL ? NULL
                                      : Py_BuildValue("(NO)", entry, PyTuple_GET_ITEM(p->state, E.log)));
            } else {
                set_field(&ch, E.log, logged(p, seat, action));
            }
            return evolved(p->state, &ch);
        }
    }
    return NULL;
}

/* engine.apply for the common decisions (see the head of the file); NULL with no error set when
 * the plain code serves. ``seat`` and ``action`` are held by the caller. */
static PyObject *
apply_fast(const Parts *p, PyObject *seat, PyObject *action)
{
    const Compiled *c = p->c;
    long long tops[2], card = -1;
    int pile = -1;
    Changes ch = {0};
    if (!PyUnicode_CheckExact(action) || !is_turn(seat, p)) {
        return NULL;
    }
    if (same_str(p->phase, s_play)) {
        return apply_play(p, seat, action);
    }
    if (same_str(p->phase, s_crab_pile) || same_str(p->phase, s_crab_card)) {
        return apply_crab(p, seat, action, same_str(p->phase, s_crab_card));
    }
    if (same_str(p->phase, s_steal)) {
        return apply_steal(p, seat, action);
    }
    if (!top_of(p, 0, &tops[0]) || !top_of(p, 1, &tops[1])) {
        return NULL;
    }
    uint64_t held;
    int hand[MAX_CARDS];
    Py_ssize_t size;
    PyObject *piles = p->piles;
    if (!hand_of(PyTuple_GET_ITEM(p->hands, p->turn), c, &held, hand, &size) || size >= c->cards) {
        return NULL;
    }
    PyObject *left = PyTuple_GET_ITEM(piles, 0), *right = PyTuple_GET_ITEM(piles, 1), *deck = p->deck;
    Py_ssize_t n_deck = PyTuple_GET_SIZE(deck), n_left = PyTuple_GET_SIZE(left), n_right = PyTuple_GET_SIZE(right);
    if (same_str(p->phase, s_draw)) {
        if (same_str(action, s_draw) && n_deck) {
            set_field(&ch, E.log, logged(p, seat, action));
            if (n_deck >= 2) {
                set_field(&ch, E.phase, Py_NewRef(s_keep));
                set_field(&ch, E.drawn, slice(deck, 0, 2));
                set_field(&ch, E.deck, slice(deck, 2, n_deck));
                return evolved(p->state, &ch);
            }
            if (!bounded(PyTuple_GET_ITEM(deck, 0), 0, c->cards, &card) || (held >> card & 1)) {
                dropped(&ch);
                return NULL;
            }
            set_field(&ch, E.phase, Py_NewRef(s_play));
            set_field(&ch, E.deck, PyTuple_New(0));
            set_field(&ch, E.hands, replaced(p->hands, p->turn, with_card(hand, size, card)));
            return evolved(p->state, &ch);
        }
        for (int i = 0; i < 2 && pile < 0; i++) {
            if (tops[i] >= 0 && same_str(action, c->take[tops[i]])) {
                pile = i;
            }
        }
        if (pile < 0 || (held >> tops[pile] & 1)) {
            return NULL; /* pass, or not legal */
        }
        card = tops[pile];
        PyObject *new_piles = pile == 0 ? Py_BuildValue("(NO)", slice(left, 0, n_left - 1), right)
                                        : Py_BuildValue("(ON)", left, slice(right, 0, n_right - 1));
        set_field(&ch, E.phase, Py_NewRef(s_play));
        set_field(&ch, E.piles, new_piles);
        set_field(&ch, E.hands, replaced(p->hands, p->turn, with_card(hand, size, card)));
        set_field(&ch, E.log, logged(p, seat, action));
        return evolved(p->state, &ch);
    }
    if (same_str(p->phase, s_keep)) {
        PyObject *drawn = tuple_of(PyTuple_GET_ITEM(p->state, E.drawn), 2);
        long long first, second;
        if (drawn == NULL || !bounded(PyTuple_GET_ITEM(drawn, 0), 0, c->cards, &first)
            || !bounded(PyTuple_GET_ITEM(drawn, 1), 0, c->cards, &second) || first == second) {
            return NULL;
        }
        int only = tops[0] < 0 && tops[1] >= 0 ? 0 : tops[1] < 0 && tops[0] >= 0 ? 1 : -1;
        long long choices[2] = {first, second};
        for (int i = 0; i < 2 && pile < 0; i++) {
            for (int k = 0; k < 2 && pile < 0; k++) {
                if ((only < 0 || only == k) && same_str(action, c->keep[choices[i]][k])) {
                    card = choices[i];
                    pile = k;
                }
            }
        }
        if (pile < 0 || (held >> card & 1)) {
            return NULL;
        }
        PyObject *other = PyTuple_GET_ITEM(drawn, card == first ? 1 : 0);
        PyObject *old = pile == 0 ? left : right;
        PyObject *grown = PyTuple_New(PyTuple_GET_SIZE(old) + 1);
        if (grown != NULL) {
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(old); i++) {
                PyTuple_SET_ITEM(grown, i, Py_NewRef(PyTuple_GET_ITEM(old, i)));
            }
            PyTuple_SET_ITEM(grown, PyTuple_GET_SIZE(old), Py_NewRef(other));
        }
        PyObject *new_piles = grown == NULL ? NULL : pile == 0 ? Py_BuildValue("(NO)", grown, right)
                                                               : Py_BuildValue("(ON)", left, grown);
        set_field(&ch, E.phase, Py_NewRef(s_play));
        set_field(&ch, E.piles, new_piles);
        set_field(&ch, E.drawn, PyTuple_New(0));
        set_field(&ch, E.hands, replaced(p->hands, p->turn, with_card(hand, size, card)));
        set_field(&ch, E.log, logged(p, seat, action));
        return evolved(p->state, &ch);
    }
    return NULL;
}

/* A call that is not as the fast path takes it, made to the plain function as it was made (``self``
 * first, for a method), so that its error, or its result, is the plain one. */
static PyObject *
forward(PyObject *function, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (function == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "boomerang_rules.seasaltpaper._accel is not set up: hot_path calls "
                                            "accelerate() when it is imported (unless BOOMERANG_RULES_PURE is set)");
        return NULL;
    }
    if (self == NULL) {
        return PyObject_Vectorcall(function, args, nargs, kwnames);
    }
    Py_ssize_t total = nargs + (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
    PyObject **all = PyMem_Malloc((size_t)(total + 1) * sizeof(PyObject *));
    if (all == NULL) {
        return PyErr_NoMemory();
    }
    all[0] = self;
    if (total) {
        memcpy(all + 1, args, (size_t)total * sizeof(PyObject *));
    }
    PyObject *out = PyObject_Vectorcall(function, all, nargs + 1, kwnames);
    PyMem_Free(all);
    return out;
}

static PyObject *
apply_impl(PyObject *const *args)
{
    Parts p;
    if (parts_of(args[0], &p)) {
        PyObject *out = apply_fast(&p, args[1], args[2]);
        if (out != NULL || PyErr_Occurred()) {
            return out;
        }
    }
    return PyObject_Vectorcall(E.apply_plain, args, 3, NULL);
}

static PyObject *
legal_impl(PyObject *const *args)
{
    Parts p;
    if (parts_of(args[0], &p) && is_turn(args[1], &p)) {
        PyObject *out = legal_fast(&p, p.turn);
        if (out != NULL || PyErr_Occurred()) {
            return out;
        }
    }
    return PyObject_Vectorcall(E.legal_plain, args, 2, NULL);
}

static PyObject *
step_impl(PyObject *const *args)
{
    PyObject *actions = args[1];
    Parts p;
    if (parts_of(args[0], &p) && (PyList_CheckExact(actions) || PyTuple_CheckExact(actions))
        && PySequence_Fast_GET_SIZE(actions) == 1) {
        PyObject *action = Py_NewRef(PySequence_Fast_ITEMS(actions)[0]); /* held: a list can change */
        PyObject *seat = Py_NewRef(PyTuple_GET_ITEM(args[0], E.turn));
        PyObject *out = apply_fast(&p, seat, action);
        Py_DECREF(action);
        Py_DECREF(seat);
        if (out != NULL || PyErr_Occurred()) {
            return out;
        }
    }
    return PyObject_Vectorcall(E.step_plain, args, 2, NULL);
}

static PyObject *
to_act_impl(PyObject *state)
{
    if (E.ready && Py_IS_TYPE(state, E.state_type) && PyTuple_GET_SIZE(state) == E.size) {
        long long turn;
        PyObject *t = PyTuple_GET_ITEM(state, E.turn);
        if (small(t, &turn)) {
            return turn >= 0 && turn < MAX_SEATS ? Py_NewRef(seat_tuple[turn]) : turn >= 0 ? PyTuple_Pack(1, t) : PyTuple_New(0);
        }
    }
    return PyObject_CallOneArg(E.to_act_plain, state);
}

static PyObject *
is_over_impl(PyObject *state)
{
    if (E.ready && Py_IS_TYPE(state, E.state_type) && PyTuple_GET_SIZE(state) == E.size) {
        PyObject *phase = PyTuple_GET_ITEM(state, E.phase);
        if (PyUnicode_CheckExact(phase)) {
            return PyBool_FromLong(same_str(phase, s_over));
        }
    }
    return PyObject_CallOneArg(E.is_over_plain, state);
}

/* The round's end, compiled: rng.shuffled(state, range(n)) (the plain one), Tables.round_points and
 * GameState.entries. Each takes what it checks it can read and hands anything else to the plain code. */

#define MAX_LIMBS 6 /* 64! < 2**297: n! for n <= 64 in 64-bit limbs, most significant first */

static uint64_t factorial_limbs[MAX_CARDS + 1][MAX_LIMBS];
static int factorial_width[MAX_CARDS + 1];

static void
factorials(void)
{
    uint64_t f[MAX_LIMBS] = {0};
    f[MAX_LIMBS - 1] = 1;
    for (int n = 1; n <= MAX_CARDS; n++) {
        uint64_t carry = 0;
        for (int i = MAX_LIMBS - 1; i >= 0; i--) {
            f[i] = br_mul_add(f[i], (uint64_t)n, carry, &carry);
        }
        memcpy(factorial_limbs[n], f, sizeof f);
        int width = 0;
        for (int i = 0; i < MAX_LIMBS; i++) {
            if (f[i]) {
                width = (MAX_LIMBS - i) * 64 - br_clz64(f[i]);
                break;
            }
        }
        factorial_width[n] = width;
    }
}

/* rng.shuffle_plain on range(n), 2 <= n <= 64: the SplitMix64 words drawn into one integer of n!'s
 * width (the first word the most significant), rejection sampled below n!, read as the mixed-radix
 * digits of a Fisher-Yates shuffle. */
static uint64_t
shuffle_range(uint64_t state, int n, int *out)
{
    int width = factorial_width[n], words = (width + 63) / 64, shift = words * 64 - width;
    uint64_t r[MAX_LIMBS];
    for (int i = 0; i < n; i++) {
        out[i] = i;
    }
    for (;;) {
        uint64_t drawn[MAX_LIMBS];
        for (int w = 0; w < words; w++) {
            state += UINT64_C(0x9E3779B97F4A7C15);
            uint64_t z = state;
            z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
            z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
            drawn[w] = z ^ (z >> 31);
        }
        /* r = drawn >> shift, laid out in MAX_LIMBS limbs, most significant first */
        memset(r, 0, sizeof r);
        for (int w = words - 1, at = MAX_LIMBS - 1; w >= 0; w--, at--) {
            uint64_t low = drawn[w] >> shift;
            uint64_t high = shift && w > 0 ? drawn[w - 1] << (64 - shift) : 0;
            r[at] = low | high;
        }
        int below = 0;
        for (int i = 0; i < MAX_LIMBS; i++) {
            if (r[i] != factorial_limbs[n][i]) {
                below = r[i] < factorial_limbs[n][i];
                break;
            }
        }
        if (below) {
            break;
        }
    }
    int lead = 0; /* r's limbs before ``lead`` are zero */
    int i = n - 1;
    while (i > 0) { /* as many radices at once as fit in 64 bits: one long division a group */
        uint64_t group = 1, rem = 0;
        int k = i;
        while (k > 0 && group <= UINT64_MAX / (uint64_t)(k + 1)) {
            group *= (uint64_t)(k + 1);
            k--;
        }
        for (int w = lead; w < MAX_LIMBS; w++) {
            r[w] = br_div_128_64(rem, r[w], group, &rem);
        }
        while (lead < MAX_LIMBS && r[lead] == 0) {
            lead++;
        }
        for (; i > k; i--) { /* the group's digits, from its remainder */
            uint64_t d = (uint64_t)i + 1;
            int j = (int)(rem % d), t = out[i];
            rem /= d;
            out[i] = out[j];
            out[j] = t;
        }
    }
    return state;
}

/* shuffled(state, n): rng.shuffled(state, range(n)) for an exact int state in [0, 2**64) and
 * 2 <= n <= 64; the plain function for anything else. */
static PyObject *
shuffled_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    long long n;
    if (E.ready && nargs == 2 && kwnames == NULL && PyLong_CheckExact(args[0]) && bounded(args[1], 2, MAX_CARDS + 1, &n)) {
        unsigned long long state = PyLong_AsUnsignedLongLong(args[0]);
        if (!(state == (unsigned long long)-1 && PyErr_Occurred())) {
            int order[MAX_CARDS];
            uint64_t after = shuffle_range((uint64_t)state, (int)n, order);
            PyObject *deck = PyTuple_New(n);
            for (long long i = 0; deck != NULL && i < n; i++) {
                PyTuple_SET_ITEM(deck, i, PyLong_FromLongLong(order[i]));
            }
            if (deck == NULL || PyErr_Occurred()) {
                Py_XDECREF(deck);
                return NULL;
            }
            return Py_BuildValue("(KN)", (unsigned long long)after, deck);
        }
        PyErr_Clear();
    }
    return forward(E.shuffled_plain, NULL, args, nargs, kwnames);
}

/* round_points(tables, hand, played): Tables.round_points (card points and colour bonus) for the
 * base game's tables; the plain method for anything else. */
static PyObject *
round_points_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    Compiled *c;
    long long points, bonus;
    if (E.ready && nargs == 3 && kwnames == NULL && Py_IS_TYPE(args[0], E.tables_type) && (c = compiled_of(args[0])) != NULL
        && seat_points(c, args[1], args[2], &points, &bonus)) {
        return Py_BuildValue("(ll)", points, bonus);
    }
    return forward(E.round_points_plain, NULL, args, nargs, kwnames);
}

/* entries(state): GameState.entries (the round's log, oldest first) for a state the engine made; the
 * plain method for anything else. */
static PyObject *
entries_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    if (E.ready && nargs == 1 && kwnames == NULL && Py_IS_TYPE(args[0], E.state_type)
        && PyTuple_GET_SIZE(args[0]) == E.size) {
        PyObject *out = log_entries(args[0]); /* a chain of exact pairs, which the state holds */
        if (out != NULL || PyErr_Occurred()) {
            return out;
        }
    }
    return forward(E.entries_plain, NULL, args, nargs, kwnames);
}

/* random_play(state, draws) -> state: core.bots._random_play's loop (the reference) for as long as
 * the fast path serves every decision: the seat whose turn it is draws k below the number of its
 * legal actions from its generator, draws[seat] (rng.below, as RandomBot.choose does), and plays
 * the k-th. It stops, returning the state reached, at the game's end or at the first state,
 * legal actions or decision the fast path does not take (the caller plays on in Python from
 * there: a state another code made, Extra Salt's, the mermaids...). ``draws`` must be an exact
 * list of at least ``players`` exact ints below 2**64 (else nothing is played); the generators
 * are written back into it however the loop ends: one drawn for a decision apply raised on
 * advanced, as the plain loop leaves it; one drawn for a decision the fast path declined not
 * (the caller's loop draws it again).
 *
 * Memory: the state, the legal actions and so the action drawn are held (owned) across apply,
 * whose round's end calls Python code; the generators are read into C first, and written back
 * only into a list still exact and long enough. */
static PyObject *
random_play_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    if (nargs != 2 || kwnames != NULL) {
        PyErr_SetString(PyExc_TypeError, "random_play(state, draws) takes two positional arguments");
        return NULL;
    }
    PyObject *state = Py_NewRef(args[0]), *draws = args[1];
    uint64_t gen[MAX_SEATS];
    Py_ssize_t seats = PyList_CheckExact(draws) ? PyList_GET_SIZE(draws) : 0;
    if (seats > MAX_SEATS) {
        seats = MAX_SEATS;
    }
    for (Py_ssize_t i = 0; i < seats; i++) {
        PyObject *g = PyList_GET_ITEM(draws, i);
        if (!PyLong_CheckExact(g)) {
            return state;
        }
        gen[i] = (uint64_t)PyLong_AsUnsignedLongLong(g); /* an exact int: no Python code */
        if (gen[i] == (uint64_t)-1 && PyErr_Occurred()) { /* negative or past 64 bits: the plain loop's */
            PyErr_Clear();
            return state;
        }
    }
    int failed = 0;
    Parts p;
    while (parts_of(state, &p) && p.players <= seats) {
        PyObject *legal = legal_fast(&p, p.turn);
        if (legal == NULL) {
            failed = PyErr_Occurred() != NULL;
            break;
        }
        if (!PyTuple_CheckExact(legal) || PyTuple_GET_SIZE(legal) == 0) { /* never: the plain loop's to judge */
            Py_DECREF(legal);
            break;
        }
        uint64_t before = gen[p.turn];
        uint64_t k = below(&gen[p.turn], (uint64_t)PyTuple_GET_SIZE(legal));
        PyObject *seat = PyTuple_GET_ITEM(state, E.turn); /* borrowed from the state, held */
        PyObject *out = apply_fast(&p, seat, PyTuple_GET_ITEM(legal, (Py_ssize_t)k));
        Py_DECREF(legal);
        if (out == NULL) {
            failed = PyErr_Occurred() != NULL;
            if (!failed) {
                gen[p.turn] = before; /* not played here: the caller's loop draws it again */
            }
            break;
        }
        Py_SETREF(state, out);
    }
    if (PyList_CheckExact(draws) && PyList_GET_SIZE(draws) >= seats) {
        for (Py_ssize_t i = 0; i < seats; i++) {
            PyObject *g = PyLong_FromUnsignedLongLong(gen[i]);
            if (g == NULL) {
                failed = 1;
                break;
            }
            PyList_SetItem(draws, i, g); /* steals g; the old int released */
        }
    }
    if (failed) {
        Py_DECREF(state);
        return NULL;
    }
    return state;
}

/* As functions: apply(state, seat, action), legal_actions(state, seat), step(state, actions). */
static PyObject *
apply_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 3 && kwnames == NULL ? apply_impl(args) : forward(E.apply_plain, NULL, args, nargs, kwnames);
}

static PyObject *
legal_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 2 && kwnames == NULL ? legal_impl(args) : forward(E.legal_plain, NULL, args, nargs, kwnames);
}

static PyObject *
step_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 2 && kwnames == NULL ? step_impl(args) : forward(E.step_plain, NULL, args, nargs, kwnames);
}

static PyObject *
to_act_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 1 && kwnames == NULL ? to_act_impl(args[0])
                                                     : forward(E.to_act_plain, NULL, args, nargs, kwnames);
}

static PyObject *
is_over_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 1 && kwnames == NULL ? is_over_impl(args[0])
                                                     : forward(E.is_over_plain, NULL, args, nargs, kwnames);
}

/* As GameState's methods (the top-level API calls ``state._br_apply(seat, action)``). */
static PyObject *
apply_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != 2 || kwnames != NULL) {
        return forward(E.apply_plain, self, args, nargs, kwnames);
    }
    PyObject *all[3] = {self, args[0], args[1]};
    return apply_impl(all);
}

static PyObject *
legal_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != 1 || kwnames != NULL) {
        return forward(E.legal_plain, self, args, nargs, kwnames);
    }
    PyObject *all[2] = {self, args[0]};
    return legal_impl(all);
}

static PyObject *
step_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != 1 || kwnames != NULL) {
        return forward(E.step_plain, self, args, nargs, kwnames);
    }
    PyObject *all[2] = {self, args[0]};
    return step_impl(all);
}

static PyObject *
to_act_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != 0 || kwnames != NULL) {
        return forward(E.to_act_plain, self, args, nargs, kwnames);
    }
    return to_act_impl(self);
}

static PyObject *
is_over_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != 0 || kwnames != NULL) {
        return forward(E.is_over_plain, self, args, nargs, kwnames);
    }
    return is_over_impl(self);
}

#define APPLY_DOC "The same as hot_path.apply_plain (the reference), compiled for the common case."
#define LEGAL_DOC "The same as hot_path.legal_actions_plain (the reference), compiled for the common case."
#define STEP_DOC "The same as hot_path.step_plain (the reference), compiled for the common case."
#define TO_ACT_DOC "The same as engine.to_act (the reference), compiled."
#define IS_OVER_DOC "The same as engine.is_over (the reference), compiled."

static PyMethodDef state_methods[] = {
    {"apply", (PyCFunction)(void (*)(void))apply_method, METH_FASTCALL | METH_KEYWORDS, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_method, METH_FASTCALL | METH_KEYWORDS, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_method, METH_FASTCALL | METH_KEYWORDS, STEP_DOC},
    {"to_act", (PyCFunction)(void (*)(void))to_act_method, METH_FASTCALL | METH_KEYWORDS, TO_ACT_DOC},
    {"is_over", (PyCFunction)(void (*)(void))is_over_method, METH_FASTCALL | METH_KEYWORDS, IS_OVER_DOC},
};

/* The offset of a slotted class's object slot, from its member descriptor. */
static int
offset_of(PyTypeObject *cls, const char *name, Py_ssize_t *out)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)cls, name);
    if (descr == NULL) {
        return 0;
    }
    int ok = Py_IS_TYPE(descr, &PyMemberDescr_Type) && ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX
        && PyType_IsSubtype(cls, PyDescr_TYPE(descr));
    if (ok) {
        *out = ((PyMemberDescrObject *)descr)->d_member->offset;
    }
    else {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot of it", cls->tp_name, name);
    }
    Py_DECREF(descr);
    return ok;
}

static PyObject *
accelerate(PyObject *module, PyObject *args)
{
    (void)module;
    Engine e = {0};
    PyObject *fields;
    PyObject *chance_fields;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!OOOOOOOOOOOO:accelerate", &PyType_Type, &e.state_type, &PyType_Type,
                          &e.tables_type, &PyTuple_Type, &fields, &PyType_Type, &e.chance_type, &PyTuple_Type,
                          &chance_fields, &e.apply_plain, &e.legal_plain, &e.step_plain, &e.to_act_plain,
                          &e.is_over_plain, &e.shuffled_plain, &e.round_points_plain, &e.entries_plain,
                          &e.finish_round, &e.round_result, &e.winners_plain, &e.target_plain)) {
        return NULL;
    }
    /* Chance: slotted, every field an object slot (a new one is made by copying them all) */
    e.chance_slots = (int)PyTuple_GET_SIZE(chance_fields);
    e.chance_rng = e.chance_steals = e.chance_steals_used = e.chance_decks = -1;
    if (e.chance_slots > 16 || e.chance_type->tp_dictoffset != 0) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a slotted Chance of at most 16 fields");
        return NULL;
    }
    for (int i = 0; i < e.chance_slots; i++) {
        PyObject *name = PyTuple_GET_ITEM(chance_fields, i);
        const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
        if (text == NULL || !offset_of(e.chance_type, text, &e.chance_offsets[i])) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "accelerate: Chance's fields must be names");
            }
            return NULL;
        }
        e.chance_rng = strcmp(text, "rng") == 0 ? e.chance_offsets[i] : e.chance_rng;
        e.chance_steals = strcmp(text, "steals") == 0 ? e.chance_offsets[i] : e.chance_steals;
        e.chance_steals_used = strcmp(text, "steals_used") == 0 ? e.chance_offsets[i] : e.chance_steals_used;
        e.chance_decks = strcmp(text, "decks") == 0 ? e.chance_offsets[i] : e.chance_decks;
    }
    if (e.chance_rng < 0 || e.chance_steals < 0 || e.chance_steals_used < 0 || e.chance_decks < 0) {
        PyErr_SetString(PyExc_TypeError, "accelerate: Chance needs rng, decks, steals and steals_used");
        return NULL;
    }
    if (!PyType_IsSubtype(e.state_type, &PyTuple_Type) || !offset_of(e.tables_type, "compiled", &e.compiled_offset)) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "accelerate needs a tuple-backed state class");
        }
        return NULL;
    }
    struct { const char *name; Py_ssize_t *at; } names[] = {
        {"tables", &e.tables}, {"players", &e.players}, {"turn", &e.turn}, {"phase", &e.phase}, {"deck", &e.deck},
        {"piles", &e.piles}, {"hands", &e.hands}, {"played", &e.played}, {"drawn", &e.drawn}, {"caller", &e.caller},
        {"crab_pile", &e.crab_pile}, {"final", &e.final}, {"protected", &e.protected}, {"chance", &e.chance},
        {"turn_no", &e.turn_no}, {"last_turns", &e.last_turns}, {"log", &e.log}, {"round", &e.round},
        {"first", &e.first}, {"totals", &e.totals}, {"history", &e.history}, {"deck0", &e.deck0},
        {"winners_", &e.winners},
    };
    e.size = PyTuple_GET_SIZE(fields);
    if (e.size > 64) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a state of at most 64 fields");
        return NULL;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *names[i].at = -1;
        for (Py_ssize_t k = 0; k < e.size; k++) {
            PyObject *name = PyTuple_GET_ITEM(fields, k);
            if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, names[i].name) == 0) {
                *names[i].at = k;
            }
        }
        if (*names[i].at < 0) {
            PyErr_Format(PyExc_TypeError, "accelerate: the state has no field %s", names[i].name);
            return NULL;
        }
    }
    PyObject *methods = PyDict_New();
    for (size_t i = 0; methods != NULL && i < sizeof state_methods / sizeof state_methods[0]; i++) {
        PyObject *descr = PyDescr_NewMethod(e.state_type, &state_methods[i]);
        if (descr == NULL || PyDict_SetItemString(methods, state_methods[i].ml_name, descr) < 0) {
            Py_XDECREF(descr);
            Py_CLEAR(methods);
            break;
        }
        Py_DECREF(descr);
    }
    if (methods == NULL) {
        return NULL;
    }
    /* All checked: set up at once (a second call replaces the first whole; the old one's states then
     * take the plain code, their types no longer being the engine's; parsed tables stay valid). */
    PyObject **own[] = {(PyObject **)&e.state_type, (PyObject **)&e.tables_type, (PyObject **)&e.chance_type, &e.apply_plain, &e.legal_plain,
                        &e.step_plain, &e.to_act_plain, &e.is_over_plain, &e.shuffled_plain, &e.round_points_plain,
                        &e.entries_plain, &e.finish_round, &e.round_result, &e.winners_plain, &e.target_plain};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        Py_INCREF(*own[i]);
    }
    Engine old = E;
    e.ready = 1;
    E = e;
    generation++;
    if (old.ready) {
        PyObject **was[] = {(PyObject **)&old.state_type, (PyObject **)&old.tables_type, (PyObject **)&old.chance_type,
                            &old.apply_plain,
                            &old.legal_plain, &old.step_plain, &old.to_act_plain, &old.is_over_plain,
                            &old.shuffled_plain, &old.round_points_plain, &old.entries_plain, &old.finish_round,
                            &old.round_result, &old.winners_plain, &old.target_plain};
        for (size_t i = 0; i < sizeof was / sizeof was[0]; i++) {
            Py_DECREF(*was[i]);
        }
    }
    return methods;
}

static PyMethodDef module_methods[] = {
    {"accelerate", accelerate, METH_VARARGS,
     "accelerate(GameState, Tables, field_names, Chance, chance_field_names, apply_plain, legal_actions_plain, step_plain, to_act_plain, "
     "is_over_plain, shuffled_plain, round_points_plain, entries_plain, finish_round, RoundResult, winners_plain, target_plain) "
     "-> {name: GameState method}: set up the "
     "compiled path; the functions below and the methods returned then play it."},
    {"shuffled", (PyCFunction)(void (*)(void))shuffled_function, METH_FASTCALL | METH_KEYWORDS,
     "shuffled(state, n): rng.shuffled(state, range(n)) (the reference), compiled for 2 <= n <= 64."},
    {"round_points", (PyCFunction)(void (*)(void))round_points_function, METH_FASTCALL | METH_KEYWORDS,
     "round_points(tables, hand, played): Tables.round_points (the reference), compiled for the base game."},
    {"entries", (PyCFunction)(void (*)(void))entries_function, METH_FASTCALL | METH_KEYWORDS,
     "entries(state): GameState.entries (the reference), compiled."},
    {"apply", (PyCFunction)(void (*)(void))apply_function, METH_FASTCALL | METH_KEYWORDS, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_function, METH_FASTCALL | METH_KEYWORDS, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_function, METH_FASTCALL | METH_KEYWORDS, STEP_DOC},
    {"to_act", (PyCFunction)(void (*)(void))to_act_function, METH_FASTCALL | METH_KEYWORDS, TO_ACT_DOC},
    {"is_over", (PyCFunction)(void (*)(void))is_over_function, METH_FASTCALL | METH_KEYWORDS, IS_OVER_DOC},
    {"random_play", (PyCFunction)(void (*)(void))random_play_function, METH_FASTCALL | METH_KEYWORDS,
     "random_play(state, draws) -> state: core.bots._random_play's loop (the reference) for as long as the "
     "compiled path serves every decision, the seats' generators in the list draws, written back."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_accel",
    "The compiled hot path of Sea Salt & Paper's engine (see hot_path.py; optional: the plain Python "
    "functions are the reference and stand in when this is not built).",
    -1, module_methods,
};

PyMODINIT_FUNC
PyInit__accel(void)
{
    struct { PyObject **to; const char *text; } strings[] = {
        {&s_draw, "draw"}, {&s_keep, "keep"}, {&s_play, "play"}, {&s_over, "over"}, {&s_end, "end"},
        {&s_mermaids, "mermaids"}, {&s_last_chance, "last_chance"}, {&s_stop, "stop"}, {&s_crab_pile, "crab_pile"},
        {&s_crab_card, "crab_card"}, {&s_steal, "steal"}, {&s_take_from_discard, "take_from_discard"},
        {&s_extra_turn, "extra_turn"}, {&s_empty_deck, "empty_deck"},
    };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        if (*strings[i].to == NULL && (*strings[i].to = PyUnicode_InternFromString(strings[i].text)) == NULL) {
            return NULL;
        }
    }
    if (end_only == NULL && (end_only = PyTuple_Pack(1, s_end)) == NULL) {
        return NULL;
    }
    if (mermaids_only == NULL && (mermaids_only = PyTuple_Pack(1, s_mermaids)) == NULL) {
        return NULL;
    }
    if (minus_one == NULL && (minus_one = PyLong_FromLongLong(-1)) == NULL) {
        return NULL;
    }
    factorials();
    PyObject *low = PyLong_FromLongLong(SMALL_INT_LOW); /* a cached object: no allocation */
    uintptr_t base = (uintptr_t)low;
    for (long long k = SMALL_INT_LOW; base != 0 && k <= SMALL_INT_HIGH; k++) {
        PyObject *v = PyLong_FromLongLong(k);
        if (v == NULL || (uintptr_t)v != base + (uintptr_t)(k - SMALL_INT_LOW) * sizeof(PyLongObject)
            || !PyLong_CheckExact(v) || PyLong_AsLongLong(v) != k) {
            base = 0;
        }
        Py_XDECREF(v);
    }
    Py_XDECREF(low); /* the array is static: its addresses stay valid */
    PyErr_Clear();
    small_int_base = base;
    for (int i = 0; i < MAX_SEATS; i++) {
        if (s_steal_seat[i] == NULL && (s_steal_seat[i] = PyUnicode_FromFormat("steal:%d", i)) == NULL) {
            return NULL;
        }
        if (seat_tuple[i] == NULL && (seat_tuple[i] = Py_BuildValue("(i)", i)) == NULL) {
            return NULL;
        }
    }
    return PyModule_Create(&module_def);
}
