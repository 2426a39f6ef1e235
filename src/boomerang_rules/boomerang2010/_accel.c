/* The decision-level hot path of Boomerang (2010), compiled: apply, legal_actions, step, to_act, is_over,
 * and score_sheets (below, after accelerate).
 *
 * The same functions as engine.py's plain ones (apply_plain, ...), for the common case only: a
 * state the engine made (its exact class, 20 fields, the numbers exact ints, the tuples exact
 * tuples, its tables the engine's exact class), an exact int seat, and an action that is an
 * exact str or int naming a land, ``pass`` or ``throw`` that is legal now. Anything else -- a
 * refusal, a junk value, a subclass, a field of another type, a call with keywords or the wrong
 * number of arguments -- is handed to the plain Python function, so every message and every
 * refusal is the plain reading's own. The end of a hunt (the capture, the round's log, the next
 * river) is compiled too, with the plain ``_capture`` for what it does not take. Tests compare the two on every shipped
 * ruleset, at every player count, state by state (tests/test_accel_boomerang2010.py).
 *
 * Memory: the C reads only exact types it has checked. The state is a tuple its caller holds,
 * so its items stay alive through the call; the tables' slots can be rebound by Python code
 * (object.__setattr__), so what is read from them is held by a strong reference across anything
 * that can run Python (a dict lookup may call a key's __eq__; an allocation may run a finalizer).
 * A round's log (RoundLog, a slotted attrs class with neither converters nor validators) is made
 * by its type's allocator and its seven slots set, as its __init__ would set them.
 * A list of actions given to step is copied, each item held, before any lookup.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/_portable.h"
#include <structmember.h>
#include <string.h>

/* GameState's fields, in order (engine.py passes state.FIELD's names; accelerate checks them). */
enum {
    RULES, TABLES, PLAYERS, ROUND, PHASE, DECK, RIVER, TURNED, FIRST, TOKENS, BOOMERANGS, POT, ACTIVE, STACK,
    HUNT, CAPTURED, HISTORY, DECK_ORDER, SEED, NAMES, N_FIELDS
};
static const char *field_names[N_FIELDS] = {
    "rules", "tables", "players", "round", "phase", "deck", "river", "turned", "first", "tokens", "boomerangs",
    "pot", "active", "stack", "hunt", "captured", "history", "deck_order", "seed", "names",
};

#define MAX_SEATS 16
#define MAX_RIVER 256 /* a longer river (a larger deck) is captured by the plain code */
#define NO_TOKEN (-1)

enum { P_TOKENS, P_HUNT, P_OVER };
enum { A_PASS = -2, A_THROW = -3, A_NONE = -4 }; /* an action's kind; a land is its index (>= 0) */

typedef struct {
    PyTypeObject *state_type, *tables_type;
    PyObject *apply_plain, *legal_plain, *step_plain, *to_act_plain, *is_over_plain, *capture_plain;
    PyObject *pass, *throw, *tokens, *hunt, *over; /* the engine's own strs */
    PyObject *choices_pass, *choices_both;         /* engine._HUNT_CHOICES: (pass,), (pass, throw) */
    PyObject *seat_tuples[MAX_SEATS];              /* (0,), (1,), ...: what to_act gives in the hunt */
    PyTypeObject *round_log;                       /* the RoundLog class: slotted, built at its slots' offsets */
    Py_ssize_t log_fields[7];                      /* its slots first, turned, river, tokens, hunt, stack, captures */
    Py_ssize_t lands, land_index, card_lands, all_lands, rules; /* Tables' slots, by offset */
    int ready;
} Engine;

static Engine E;

#define SLOT(obj, offset) (*(PyObject **)((char *)(obj) + (offset)))

/* A new reference to a slot of the tables (NULL, no error set, when it is unset). */
static PyObject *
slot(PyObject *tables, Py_ssize_t offset)
{
    PyObject *o = SLOT(tables, offset);
    Py_XINCREF(o);
    return o;
}

/* mappingproxy's layout (CPython's descrobject.c: the head, then the mapping it shows), checked
 * once at import on a proxy made there; where it does not hold, no proxy is read from C. */
typedef struct {
    PyObject_HEAD
    PyObject *mapping;
} ProxyLayout;

static int proxy_layout_holds;

/* The exact dict ``codes`` is, or the one the tables' mappingproxy shows; NULL for anything else.
 * Borrowed: it lives as long as ``codes``. */
static PyObject *
exact_dict(PyObject *codes)
{
    if (codes == NULL) {
        return NULL;
    }
    if (PyDict_CheckExact(codes)) {
        return codes;
    }
    if (proxy_layout_holds && Py_IS_TYPE(codes, &PyDictProxy_Type)) {
        PyObject *mapping = ((ProxyLayout *)codes)->mapping;
        return mapping != NULL && PyDict_CheckExact(mapping) ? mapping : NULL;
    }
    return NULL;
}

/* An exact int that fits a long; 0 (no error set) for anything else. An int of at most one digit
 * (every count, seat and card index the engine makes) is read from its digit directly, as
 * CPython's own compact-int paths do (its layout: 3.11's ob_size and ob_digit; 3.12's API). */
static int
small(PyObject *o, long long *out)
{
    if (o == NULL || !PyLong_CheckExact(o)) {
        return 0;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *out = (long long)PyUnstable_Long_CompactValue((PyLongObject *)o);
        return 1;
    }
#else
    Py_ssize_t size = Py_SIZE(o);
    if (size >= -1 && size <= 1) {
        *out = (long long)size * (long long)((PyLongObject *)o)->ob_digit[0];
        return 1;
    }
#endif
    int overflow;
    *out = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (*out == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* Whether ``o`` is the exact str ``name`` (the engine's object, or an equal exact str). */
static int
is_str(PyObject *o, PyObject *name)
{
    return o == name || (PyUnicode_CheckExact(o) && PyUnicode_Compare(o, name) == 0);
}

/* The parts of a state the fast path reads, checked; 0 when it is not one the engine made.
 * ``f`` points at the state's items (borrowed: the state is a tuple its caller holds). */
typedef struct {
    PyObject *const *f;
    Py_ssize_t players;
    int phase;
} Parts;

static int
parts_of(PyObject *state, Parts *p)
{
    long long players;
    if (!E.ready || !Py_IS_TYPE(state, E.state_type) || PyTuple_GET_SIZE(state) != N_FIELDS) {
        return 0;
    }
    p->f = &PyTuple_GET_ITEM(state, 0);
    PyObject *phase = p->f[PHASE];
    if (phase == E.hunt || is_str(phase, E.hunt)) {
        p->phase = P_HUNT;
    }
    else if (phase == E.tokens || is_str(phase, E.tokens)) {
        p->phase = P_TOKENS;
    }
    else if (phase == E.over || is_str(phase, E.over)) {
        p->phase = P_OVER;
    }
    else {
        return 0;
    }
    if (!Py_IS_TYPE(p->f[TABLES], E.tables_type) || !small(p->f[PLAYERS], &players) || players < 1
        || players > MAX_SEATS) {
        return 0;
    }
    p->players = (Py_ssize_t)players;
    return 1;
}

/* ``seat`` as a number below the state's player count; -1 when it is anything else. */
static Py_ssize_t
seat_of(PyObject *seat, const Parts *p)
{
    long long s;
    return small(seat, &s) && s >= 0 && s < p->players ? (Py_ssize_t)s : -1;
}

/* An exact tuple of ``n`` exact ints, read into ``out``; 0 for anything else. */
static int
ints_of(PyObject *tuple, Py_ssize_t n, long long *out)
{
    if (!PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) != n) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!small(PyTuple_GET_ITEM(tuple, i), &out[i])) {
            return 0;
        }
    }
    return 1;
}

/* The hunt's active seats, read: an exact tuple of 2 to ``players`` exact ints. */
static Py_ssize_t
active_of(const Parts *p, long long *active)
{
    PyObject *a = p->f[ACTIVE];
    if (!PyTuple_CheckExact(a)) {
        return 0;
    }
    Py_ssize_t k = PyTuple_GET_SIZE(a);
    return k >= 2 && k <= p->players && ints_of(a, k, active) ? k : 0;
}

/* What ``action`` is: a land's index, A_PASS, A_THROW, or A_NONE (not for the fast path, or not
 * an action at all: the plain code judges it). ``lands`` and ``index`` are the tables' (held by
 * the caller); a str is looked up (which may run Python code: the caller holds what it reads). */
static long long
kind_of(PyObject *action, PyObject *lands, PyObject *index)
{
    if (!PyTuple_CheckExact(lands)) {
        return A_NONE;
    }
    Py_ssize_t n_lands = PyTuple_GET_SIZE(lands);
    PyObject *name = action;
    if (PyLong_CheckExact(action)) {
        long long id;
        if (!small(action, &id) || id < 0 || id > n_lands + 1) {
            return A_NONE;
        }
        if (id == n_lands) {
            return A_PASS;
        }
        if (id == n_lands + 1) {
            return A_THROW;
        }
        name = PyTuple_GET_ITEM(lands, id); /* borrowed from ``lands``, which the caller holds */
        if (!PyUnicode_CheckExact(name)) {
            return A_NONE;
        }
    }
    else if (action == E.pass) { /* the engine's own objects first: what legal_actions gives */
        return A_PASS;
    }
    else if (action == E.throw) {
        return A_THROW;
    }
    else if (!PyUnicode_CheckExact(action)) {
        return A_NONE;
    }
    else if (is_str(action, E.pass)) {
        return A_PASS;
    }
    else if (is_str(action, E.throw)) {
        return A_THROW;
    }
    PyObject *dict = exact_dict(index);
    if (dict == NULL) {
        return A_NONE;
    }
    PyObject *entry = PyDict_GetItemWithError(dict, name); /* borrowed; read at once */
    long long land;
    if (entry == NULL) {
        PyErr_Clear();
        return A_NONE;
    }
    return small(entry, &land) && land >= 0 && land < n_lands ? land : A_NONE;
}

/* A new GameState: the fields of ``state``, those of ``replaced`` (new references, stolen, also
 * on failure; NULL where the old field stays) in their place. */
static PyObject *
evolve(PyObject *state, PyObject **replaced)
{
    if (PyErr_Occurred()) {
        goto fail; /* a failed allocation of one of the new fields (the only error that can be pending here) */
    }
    PyObject *out = E.state_type->tp_alloc(E.state_type, N_FIELDS);
    if (out == NULL) {
        goto fail;
    }
    for (int i = 0; i < N_FIELDS; i++) {
        PyObject *o = replaced[i];
        if (o == NULL) {
            o = PyTuple_GET_ITEM(state, i);
            Py_INCREF(o);
        }
        PyTuple_SET_ITEM(out, i, o);
    }
    return out;
fail:
    for (int i = 0; i < N_FIELDS; i++) {
        Py_XDECREF(replaced[i]);
    }
    return NULL;
}

/* ``tuple`` with item ``i`` set to the int ``value``: a new tuple of exact ints. */
static PyObject *
with_int(PyObject *tuple, Py_ssize_t i, long long value)
{
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    PyObject *out = PyTuple_New(n);
    PyObject *v = PyLong_FromLongLong(value);
    if (out == NULL || v == NULL) {
        Py_XDECREF(out);
        Py_XDECREF(v);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *o = k == i ? v : PyTuple_GET_ITEM(tuple, k);
        if (k != i) {
            Py_INCREF(o);
        }
        PyTuple_SET_ITEM(out, k, o);
    }
    return out;
}

/* ``tuple`` with ``item`` appended (a new reference to ``item`` is taken). */
static PyObject *
appended(PyObject *tuple, PyObject *item)
{
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    PyObject *out = PyTuple_New(n + 1);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *o = PyTuple_GET_ITEM(tuple, k);
        Py_INCREF(o);
        PyTuple_SET_ITEM(out, k, o);
    }
    Py_INCREF(item);
    PyTuple_SET_ITEM(out, n, item);
    return out;
}

/* The turn order of a hunt opened by ``first``: (first, first + 1, ...) modulo ``n``. */
static PyObject *
turn_order(long long first, Py_ssize_t n)
{
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *seat = PyLong_FromLongLong((first + (long long)i) % (long long)n);
        if (seat == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, seat);
    }
    return out;
}

/* ``throw`` by ``seat`` (whose turn it is, with ``held`` > 0 boomerangs): one into the pot, the
 * turn to the next seat. */
static PyObject *
throw_(PyObject *state, const Parts *p, Py_ssize_t seat, long long held, long long pot)
{
    PyObject *active = p->f[ACTIVE], *hunt = p->f[HUNT];
    Py_ssize_t k = PyTuple_GET_SIZE(active);
    PyObject *rotated = PyTuple_New(k);
    if (rotated == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *o = PyTuple_GET_ITEM(active, (i + 1) % k);
        Py_INCREF(o);
        PyTuple_SET_ITEM(rotated, i, o);
    }
    PyObject *replaced[N_FIELDS] = {NULL};
    replaced[ACTIVE] = rotated;
    replaced[BOOMERANGS] = with_int(p->f[BOOMERANGS], seat, held - 1);
    replaced[POT] = PyLong_FromLongLong(pot + 1);
    replaced[HUNT] = appended(hunt, E.throw);
    return evolve(state, replaced);
}

/* An exact tuple of exact ints in [0, below), read into ``out`` (room for ``room``); its length,
 * or -1 for anything else. */
static Py_ssize_t
indices_of(PyObject *tuple, long long below, long long *out, Py_ssize_t room)
{
    if (!PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) > room) {
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!small(PyTuple_GET_ITEM(tuple, i), &out[i]) || out[i] < 0 || out[i] >= below) {
            return -1;
        }
    }
    return n;
}

/* The lands card ``c`` shows, as bits (an exact int in [0, 2**62) of ``card_lands``); -1 if not. */
static long long
lands_of(PyObject *card_lands, long long c)
{
    long long bits;
    return small(PyTuple_GET_ITEM(card_lands, c), &bits) && bits >= 0 && bits < (1LL << 62) ? bits : -1;
}

/* A new tuple of ``tuple``'s items from ``start`` (those where ``keep`` is 1 or ``keep`` is NULL)
 * up to ``stop``, each the same object. */
static PyObject *
picked(PyObject *tuple, Py_ssize_t start, Py_ssize_t stop, const signed char *keep, signed char want)
{
    Py_ssize_t k = 0;
    for (Py_ssize_t i = start; i < stop; i++) {
        k += keep == NULL || keep[i] == want;
    }
    PyObject *out = PyTuple_New(k);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = start, j = 0; i < stop; i++) {
        if (keep == NULL || keep[i] == want) {
            PyObject *o = PyTuple_GET_ITEM(tuple, i);
            Py_INCREF(o);
            PyTuple_SET_ITEM(out, j++, o);
        }
    }
    return out;
}

/* The tables' slots the end of a hunt reads, held (new references, or NULL where unset). */
typedef struct {
    PyObject *card_lands, *all_lands, *rules;
} Held;

/* engine._capture(state, boomerangs, stack, hunt), compiled: the stack resolved from the top down,
 * the round logged (a RoundLog, made by its class), and the next round's river turned up, or the
 * game over on an empty deck. Py_NotImplemented (a new reference) where the plain one must answer.
 * ``boomerangs``, ``stack`` and ``hunt`` are the caller's new tuples, of exact ints and strs. */
static PyObject *
capture_fast(PyObject *state, const Parts *p, PyObject *boomerangs, PyObject *stack, PyObject *hunt, Held *h)
{
    PyObject *const *f = p->f;
    Py_ssize_t n = p->players;
    long long river[MAX_RIVER], deck[MAX_RIVER], tokens[MAX_SEATS], seats[MAX_SEATS], round_no, all_lands, cards;
    long long masks[MAX_RIVER];
    signed char owner[MAX_RIVER]; /* which stack entry took each river card: its position from the top, or -1
                                   * (signed: a plain char is unsigned on ARM Linux, where -1 read as 255) */
    if (h->card_lands == NULL || h->all_lands == NULL || h->rules == NULL || !PyTuple_CheckExact(h->card_lands)
        || !small(h->all_lands, &all_lands) || !small(f[ROUND], &round_no) || round_no < 0 || round_no == LLONG_MAX
        || !ints_of(f[TOKENS], n, tokens) || !PyTuple_CheckExact(f[CAPTURED]) || PyTuple_GET_SIZE(f[CAPTURED]) != n
        || !PyTuple_CheckExact(f[HISTORY])) {
        return Py_NewRef(Py_NotImplemented);
    }
    cards = (long long)PyTuple_GET_SIZE(h->card_lands);
    Py_ssize_t n_river = indices_of(f[RIVER], cards, river, MAX_RIVER);
    Py_ssize_t n_deck = indices_of(f[DECK], cards, deck, MAX_RIVER);
    Py_ssize_t n_stack = indices_of(stack, (long long)n, seats, MAX_SEATS);
    if (n_river < 0 || n_deck < 0 || n_stack < 1 || n_river + n_deck > MAX_RIVER) {
        return Py_NewRef(Py_NotImplemented);
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        if (tokens[s] < 0 || tokens[s] >= 62) {
            return Py_NewRef(Py_NotImplemented);
        }
    }
    for (Py_ssize_t i = 0; i < n_river; i++) {
        if ((masks[i] = lands_of(h->card_lands, river[i])) < 0) {
            return Py_NewRef(Py_NotImplemented);
        }
        owner[i] = -1;
    }
    for (Py_ssize_t i = 0; i < n_deck; i++) {
        if (lands_of(h->card_lands, deck[i]) < 0) {
            return Py_NewRef(Py_NotImplemented);
        }
    }
    /* The stack from the top down: each entry takes every card left that shows its land. */
    for (Py_ssize_t e = 0; e < n_stack; e++) {
        long long bit = 1LL << tokens[seats[n_stack - 1 - e]];
        for (Py_ssize_t i = 0; i < n_river; i++) {
            if (owner[i] < 0 && (masks[i] & bit)) {
                owner[i] = (signed char)e;
            }
        }
    }
    PyObject *takes = PyTuple_New(n_stack), *captured = PyTuple_New(n), *left = NULL, *log = NULL, *history = NULL;
    PyObject *out = NULL;
    if (takes == NULL || captured == NULL) {
        goto done;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *had = PyTuple_GET_ITEM(f[CAPTURED], s);
        if (!PyTuple_CheckExact(had)) {
            out = Py_NewRef(Py_NotImplemented);
            goto done;
        }
        Py_INCREF(had);
        PyTuple_SET_ITEM(captured, s, had);
    }
    for (Py_ssize_t e = 0; e < n_stack; e++) {
        PyObject *took = picked(f[RIVER], 0, n_river, owner, (signed char)e);
        if (took == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(takes, e, took);
        long long seat = seats[n_stack - 1 - e];
        PyObject *had = PyTuple_GET_ITEM(captured, seat);
        PyObject *more = PySequence_Concat(had, took); /* exact tuples: no Python code runs */
        if (more == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(captured, seat, more);
        Py_DECREF(had);
    }
    left = picked(f[RIVER], 0, n_river, owner, -1);
    if (left == NULL) {
        goto done;
    }
    /* The round's log, its slots set as RoundLog.__init__ (attrs: each field as given) sets them. */
    PyObject *fields[7] = {f[FIRST], f[TURNED], f[RIVER], f[TOKENS], hunt, stack, takes};
    log = E.round_log->tp_alloc(E.round_log, 0);
    if (log == NULL) {
        goto done;
    }
    for (int i = 0; i < 7; i++) {
        SLOT(log, E.log_fields[i]) = Py_NewRef(fields[i]);
    }
    history = appended(f[HISTORY], log);
    if (history == NULL) {
        goto done;
    }
    PyObject *replaced[N_FIELDS] = {NULL};
    replaced[RULES] = Py_NewRef(h->rules);
    replaced[ROUND] = PyLong_FromLongLong(round_no + 1);
    replaced[FIRST] = PyLong_FromLongLong(seats[n_stack - 1]);
    replaced[BOOMERANGS] = Py_NewRef(boomerangs);
    replaced[POT] = PyLong_FromLongLong(0);
    replaced[ACTIVE] = PyTuple_New(0);
    replaced[STACK] = PyTuple_New(0);
    replaced[HUNT] = PyTuple_New(0);
    replaced[CAPTURED] = Py_NewRef(captured);
    replaced[HISTORY] = Py_NewRef(history);
    replaced[TOKENS] = PyTuple_New(n);
    if (replaced[TOKENS] != NULL) {
        for (Py_ssize_t s = 0; s < n; s++) {
            PyTuple_SET_ITEM(replaced[TOKENS], s, PyLong_FromLongLong(NO_TOKEN)); /* a cached small int: no failure */
        }
    }
    if (n_deck == 0) {
        replaced[PHASE] = Py_NewRef(E.over);
        replaced[RIVER] = Py_NewRef(left);
        replaced[TURNED] = PyTuple_New(0);
    }
    else {
        long long shown = 0;
        for (Py_ssize_t i = 0; i < n_river; i++) {
            shown |= owner[i] < 0 ? masks[i] : 0;
        }
        Py_ssize_t k = 0;
        while (shown != all_lands && k < n_deck) {
            shown |= lands_of(h->card_lands, deck[k]); /* checked above */
            k++;
        }
        PyObject *turned = picked(f[DECK], 0, k, NULL, 0);
        replaced[PHASE] = Py_NewRef(E.tokens);
        replaced[DECK] = picked(f[DECK], k, n_deck, NULL, 0);
        replaced[TURNED] = turned;
        replaced[RIVER] = turned == NULL ? NULL : PySequence_Concat(left, turned);
    }
    out = evolve(state, replaced);
done:
    Py_XDECREF(takes);
    Py_XDECREF(captured);
    Py_XDECREF(left);
    Py_XDECREF(log);
    Py_XDECREF(history);
    return out;
}

/* The end of the hunt: compiled where it can be, else engine._capture. */
static PyObject *
capture(PyObject *state, const Parts *p, PyObject *boomerangs, PyObject *stack, PyObject *hunt)
{
    PyObject *tables = p->f[TABLES];
    Held h = {slot(tables, E.card_lands), slot(tables, E.all_lands), slot(tables, E.rules)};
    PyObject *out = capture_fast(state, p, boomerangs, stack, hunt, &h);
    Py_XDECREF(h.card_lands);
    Py_XDECREF(h.all_lands);
    Py_XDECREF(h.rules);
    if (out != Py_NotImplemented) {
        return out;
    }
    Py_DECREF(out);
    PyObject *call[4] = {state, boomerangs, stack, hunt};
    return PyObject_Vectorcall(E.capture_plain, call, 4, NULL);
}

/* ``pass`` by ``seat``: it takes the pot, its token goes on the stack, it leaves the hunt; with
 * one seat left, the plain ``_capture`` ends the round. */
static PyObject *
pass_(PyObject *state, const Parts *p, Py_ssize_t seat, long long held, long long pot)
{
    PyObject *active = p->f[ACTIVE];
    Py_ssize_t k = PyTuple_GET_SIZE(active);
    PyObject *boomerangs = with_int(p->f[BOOMERANGS], seat, held + pot);
    PyObject *seat_o = PyLong_FromSsize_t(seat);
    PyObject *stack = seat_o == NULL ? NULL : appended(p->f[STACK], seat_o);
    PyObject *hunt = appended(p->f[HUNT], E.pass);
    Py_XDECREF(seat_o);
    if (boomerangs == NULL || stack == NULL || hunt == NULL) {
        goto error;
    }
    if (k > 2) {
        PyObject *replaced[N_FIELDS] = {NULL};
        replaced[BOOMERANGS] = boomerangs;
        replaced[POT] = PyLong_FromLongLong(0);
        replaced[ACTIVE] = PyTuple_GetSlice(active, 1, k);
        replaced[STACK] = stack;
        replaced[HUNT] = hunt;
        return evolve(state, replaced);
    }
    PyObject *full = appended(stack, PyTuple_GET_ITEM(active, 1)); /* the last seat left: its token on top */
    Py_DECREF(stack);
    if (full == NULL) {
        Py_DECREF(boomerangs);
        Py_DECREF(hunt);
        return NULL;
    }
    PyObject *out = capture(state, p, boomerangs, full, hunt);
    Py_DECREF(boomerangs);
    Py_DECREF(full);
    Py_DECREF(hunt);
    return out;
error:
    Py_XDECREF(boomerangs);
    Py_XDECREF(stack);
    Py_XDECREF(hunt);
    return NULL;
}

/* The state with every seat's token set from ``lands`` (one per seat, each a land index): the hunt
 * begins, opened by ``first``. */
static PyObject *
all_chosen(PyObject *state, const Parts *p, const long long *lands, long long first)
{
    Py_ssize_t n = p->players;
    PyObject *tokens = PyTuple_New(n);
    if (tokens == NULL) {
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *land = PyLong_FromLongLong(lands[s]);
        if (land == NULL) {
            Py_DECREF(tokens);
            return NULL;
        }
        PyTuple_SET_ITEM(tokens, s, land);
    }
    PyObject *replaced[N_FIELDS] = {NULL};
    replaced[TOKENS] = tokens;
    Py_INCREF(E.hunt);
    replaced[PHASE] = E.hunt;
    replaced[ACTIVE] = turn_order(first, n);
    return evolve(state, replaced);
}

/* ``seat`` (without a token) chooses ``land``; the last token to be chosen opens the hunt. */
static PyObject *
choose(PyObject *state, const Parts *p, Py_ssize_t seat, long long land, long long *tokens)
{
    long long first;
    tokens[seat] = land;
    int complete = 1;
    for (Py_ssize_t s = 0; s < p->players; s++) {
        complete &= tokens[s] != NO_TOKEN;
    }
    if (complete) {
        if (!small(p->f[FIRST], &first) || first < 0 || first >= p->players) {
            return Py_NewRef(Py_NotImplemented); /* the plain code's to judge */
        }
        return all_chosen(state, p, tokens, first);
    }
    PyObject *replaced[N_FIELDS] = {NULL};
    replaced[TOKENS] = with_int(p->f[TOKENS], seat, land);
    return evolve(state, replaced);
}

/* apply(state, seat, action) for the common case; Py_NotImplemented (a new reference) where the
 * plain code must answer. */
static PyObject *
apply_fast(PyObject *state, PyObject *seat_o, PyObject *action)
{
    Parts p;
    Py_ssize_t seat;
    long long tokens[MAX_SEATS], active[MAX_SEATS], boomerangs[MAX_SEATS], pot;
    if (!parts_of(state, &p) || (seat = seat_of(seat_o, &p)) < 0 || p.phase == P_OVER
        || !(PyUnicode_CheckExact(action) || PyLong_CheckExact(action))) {
        return Py_NewRef(Py_NotImplemented);
    }
    if (p.phase == P_HUNT && (!active_of(&p, active) || active[0] != seat)) {
        return Py_NewRef(Py_NotImplemented);
    }
    if (p.phase == P_TOKENS && (!ints_of(p.f[TOKENS], p.players, tokens) || tokens[seat] != NO_TOKEN)) {
        return Py_NewRef(Py_NotImplemented);
    }
    PyObject *tables = p.f[TABLES];
    PyObject *lands = slot(tables, E.lands), *index = slot(tables, E.land_index); /* held across the lookup */
    long long kind = lands == NULL ? A_NONE : kind_of(action, lands, index);
    Py_XDECREF(lands);
    Py_XDECREF(index);
    if (PyErr_Occurred()) {
        return NULL; /* not from a lookup (those are cleared): nothing else sets one */
    }
    if (p.phase == P_TOKENS) {
        return kind >= 0 ? choose(state, &p, seat, kind, tokens) : Py_NewRef(Py_NotImplemented);
    }
    if ((kind != A_PASS && kind != A_THROW) || !ints_of(p.f[BOOMERANGS], p.players, boomerangs)
        || !small(p.f[POT], &pot) || pot < 0 || pot > LLONG_MAX / 2 || boomerangs[seat] < 0
        || boomerangs[seat] > LLONG_MAX / 2 || !PyTuple_CheckExact(p.f[STACK]) || !PyTuple_CheckExact(p.f[HUNT])) {
        return Py_NewRef(Py_NotImplemented);
    }
    if (kind == A_PASS) {
        return pass_(state, &p, seat, boomerangs[seat], pot);
    }
    return boomerangs[seat] > 0 ? throw_(state, &p, seat, boomerangs[seat], pot) : Py_NewRef(Py_NotImplemented);
}

static PyObject *
apply_impl(PyObject *const *args)
{
    PyObject *out = apply_fast(args[0], args[1], args[2]);
    if (out != Py_NotImplemented) {
        return out;
    }
    Py_DECREF(out);
    return PyObject_Vectorcall(E.apply_plain, args, 3, NULL);
}

static PyObject *
legal_impl(PyObject *const *args)
{
    PyObject *state = args[0];
    Parts p;
    Py_ssize_t seat;
    long long values[MAX_SEATS];
    if (!parts_of(state, &p) || (seat = seat_of(args[1], &p)) < 0) {
        goto plain;
    }
    if (p.phase == P_HUNT) {
        if (!active_of(&p, values) || values[0] != seat || !ints_of(p.f[BOOMERANGS], p.players, values)) {
            goto plain;
        }
        return Py_NewRef(values[seat] > 0 ? E.choices_both : E.choices_pass);
    }
    if (p.phase == P_TOKENS && ints_of(p.f[TOKENS], p.players, values) && values[seat] == NO_TOKEN) {
        PyObject *lands = slot(p.f[TABLES], E.lands);
        if (lands != NULL && PyTuple_CheckExact(lands)) {
            return lands;
        }
        Py_XDECREF(lands);
    }
plain:
    return PyObject_Vectorcall(E.legal_plain, args, 2, NULL);
}

static PyObject *
to_act_impl(PyObject *state)
{
    Parts p;
    long long values[MAX_SEATS];
    if (!parts_of(state, &p)) {
        goto plain;
    }
    if (p.phase == P_HUNT) {
        if (!active_of(&p, values) || values[0] < 0 || values[0] >= p.players) {
            goto plain;
        }
        return Py_NewRef(E.seat_tuples[values[0]]);
    }
    if (p.phase == P_TOKENS && ints_of(p.f[TOKENS], p.players, values)) {
        Py_ssize_t k = 0;
        for (Py_ssize_t s = 0; s < p.players; s++) {
            k += values[s] == NO_TOKEN;
        }
        PyObject *out = PyTuple_New(k);
        if (out == NULL) {
            return NULL;
        }
        for (Py_ssize_t s = 0, i = 0; s < p.players; s++) {
            if (values[s] == NO_TOKEN) {
                PyObject *seat = PyLong_FromSsize_t(s);
                if (seat == NULL) {
                    Py_DECREF(out);
                    return NULL;
                }
                PyTuple_SET_ITEM(out, i++, seat);
            }
        }
        return out;
    }
plain:
    return PyObject_CallOneArg(E.to_act_plain, state);
}

static PyObject *
is_over_impl(PyObject *state)
{
    Parts p;
    if (!parts_of(state, &p)) {
        return PyObject_CallOneArg(E.is_over_plain, state);
    }
    return PyBool_FromLong(p.phase == P_OVER);
}

/* step(state, actions): the hunt's one action, or every seat's token at once, in C; anything else
 * (and any action the fast path does not take) the plain step's. ``actions`` is an exact list or
 * tuple, its items copied and held before any lookup (a list can change while one runs Python). */
static PyObject *
step_impl(PyObject *const *args)
{
    PyObject *state = args[0], *actions = args[1];
    Parts p;
    long long values[MAX_SEATS], lands[MAX_SEATS], first;
    PyObject *own[MAX_SEATS];
    if (!parts_of(state, &p) || !(PyList_CheckExact(actions) || PyTuple_CheckExact(actions))) {
        goto plain;
    }
    Py_ssize_t given = PySequence_Fast_GET_SIZE(actions);
    if (p.phase == P_HUNT) {
        if (given != 1 || !active_of(&p, values)) {
            goto plain;
        }
        PyObject *action = Py_NewRef(PySequence_Fast_ITEMS(actions)[0]);
        PyObject *seat = PyTuple_GET_ITEM(p.f[ACTIVE], 0); /* borrowed from the state's tuple */
        PyObject *out = apply_fast(state, seat, action);
        Py_DECREF(action);
        if (out != Py_NotImplemented) {
            return out;
        }
        Py_DECREF(out);
        goto plain;
    }
    if (p.phase != P_TOKENS || given != p.players || !ints_of(p.f[TOKENS], p.players, values)
        || !small(p.f[FIRST], &first) || first < 0 || first >= p.players) {
        goto plain;
    }
    for (Py_ssize_t s = 0; s < p.players; s++) {
        if (values[s] != NO_TOKEN) {
            goto plain; /* some seats have chosen: the plain step pairs the actions with the others */
        }
    }
    for (Py_ssize_t s = 0; s < given; s++) {
        own[s] = Py_NewRef(PySequence_Fast_ITEMS(actions)[s]);
    }
    PyObject *tables_lands = slot(p.f[TABLES], E.lands), *index = slot(p.f[TABLES], E.land_index);
    int ok = tables_lands != NULL;
    for (Py_ssize_t s = 0; ok && s < given; s++) {
        lands[s] = kind_of(own[s], tables_lands, index);
        ok = lands[s] >= 0;
    }
    Py_XDECREF(tables_lands);
    Py_XDECREF(index);
    for (Py_ssize_t s = 0; s < given; s++) {
        Py_DECREF(own[s]);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (ok) {
        return all_chosen(state, &p, lands, first);
    }
plain:
    return PyObject_Vectorcall(E.step_plain, args, 2, NULL);
}

/* A call that is not as the fast path takes it -- keywords, or the wrong number of arguments --
 * made to the plain function as it was made (``self`` first, for a method). */
static PyObject *
forward(PyObject *function, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (function == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "boomerang_rules.boomerang2010._accel is not set up: the engine calls "
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

/* As functions: apply(state, seat, action), legal_actions(state, seat), step(state, actions),
 * to_act(state), is_over(state). */
static PyObject *
apply_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 3 && kwnames == NULL ? apply_impl(args)
                                                     : forward(E.apply_plain, NULL, args, nargs, kwnames);
}

static PyObject *
legal_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 2 && kwnames == NULL ? legal_impl(args)
                                                     : forward(E.legal_plain, NULL, args, nargs, kwnames);
}

static PyObject *
step_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return E.ready && nargs == 2 && kwnames == NULL ? step_impl(args)
                                                     : forward(E.step_plain, NULL, args, nargs, kwnames);
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
    return nargs == 0 && kwnames == NULL ? to_act_impl(self) : forward(E.to_act_plain, self, args, nargs, kwnames);
}

static PyObject *
is_over_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return nargs == 0 && kwnames == NULL ? is_over_impl(self) : forward(E.is_over_plain, self, args, nargs, kwnames);
}

#define SAME_AS(name) "The same as engine." name "_plain (the reference), compiled for the common case."

static PyMethodDef state_methods[] = {
    {"apply", (PyCFunction)(void (*)(void))apply_method, METH_FASTCALL | METH_KEYWORDS, SAME_AS("apply")},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_method, METH_FASTCALL | METH_KEYWORDS,
     SAME_AS("legal_actions")},
    {"step", (PyCFunction)(void (*)(void))step_method, METH_FASTCALL | METH_KEYWORDS, SAME_AS("step")},
    {"to_act", (PyCFunction)(void (*)(void))to_act_method, METH_FASTCALL | METH_KEYWORDS, SAME_AS("to_act")},
    {"is_over", (PyCFunction)(void (*)(void))is_over_method, METH_FASTCALL | METH_KEYWORDS, SAME_AS("is_over")},
};

/* The offset of a slotted class's field, from its member descriptor: an object slot of ``cls``
 * or of a base of it (a descriptor of another class, set on ``cls`` as an attribute, is not). */
static int
offset_of(PyTypeObject *cls, const char *name, Py_ssize_t *out)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)cls, name);
    if (descr == NULL) {
        return 0;
    }
    int ok = Py_IS_TYPE(descr, &PyMemberDescr_Type)
        && ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX
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

/* Drop every reference an Engine holds (one set up, or one being set up and refused). */
static void
release(Engine *e)
{
    PyObject **held[] = {
        (PyObject **)&e->state_type, (PyObject **)&e->tables_type, &e->apply_plain, &e->legal_plain,
        &e->step_plain, &e->to_act_plain, &e->is_over_plain, &e->capture_plain, &e->pass, &e->throw, &e->tokens,
        &e->hunt, &e->over, &e->choices_pass, &e->choices_both, (PyObject **)&e->round_log,
    };
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++) {
        Py_CLEAR(*held[i]);
    }
    for (int s = 0; s < MAX_SEATS; s++) {
        Py_CLEAR(e->seat_tuples[s]);
    }
}

static PyObject *
accelerate(PyObject *module, PyObject *args)
{
    (void)module;
    Engine e = {0};
    PyObject *fields, *choices;
    if (!PyArg_ParseTuple(args, "O!O!O!OOOOOOUUUUUO!O!:accelerate", &PyType_Type, &e.state_type, &PyType_Type,
                          &e.tables_type, &PyTuple_Type, &fields, &e.apply_plain, &e.legal_plain, &e.step_plain,
                          &e.to_act_plain, &e.is_over_plain, &e.capture_plain, &e.pass, &e.throw, &e.tokens, &e.hunt,
                          &e.over, &PyTuple_Type, &choices, &PyType_Type, &e.round_log)) {
        return NULL;
    }
    static const char *log_names[7] = {"first", "turned", "river", "tokens", "hunt", "stack", "captures"};
    for (int i = 0; i < 7; i++) {
        if (!offset_of(e.round_log, log_names[i], &e.log_fields[i])) {
            return NULL;
        }
    }
    if (e.round_log->tp_itemsize != 0) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a slotted RoundLog class");
        return NULL;
    }
    if (!PyType_IsSubtype(e.state_type, &PyTuple_Type) || PyTuple_GET_SIZE(fields) != N_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a tuple-backed state class of 20 fields");
        return NULL;
    }
    for (int i = 0; i < N_FIELDS; i++) {
        PyObject *name = PyTuple_GET_ITEM(fields, i);
        if (!PyUnicode_Check(name) || PyUnicode_CompareWithASCIIString(name, field_names[i]) != 0) {
            PyErr_Format(PyExc_TypeError, "accelerate: field %d of the state must be %s", i, field_names[i]);
            return NULL;
        }
    }
    if (PyTuple_GET_SIZE(choices) != 2) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs the hunt's two tuples of choices");
        return NULL;
    }
    PyObject *choices_pass = PyTuple_GET_ITEM(choices, 0), *choices_both = PyTuple_GET_ITEM(choices, 1);
    if (!PyTuple_CheckExact(choices_pass) || !PyTuple_CheckExact(choices_both)) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs the hunt's two tuples of choices");
        return NULL;
    }
    if (!offset_of(e.tables_type, "lands", &e.lands) || !offset_of(e.tables_type, "land_index", &e.land_index)
        || !offset_of(e.tables_type, "card_lands", &e.card_lands) || !offset_of(e.tables_type, "all_lands", &e.all_lands)
        || !offset_of(e.tables_type, "rules", &e.rules)) {
        return NULL;
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
    /* Every reference the engine keeps, taken; on any failure all of them are dropped again. */
    PyObject **taken[] = {
        (PyObject **)&e.state_type, (PyObject **)&e.tables_type, &e.apply_plain, &e.legal_plain, &e.step_plain,
        &e.to_act_plain, &e.is_over_plain, &e.capture_plain, &e.pass, &e.throw, &e.tokens, &e.hunt, &e.over,
        (PyObject **)&e.round_log,
    };
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        Py_INCREF(*taken[i]);
    }
    e.choices_pass = Py_NewRef(choices_pass);
    e.choices_both = Py_NewRef(choices_both);
    for (int s = 0; s < MAX_SEATS; s++) {
        e.seat_tuples[s] = Py_BuildValue("(i)", s);
        if (e.seat_tuples[s] == NULL) {
            release(&e);
            Py_DECREF(methods);
            return NULL;
        }
    }
    /* All checked: set up at once (a second call replaces the first whole). */
    Engine old = E;
    e.ready = 1;
    E = e;
    if (old.ready) {
        release(&old);
    }
    return methods;
}

/* ---- score_sheets(state): sheets.score_sheets_plain, compiled for a state the engine made ----
 *
 * Each seat's cards counted per animal (Tables.animal), each animal's most cards, the points of
 * those who hold that many, the sets of boomerangs and the total: the plain reading's arithmetic
 * (scoring.score_counts over scoring.count_cards). The sheets are made as the plain code makes
 * them, without running Python: each SeatScore by its class's allocator, its five slots set as
 * its attrs __init__ sets them (its two mappings converted to FrozenDicts of fresh dicts: each a
 * FrozenDict made by its allocator, its _data a mappingproxy of that dict, its _hash None).
 * Anything else -- another state, a card index out of the tables, a count not an exact int, an
 * animal not an exact str, a seat holding more cards than the deck has -- is the plain code's. */

#define MAX_ANIMALS 64

typedef struct {
    PyTypeObject *seat_score, *frozen_dict, *tables_type; /* the Tables class the offsets below are of */
    PyObject *sheets_plain, *per_point_name;
    Py_ssize_t score_fields[5]; /* SeatScore's slots cards, animals, boomerangs, sets, total */
    Py_ssize_t data, hash;      /* FrozenDict's slots _data, _hash */
    Py_ssize_t animal, animals, rules; /* Tables' slots, by offset */
    int ready;
} Sheets;

static Sheets S;

/* A FrozenDict of ``dict`` (stolen), as FrozenDict(dict) would make it of a copy of it. */
static PyObject *
frozen_of(PyObject *dict)
{
    PyObject *proxy = dict == NULL ? NULL : PyDictProxy_New(dict);
    Py_XDECREF(dict);
    if (proxy == NULL) {
        return NULL;
    }
    PyObject *fd = S.frozen_dict->tp_alloc(S.frozen_dict, 0);
    if (fd == NULL) {
        Py_DECREF(proxy);
        return NULL;
    }
    SLOT(fd, S.data) = proxy;
    SLOT(fd, S.hash) = Py_NewRef(Py_None);
    return fd;
}

/* {animal: value} in the animals' order (exact strs: setting them runs no Python code). */
static PyObject *
by_animal(PyObject *animals, const long long *values, Py_ssize_t k)
{
    PyObject *d = PyDict_New();
    for (Py_ssize_t a = 0; d != NULL && a < k; a++) {
        PyObject *v = PyLong_FromLongLong(values[a]);
        if (v == NULL || PyDict_SetItem(d, PyTuple_GET_ITEM(animals, a), v) < 0) {
            Py_CLEAR(d);
        }
        Py_XDECREF(v);
    }
    return frozen_of(d);
}

/* The sheets, or Py_NotImplemented (a new reference) where the plain code must answer. The
 * tables' slots read are held by the caller (``animal``, ``animals``, ``rules``). */
static PyObject *
sheets_fast(const Parts *p, PyObject *animal, PyObject *animals, PyObject *rules)
{
    PyObject *const *f = p->f;
    Py_ssize_t n = p->players, k;
    long long held[MAX_SEATS], counts[MAX_SEATS][MAX_ANIMALS], leads[MAX_ANIMALS], points[MAX_ANIMALS], per_point;
    PyObject *captured = f[CAPTURED];
    if (animal == NULL || animals == NULL || rules == NULL || !PyTuple_CheckExact(animal)
        || !PyTuple_CheckExact(animals) || (k = PyTuple_GET_SIZE(animals)) > MAX_ANIMALS
        || !PyTuple_CheckExact(captured) || PyTuple_GET_SIZE(captured) != n || !ints_of(f[BOOMERANGS], n, held)) {
        return Py_NewRef(Py_NotImplemented);
    }
    for (Py_ssize_t a = 0; a < k; a++) {
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(animals, a))) {
            return Py_NewRef(Py_NotImplemented);
        }
        leads[a] = 0;
    }
    Py_ssize_t deck = PyTuple_GET_SIZE(animal);
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *cards = PyTuple_GET_ITEM(captured, s);
        if (held[s] < 0 || !PyTuple_CheckExact(cards) || PyTuple_GET_SIZE(cards) > deck) {
            return Py_NewRef(Py_NotImplemented);
        }
        memset(counts[s], 0, sizeof counts[s]);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
            long long c, a;
            if (!small(PyTuple_GET_ITEM(cards, i), &c) || c < 0 || c >= deck
                || !small(PyTuple_GET_ITEM(animal, c), &a) || a < 0 || a >= k) {
                return Py_NewRef(Py_NotImplemented);
            }
            counts[s][a]++;
        }
        for (Py_ssize_t a = 0; a < k; a++) {
            leads[a] = counts[s][a] > leads[a] ? counts[s][a] : leads[a];
        }
    }
    /* The ruleset's set size: an attribute read (a frozen attrs instance's slot; held meanwhile). */
    PyObject *pp = PyObject_GetAttr(rules, S.per_point_name);
    if (pp == NULL) {
        PyErr_Clear();
        return Py_NewRef(Py_NotImplemented);
    }
    int ok = small(pp, &per_point) && per_point > 0;
    Py_DECREF(pp);
    if (!ok) {
        return Py_NewRef(Py_NotImplemented);
    }
    PyObject *out = PyTuple_New(n);
    for (Py_ssize_t s = 0; out != NULL && s < n; s++) {
        long long total = 0, sets = held[s] / per_point;
        for (Py_ssize_t a = 0; a < k; a++) {
            points[a] = counts[s][a] == leads[a] ? counts[s][a] : 0;
            total += points[a];
        }
        PyObject *values[5] = {by_animal(animals, counts[s], k), by_animal(animals, points, k),
                               Py_NewRef(PyTuple_GET_ITEM(f[BOOMERANGS], s)), PyLong_FromLongLong(sets),
                               PyLong_FromLongLong(total + sets)};
        PyObject *sheet = NULL;
        if (values[0] && values[1] && values[3] && values[4]) {
            sheet = S.seat_score->tp_alloc(S.seat_score, 0);
        }
        if (sheet == NULL) {
            for (int i = 0; i < 5; i++) {
                Py_XDECREF(values[i]);
            }
            Py_CLEAR(out);
            break;
        }
        for (int i = 0; i < 5; i++) {
            SLOT(sheet, S.score_fields[i]) = values[i];
        }
        PyTuple_SET_ITEM(out, s, sheet);
    }
    return out;
}

static PyObject *
sheets_impl(PyObject *state)
{
    Parts p;
    if (S.ready && parts_of(state, &p) && Py_IS_TYPE(p.f[TABLES], S.tables_type)) {
        PyObject *tables = p.f[TABLES];
        PyObject *animal = slot(tables, S.animal), *animals = slot(tables, S.animals), *rules = slot(tables, S.rules);
        PyObject *out = sheets_fast(&p, animal, animals, rules);
        Py_XDECREF(animal);
        Py_XDECREF(animals);
        Py_XDECREF(rules);
        if (out != Py_NotImplemented) {
            return out;
        }
        Py_DECREF(out);
    }
    if (S.sheets_plain == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "boomerang_rules.boomerang2010._accel is not set up for score sheets: "
                                            "sheets.py calls accelerate_sheets() when it is imported (unless "
                                            "BOOMERANG_RULES_PURE is set)");
        return NULL;
    }
    return PyObject_CallOneArg(S.sheets_plain, state);
}

static PyObject *
sheets_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    return nargs == 1 && kwnames == NULL ? sheets_impl(args[0]) : forward(S.sheets_plain, NULL, args, nargs, kwnames);
}

static PyObject *
sheets_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return nargs == 0 && kwnames == NULL ? sheets_impl(self) : forward(S.sheets_plain, self, args, nargs, kwnames);
}

static PyMethodDef sheets_state_method = {
    "score_sheets", (PyCFunction)(void (*)(void))sheets_method, METH_FASTCALL | METH_KEYWORDS,
    "The same as sheets.score_sheets_plain (the reference), compiled for the common case.",
};

/* accelerate_sheets(SeatScore, its field names, FrozenDict, score_sheets_plain) -> {"score_sheets":
 * GameState method}; needs accelerate() first (the state's layout and the Tables class). */
static PyObject *
accelerate_sheets(PyObject *module, PyObject *args)
{
    (void)module;
    Sheets s = {0};
    PyObject *fields;
    if (!PyArg_ParseTuple(args, "O!O!O!O:accelerate_sheets", &PyType_Type, &s.seat_score, &PyTuple_Type, &fields,
                          &PyType_Type, &s.frozen_dict, &s.sheets_plain)) {
        return NULL;
    }
    if (!E.ready) {
        PyErr_SetString(PyExc_RuntimeError, "accelerate_sheets needs accelerate() first");
        return NULL;
    }
    static const char *score_names[5] = {"cards", "animals", "boomerangs", "sets", "total"};
    if (PyTuple_GET_SIZE(fields) != 5) {
        PyErr_SetString(PyExc_TypeError, "accelerate_sheets needs SeatScore's five fields");
        return NULL;
    }
    for (int i = 0; i < 5; i++) {
        PyObject *name = PyTuple_GET_ITEM(fields, i);
        if (!PyUnicode_Check(name) || PyUnicode_CompareWithASCIIString(name, score_names[i]) != 0) {
            PyErr_Format(PyExc_TypeError, "accelerate_sheets: field %d of SeatScore must be %s", i, score_names[i]);
            return NULL;
        }
        if (!offset_of(s.seat_score, score_names[i], &s.score_fields[i])) {
            return NULL;
        }
    }
    if (s.seat_score->tp_itemsize != 0 || s.frozen_dict->tp_itemsize != 0 || !offset_of(s.frozen_dict, "_data", &s.data)
        || !offset_of(s.frozen_dict, "_hash", &s.hash) || !offset_of(E.tables_type, "animal", &s.animal)
        || !offset_of(E.tables_type, "animals", &s.animals) || !offset_of(E.tables_type, "rules", &s.rules)) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "accelerate_sheets needs slotted SeatScore and FrozenDict classes");
        }
        return NULL;
    }
    s.per_point_name = PyUnicode_InternFromString("boomerangs_per_point");
    PyObject *descr = s.per_point_name == NULL ? NULL : PyDescr_NewMethod(E.state_type, &sheets_state_method);
    PyObject *methods = descr == NULL ? NULL : PyDict_New();
    if (methods == NULL || PyDict_SetItemString(methods, "score_sheets", descr) < 0) {
        Py_XDECREF(s.per_point_name);
        Py_XDECREF(descr);
        Py_XDECREF(methods);
        return NULL;
    }
    Py_DECREF(descr);
    Py_INCREF(s.seat_score);
    Py_INCREF(s.frozen_dict);
    Py_INCREF(s.sheets_plain);
    s.tables_type = (PyTypeObject *)Py_NewRef(E.tables_type);
    Sheets old = S;
    s.ready = 1;
    S = s;
    if (old.ready) {
        Py_DECREF(old.seat_score);
        Py_DECREF(old.frozen_dict);
        Py_DECREF(old.sheets_plain);
        Py_DECREF(old.per_point_name);
        Py_DECREF(old.tables_type);
    }
    return methods;
}

static PyMethodDef module_methods[] = {
    {"accelerate", accelerate, METH_VARARGS,
     "accelerate(GameState, Tables, fields, apply_plain, legal_actions_plain, step_plain, to_act_plain, "
     "is_over_plain, capture, PASS, THROW, 'tokens', 'hunt', 'over', hunt_choices, RoundLog) -> {name: GameState method}: "
     "set up the compiled path; the functions below and the methods returned then play it."},
    {"apply", (PyCFunction)(void (*)(void))apply_function, METH_FASTCALL | METH_KEYWORDS, SAME_AS("apply")},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_function, METH_FASTCALL | METH_KEYWORDS,
     SAME_AS("legal_actions")},
    {"step", (PyCFunction)(void (*)(void))step_function, METH_FASTCALL | METH_KEYWORDS, SAME_AS("step")},
    {"to_act", (PyCFunction)(void (*)(void))to_act_function, METH_FASTCALL | METH_KEYWORDS, SAME_AS("to_act")},
    {"is_over", (PyCFunction)(void (*)(void))is_over_function, METH_FASTCALL | METH_KEYWORDS, SAME_AS("is_over")},
    {"accelerate_sheets", accelerate_sheets, METH_VARARGS,
     "accelerate_sheets(SeatScore, SeatScore's field names, FrozenDict, score_sheets_plain) -> {'score_sheets': "
     "GameState method}: set up the compiled score sheets (after accelerate)."},
    {"score_sheets", (PyCFunction)(void (*)(void))sheets_function, METH_FASTCALL | METH_KEYWORDS,
     "The same as sheets.score_sheets_plain (the reference), compiled for the common case."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_accel",
    "The compiled hot path of Boomerang (2010)'s engine and score sheets (see engine.py, sheets.py; optional: "
    "the plain Python functions are the reference and stand in when this is not built).",
    -1, module_methods,
};

PyMODINIT_FUNC
PyInit__accel(void)
{
    /* Whether a mappingproxy is laid out as ProxyLayout says: checked on one made here. */
    PyObject *dict = PyDict_New(), *proxy = dict == NULL ? NULL : PyDictProxy_New(dict);
    if (proxy == NULL) {
        Py_XDECREF(dict);
        return NULL;
    }
    proxy_layout_holds = Py_IS_TYPE(proxy, &PyDictProxy_Type) && ((ProxyLayout *)proxy)->mapping == dict;
    Py_DECREF(proxy);
    Py_DECREF(dict);
    return PyModule_Create(&module_def);
}
