/* The decision-level hot path of Boomerang: Australia, compiled: apply, legal_actions and step.
 *
 * The same functions as engine.py's plain ones (apply_plain, legal_actions_plain, step_plain),
 * for the common case only: a state the engine made, an int seat, an action that is a str or
 * an int the round's tables know, and hands of at most 64 cards. Anything else -- a refusal, a
 * junk value, an unusual deck, the end of a round, a state or context the engine did not make
 * (a subclass, a slot left unset, a value of another type, tables that do not fit together), a
 * call with keywords or the wrong number of arguments -- is handed to the Python code, so every
 * message and every rule past a card step is the plain reading's own. Tests compare the two on
 * every shipped ruleset and on tampered states (tests/test_accel.py).
 *
 * Memory: the C reads only exact types it has checked (int, str, tuple, dict, and the engine's
 * mappingproxy of a dict, whose dict is checked too). The state is a tuple its caller holds, so
 * its items stay alive; a RoundContext's slots can be rebound by Python code (object.__setattr__),
 * so every slot read across a call that can run Python (a dict lookup may call a key's __eq__,
 * an allocation may run a finalizer) is held by a strong reference, and anything read from the
 * context after such a call is read afresh.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/_portable.h"
#include <structmember.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    PyTypeObject *state_type;   /* GameState: a tuple (context, step, hands, taken, pending, waiting) */
    PyTypeObject *context_type; /* RoundContext: slotted; its fields are read at their offsets */
    PyObject *apply_plain, *legal_plain, *step_plain, *finish_round, *resolve_plain, *end_round_plain;
    PyObject *scoring_name; /* "_scoring": the tuple of tables Tables.end_round reads */
    Py_ssize_t players, activity_step, card_codes, activity_codes, used, hand_low, hand_high,
        activity_choices, shift, everyone;
    unsigned half; /* bits of a hand each of hand_low / hand_high is indexed by */
    int ready;
} Engine;

static Engine E;

#define FIELD(ctx, offset) (*(PyObject **)((char *)(ctx) + (offset)))
#define PENDING_BITS 8
#define MAX_SEATS 8 /* pending holds PENDING_BITS a seat in 64 bits */

/* A new reference to a context's slot (NULL, no error set, when it is unset). */
static PyObject *
slot(PyObject *context, Py_ssize_t offset)
{
    PyObject *o = FIELD(context, offset);
    Py_XINCREF(o);
    return o;
}

/* mappingproxy's layout (CPython's descrobject.c: the head, then the mapping it shows). The
 * module checks it once at import on a proxy it makes; where it does not hold, no proxy is
 * read from C and every lookup takes the plain code. */
typedef struct {
    PyObject_HEAD
    PyObject *mapping;
} ProxyLayout;

static int proxy_layout_holds;

/* The exact dict ``codes`` is, or the one the engine's mappingproxy ``codes`` shows; NULL for
 * anything else (a proxy of another mapping, a dict subclass, a user Mapping). Borrowed: it
 * lives as long as ``codes``. */
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

/* An exact int in [0, 2**64) as a uint64_t; 0 (and no error set) for anything else. */
static int
u64(PyObject *o, uint64_t *out)
{
    if (o == NULL || !PyLong_CheckExact(o)) {
        return 0;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = (uint64_t)v;
    return 1;
}

/* The (bit, code) an exact str or int ``action`` has in ``codes`` (a strong reference the caller
 * holds); 0 when it has none or they are not as the tables make them: a card's code is its index
 * + 2 and its bit 1 << index (index < 64), an activity's code fits PENDING_BITS. The lookup may run
 * Python code (the __eq__ of a key of the same hash): the caller holds what it reads after it. */
static int
lookup(PyObject *codes, PyObject *action, int card, uint64_t *bit, uint64_t *code)
{
    PyObject *dict = exact_dict(codes);
    if (dict == NULL) {
        return 0;
    }
    PyObject *entry = PyDict_GetItemWithError(dict, action);
    if (entry == NULL) {
        PyErr_Clear();
        return 0;
    }
    Py_INCREF(entry);
    int ok = PyTuple_CheckExact(entry) && PyTuple_GET_SIZE(entry) == 2 && u64(PyTuple_GET_ITEM(entry, 0), bit)
        && u64(PyTuple_GET_ITEM(entry, 1), code) && *code < (1u << PENDING_BITS);
    Py_DECREF(entry);
    if (ok && card) {
        ok = *code >= 2 && *code - 2 < 64 && *bit == UINT64_C(1) << (*code - 2);
    }
    return ok;
}

/* A new GameState from six new references (stolen, also on failure). */
static PyObject *
make_state(PyObject *context, PyObject *step, PyObject *hands, PyObject *taken, PyObject *pending,
           PyObject *waiting)
{
    PyObject *items[6] = {context, step, hands, taken, pending, waiting};
    for (int i = 0; i < 6; i++) {
        if (items[i] == NULL) {
            for (int k = 0; k < 6; k++) {
                Py_XDECREF(items[k]);
            }
            return NULL;
        }
    }
    PyObject *state = E.state_type->tp_alloc(E.state_type, 6);
    if (state == NULL) {
        for (int k = 0; k < 6; k++) {
            Py_DECREF(items[k]);
        }
        return NULL;
    }
    for (int i = 0; i < 6; i++) {
        PyTuple_SET_ITEM(state, i, items[i]);
    }
    return state;
}

/* The parts of a state the fast path reads, checked; 0 when it is not one the engine made.
 * ``context``, ``hands`` and ``taken`` are borrowed from the state (a tuple: they live as long as
 * it does, and its caller holds it); the numbers are read from exact ints. */
typedef struct {
    PyObject *context, *hands, *taken;
    uint64_t step, pending, waiting, activity_step;
    Py_ssize_t players;
} Parts;

static int
parts_of(PyObject *state, Parts *p)
{
    if (!E.ready || !Py_IS_TYPE(state, E.state_type) || PyTuple_GET_SIZE(state) != 6) {
        return 0;
    }
    p->context = PyTuple_GET_ITEM(state, 0);
    p->hands = PyTuple_GET_ITEM(state, 2);
    p->taken = PyTuple_GET_ITEM(state, 3);
    if (!Py_IS_TYPE(p->context, E.context_type) || !PyTuple_CheckExact(p->hands) || !PyTuple_CheckExact(p->taken)) {
        return 0;
    }
    uint64_t players;
    if (!u64(PyTuple_GET_ITEM(state, 1), &p->step) || !u64(PyTuple_GET_ITEM(state, 4), &p->pending)
        || !u64(PyTuple_GET_ITEM(state, 5), &p->waiting) || !u64(FIELD(p->context, E.activity_step), &p->activity_step)
        || !u64(FIELD(p->context, E.players), &players) || players < 1 || players > MAX_SEATS
        || PyTuple_GET_SIZE(p->hands) != (Py_ssize_t)players) {
        return 0;
    }
    p->players = (Py_ssize_t)players;
    return 1;
}

/* ``seat`` as a number below the state's player count; -1 when it is anything else. */
static Py_ssize_t
seat_of(PyObject *seat, const Parts *p)
{
    if (!PyLong_CheckExact(seat)) {
        return -1;
    }
    Py_ssize_t s = PyLong_AsSsize_t(seat);
    if (s == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    return s >= 0 && s < p->players ? s : -1;
}

static int
bit_length(uint64_t x)
{
    return x ? 64 - br_clz64(x) : 0;
}

/* ``tuple[i]``, Python's negative indices included; NULL (no error set) when out of range. */
static PyObject *
item(PyObject *tuple, long long i)
{
    if (tuple == NULL || !PyTuple_CheckExact(tuple)) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if (i < 0) {
        i += (long long)n;
    }
    return i >= 0 && i < n ? PyTuple_GET_ITEM(tuple, i) : NULL;
}

/* ``tuple[i]`` for an index that is never negative (an unsigned mask of bits); NULL when out of range. */
static PyObject *
item_at(PyObject *tuple, uint64_t i)
{
    if (tuple == NULL || !PyTuple_CheckExact(tuple)) {
        return NULL;
    }
    return i < (uint64_t)PyTuple_GET_SIZE(tuple) ? PyTuple_GET_ITEM(tuple, (Py_ssize_t)i) : NULL;
}

/* An exact int that fits a long; 0 (no error set) for anything else. */
static int
small(PyObject *o, long long *out)
{
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

static uint64_t
shifted(uint64_t x, uint64_t by)
{
    return by < 64 ? x >> by : 0;
}

/* Tables.end_round(drafts, activities, visited, used) from the ruleset's ``_scoring`` tuple:
 * each seat's (Throw & Catch, collections, animals, activity) points, sites and used activity
 * kinds. NULL with no error set when something does not fit 64 bits or is not as the tables
 * make it: the caller then takes the plain method. */
static PyObject *
end_round_fast(PyObject *scoring, PyObject *drafts, PyObject *activities, PyObject *visited, PyObject *used)
{
    if (!PyTuple_CheckExact(scoring) || PyTuple_GET_SIZE(scoring) != 15 || !PyTuple_CheckExact(drafts)
        || !PyTuple_CheckExact(activities) || !PyTuple_CheckExact(visited) || !PyTuple_CheckExact(used)) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(drafts);
    if (PyTuple_GET_SIZE(activities) != n || PyTuple_GET_SIZE(visited) != n || PyTuple_GET_SIZE(used) != n) {
        return NULL;
    }
    PyObject **t = &PyTuple_GET_ITEM(scoring, 0);
    PyObject *icons = t[0], *number = t[1], *points = t[5], *shifts = t[8], *activity_bits = t[9],
             *table = t[11], *animal_points = t[12], *bit = t[13];
    uint64_t deck, cards_mask, low, animal_shift, animal_mask, count;
    if (!u64(t[2], &deck) || !u64(t[3], &cards_mask) || !u64(t[4], &low) || !u64(t[6], &animal_shift)
        || !u64(t[7], &animal_mask) || !u64(t[10], &count) || !(t[14] == Py_True || t[14] == Py_False)) {
        return NULL;
    }
    int with_throw = t[14] == Py_True;
    PyObject *scores = PyTuple_New(n), *sites = PyTuple_New(n), *kinds = PyTuple_New(n);
    if (scores == NULL || sites == NULL || kinds == NULL) {
        goto error;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *cards = PyTuple_GET_ITEM(drafts, s), *collections, *activity_points = NULL;
        uint64_t total = 0, icon, first_bit, seen, done, at;
        long long activity, first, last, n_first, n_last, kind_bit, card, throw_catch;
        if (!PyTuple_CheckExact(cards) || PyTuple_GET_SIZE(cards) == 0
            || !small(PyTuple_GET_ITEM(activities, s), &activity) || !u64(PyTuple_GET_ITEM(visited, s), &seen)
            || !u64(PyTuple_GET_ITEM(used, s), &done) || !small(PyTuple_GET_ITEM(cards, 0), &first)
            || !small(item(cards, -1), &last) || first < 0 || last < 0 || !small(item(number, first), &n_first)
            || !small(item(number, last), &n_last) || !small(item(activity_bits, activity), &kind_bit)
            || kind_bit < 0 || !u64(item(bit, first), &first_bit)
            || br_sub_overflow_ll(n_first, n_last, &throw_catch) || throw_catch == LLONG_MIN) {
            goto misfit;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
            if (!small(PyTuple_GET_ITEM(cards, i), &card) || card < 0 || !u64(item(icons, card), &icon)
                || br_add_overflow_u64(total, icon, &total)) {
                goto misfit;
            }
        }
        collections = item_at(points, shifted(total, deck) & low);
        if (activity >= 0) {
            if (!u64(item(shifts, activity), &at) || (activity_points = item_at(table, shifted(total, at) & count)) == NULL) {
                goto misfit;
            }
        }
        if (collections == NULL || animal_points == NULL || !PyCallable_Check(animal_points)) {
            goto misfit;
        }
        PyObject *packed = PyLong_FromUnsignedLongLong(shifted(total, animal_shift) & animal_mask);
        PyObject *animals = packed == NULL ? NULL : PyObject_CallOneArg(animal_points, packed);
        Py_XDECREF(packed);
        PyObject *score = PyTuple_New(4);
        if (animals == NULL || score == NULL) {
            Py_XDECREF(animals);
            Py_XDECREF(score);
            goto error;
        }
        Py_INCREF(collections);
        if (activity_points == NULL) {
            activity_points = PyLong_FromLongLong(0);
        }
        else {
            Py_INCREF(activity_points);
        }
        PyTuple_SET_ITEM(score, 0, PyLong_FromLongLong(throw_catch < 0 ? -throw_catch : throw_catch));
        PyTuple_SET_ITEM(score, 1, collections);
        PyTuple_SET_ITEM(score, 2, animals);
        PyTuple_SET_ITEM(score, 3, activity_points);
        PyTuple_SET_ITEM(scores, s, score);
        uint64_t crossed = with_throw ? (total & cards_mask) : ((total & cards_mask) ^ first_bit);
        PyTuple_SET_ITEM(sites, s, PyLong_FromUnsignedLongLong(seen | crossed));
        PyTuple_SET_ITEM(kinds, s, PyLong_FromUnsignedLongLong(done | (uint64_t)kind_bit));
        if (PyErr_Occurred()) {
            goto error;
        }
    }
    PyObject *out = PyTuple_Pack(3, scores, sites, kinds);
    Py_DECREF(scores);
    Py_DECREF(sites);
    Py_DECREF(kinds);
    return out;
misfit:
    Py_XDECREF(scores);
    Py_XDECREF(sites);
    Py_XDECREF(kinds);
    return NULL;
error:
    Py_XDECREF(scores);
    Py_XDECREF(sites);
    Py_XDECREF(kinds);
    if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    return NULL;
}

/* Everyone has chosen a card (``pending``): take the cards, pass the hands, and add the Catch
 * after the last pick. engine._resolve_draft takes any case this does not: a shift other than
 * the engine's (1 or 3 for 4 players, below the player count for others), an ``everyone`` other
 * than every seat's bit, a choice that is not a card the seat holds (which it refuses). A seat's
 * choice is its PENDING_BITS of ``pending``; bits past the last seat's are ignored, as there. */
static PyObject *
resolve(const Parts *p, uint64_t pending)
{
    Py_ssize_t n = p->players;
    uint64_t shift, everyone, kept[MAX_SEATS], passed[MAX_SEATS];
    long long chosen[MAX_SEATS];
    int ok = u64(FIELD(p->context, E.shift), &shift) && shift < (uint64_t)n && (n != 4 || shift == 1 || shift == 3)
        && u64(FIELD(p->context, E.everyone), &everyone) && everyone == (UINT64_C(1) << n) - 1;
    for (Py_ssize_t s = 0; ok && s < n; s++) {
        uint64_t hand;
        long long card = (long long)((pending >> (s * PENDING_BITS)) & 255) - 2;
        ok = u64(PyTuple_GET_ITEM(p->hands, s), &hand) && card >= 0 && card < 64 && (hand >> card & 1);
        chosen[s] = card;
        kept[s] = ok ? hand ^ (UINT64_C(1) << card) : 0;
    }
    if (!ok) {
        return PyObject_CallFunction(E.resolve_plain, "OKOOK", p->context, (unsigned long long)p->step, p->hands,
                                     p->taken, (unsigned long long)pending);
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        passed[s] = kept[(s - (Py_ssize_t)shift + n) % n];
    }
    uint64_t step = p->step + 1; /* no overflow: p->step < activity_step < 2**64 */
    int catch = step == p->activity_step; /* each seat catches the last card of the hand passed to it */
    Py_ssize_t old = PyTuple_GET_SIZE(p->taken);
    PyObject *taken = PyTuple_New(old + n * (catch ? 2 : 1));
    PyObject *hands = PyTuple_New(n);
    if (taken == NULL || hands == NULL) {
        Py_XDECREF(taken);
        Py_XDECREF(hands);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < old; i++) {
        PyObject *card = PyTuple_GET_ITEM(p->taken, i);
        Py_INCREF(card);
        PyTuple_SET_ITEM(taken, i, card);
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        PyTuple_SET_ITEM(taken, old + s, PyLong_FromLongLong(chosen[s]));
        if (catch) {
            PyTuple_SET_ITEM(taken, old + n + s, PyLong_FromLongLong(bit_length(passed[s]) - 1));
        }
        PyTuple_SET_ITEM(hands, s, PyLong_FromUnsignedLongLong(catch ? 0 : passed[s]));
    }
    if (PyErr_Occurred()) { /* a failed PyLong_From*: the tuples hold NULLs, which DECREF skips */
        Py_DECREF(taken);
        Py_DECREF(hands);
        return NULL;
    }
    Py_INCREF(p->context);
    return make_state(p->context, PyLong_FromUnsignedLongLong(step), hands, taken, PyLong_FromLongLong(0),
                      PyLong_FromUnsignedLongLong(everyone));
}

static PyObject *
finish(const Parts *p, uint64_t pending)
{
    PyObject *code = PyLong_FromUnsignedLongLong(pending);
    if (code == NULL) {
        return NULL;
    }
    PyObject *args[3] = {p->context, p->taken, code};
    PyObject *out = PyObject_Vectorcall(E.finish_round, args, 3, NULL);
    Py_DECREF(code);
    return out;
}

static PyObject *
apply_impl(PyObject *const *args)
{
    PyObject *state = args[0], *seat_o = args[1], *action = args[2];
    Parts p;
    Py_ssize_t seat;
    uint64_t bit, code, have;
    if (!parts_of(state, &p) || (seat = seat_of(seat_o, &p)) < 0 || !(p.waiting >> seat & 1)
        || !(PyUnicode_CheckExact(action) || PyLong_CheckExact(action))) {
        goto plain;
    }
    int card = p.step < p.activity_step;
    PyObject *codes = slot(p.context, card ? E.card_codes : E.activity_codes);
    int found = lookup(codes, action, card, &bit, &code);
    Py_XDECREF(codes);
    if (!found) {
        goto plain;
    }
    if (card) {
        if (!u64(PyTuple_GET_ITEM(p.hands, seat), &have) || !(have & bit)) {
            goto plain;
        }
    }
    else {
        PyObject *used = FIELD(p.context, E.used); /* read after the lookup, and no Python code runs while it is */
        if (used == NULL || !PyTuple_CheckExact(used) || PyTuple_GET_SIZE(used) != p.players
            || !u64(PyTuple_GET_ITEM(used, seat), &have) || (have & bit)) {
            goto plain;
        }
    }
    uint64_t waiting = p.waiting ^ (UINT64_C(1) << seat);
    uint64_t pending = p.pending | code << (seat * PENDING_BITS);
    if (waiting) {
        PyObject *step = PyTuple_GET_ITEM(state, 1);
        Py_INCREF(p.context);
        Py_INCREF(step);
        Py_INCREF(p.hands);
        Py_INCREF(p.taken);
        return make_state(p.context, step, p.hands, p.taken, PyLong_FromUnsignedLongLong(pending),
                          PyLong_FromUnsignedLongLong(waiting));
    }
    return card ? resolve(&p, pending) : finish(&p, pending);
plain:
    return PyObject_Vectorcall(E.apply_plain, args, 3, NULL);
}

static PyObject *
legal_impl(PyObject *const *args)
{
    PyObject *state = args[0];
    Parts p;
    Py_ssize_t seat;
    uint64_t have;
    if (!parts_of(state, &p) || (seat = seat_of(args[1], &p)) < 0 || !(p.waiting >> seat & 1)) {
        goto plain;
    }
    if (p.step < p.activity_step) {
        /* held: the concatenation allocates, and a finalizer run by it could rebind the slots */
        PyObject *low = slot(p.context, E.hand_low), *high = slot(p.context, E.hand_high), *out = NULL;
        if (low != NULL && high != NULL && PyTuple_CheckExact(low) && PyTuple_CheckExact(high)
            && u64(PyTuple_GET_ITEM(p.hands, seat), &have)) {
            uint64_t lo = have & ((UINT64_C(1) << E.half) - 1), hi = have >> E.half;
            PyObject *a = item_at(low, lo), *b = item_at(high, hi);
            if (a != NULL && b != NULL && PyTuple_CheckExact(a) && PyTuple_CheckExact(b)) {
                out = PySequence_Concat(a, b);
                if (out == NULL) {
                    Py_DECREF(low);
                    Py_DECREF(high);
                    return NULL;
                }
            }
        }
        Py_XDECREF(low);
        Py_XDECREF(high);
        if (out != NULL) {
            return out;
        }
        goto plain;
    }
    PyObject *used = FIELD(p.context, E.used), *choices = FIELD(p.context, E.activity_choices);
    if (used == NULL || choices == NULL || !PyTuple_CheckExact(used) || !PyTuple_CheckExact(choices)
        || PyTuple_GET_SIZE(used) != p.players || !u64(PyTuple_GET_ITEM(used, seat), &have)
        || have >= (uint64_t)PyTuple_GET_SIZE(choices)) {
        goto plain;
    }
    PyObject *out = PyTuple_GET_ITEM(choices, have);
    Py_INCREF(out);
    return out;
plain:
    return PyObject_Vectorcall(E.legal_plain, args, 2, NULL);
}

/* The fast path of step: every seat's action, checked, packed into ``pending``; 0 when any is not
 * one the fast path takes (the plain step then judges them all). ``actions`` is an exact list or
 * tuple of ``players`` items, copied first (a list can change while a lookup runs Python code). */
static uint64_t
step_pending(const Parts *p, PyObject *actions, int card)
{
    PyObject *own[MAX_SEATS];
    Py_ssize_t n = p->players;
    for (Py_ssize_t s = 0; s < n; s++) {
        own[s] = PySequence_Fast_ITEMS(actions)[s];
        Py_INCREF(own[s]);
    }
    PyObject *codes = slot(p->context, card ? E.card_codes : E.activity_codes);
    PyObject *held = card ? Py_NewRef(p->hands) : slot(p->context, E.used);
    uint64_t pending = 0, bit, code, have;
    int ok = held != NULL && PyTuple_CheckExact(held) && PyTuple_GET_SIZE(held) == n;
    for (Py_ssize_t s = 0; ok && s < n; s++) {
        PyObject *action = own[s];
        ok = (PyUnicode_CheckExact(action) || PyLong_CheckExact(action)) && lookup(codes, action, card, &bit, &code)
            && u64(PyTuple_GET_ITEM(held, s), &have) && (card ? (have & bit) != 0 : (have & bit) == 0);
        if (ok) {
            pending |= code << (s * PENDING_BITS);
        }
    }
    Py_XDECREF(codes);
    Py_XDECREF(held);
    for (Py_ssize_t s = 0; s < n; s++) {
        Py_DECREF(own[s]);
    }
    return ok ? pending : 0;
}

static PyObject *
step_impl(PyObject *const *args)
{
    PyObject *state = args[0], *actions = args[1];
    Parts p;
    uint64_t everyone, pending;
    if (!parts_of(state, &p) || !u64(FIELD(p.context, E.everyone), &everyone) || p.waiting != everyone
        || !(PyList_CheckExact(actions) || PyTuple_CheckExact(actions))
        || PySequence_Fast_GET_SIZE(actions) != p.players) {
        goto plain;
    }
    int card = p.step < p.activity_step;
    /* 0: some action is not for the fast path -- or every code is 0, which step_plain takes as none */
    if ((pending = step_pending(&p, actions, card)) == 0) {
        goto plain;
    }
    return card ? resolve(&p, pending) : finish(&p, pending);
plain:
    return PyObject_Vectorcall(E.step_plain, args, 2, NULL);
}

/* A call that is not (state, positional args...) as the fast path takes it -- keywords, or the
 * wrong number of arguments -- made to the plain function as it was made (``self`` first, for a
 * method), so that its error, or its result, is the plain one. */
static PyObject *
forward(PyObject *function, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (function == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "boomerang_rules.australia._accel is not set up: the engine calls "
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

/* As functions: apply(state, seat, action), legal_actions(state, seat), step(state, actions). */
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

/* end_round(tables, drafts, activities, visited, used): Tables.end_round, compiled. */
static PyObject *
end_round_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    if (!E.ready || nargs != 5 || kwnames != NULL) {
        return forward(E.end_round_plain, NULL, args, nargs, kwnames);
    }
    PyObject *scoring = PyObject_GetAttr(args[0], E.scoring_name); /* a new reference, held while read */
    if (scoring == NULL) {
        PyErr_Clear();
    }
    else {
        PyObject *out = end_round_fast(scoring, args[1], args[2], args[3], args[4]);
        Py_DECREF(scoring);
        if (out != NULL || PyErr_Occurred()) {
            return out;
        }
    }
    return PyObject_Vectorcall(E.end_round_plain, args, 5, NULL);
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

#define APPLY_DOC "The same as engine.apply_plain (the reference), compiled for the common case."
#define LEGAL_DOC "The same as engine.legal_actions_plain (the reference), compiled for the common case."
#define STEP_DOC "The same as engine.step_plain (the reference), compiled for the common case."

static PyMethodDef state_methods[] = {
    {"apply", (PyCFunction)(void (*)(void))apply_method, METH_FASTCALL | METH_KEYWORDS, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_method, METH_FASTCALL | METH_KEYWORDS, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_method, METH_FASTCALL | METH_KEYWORDS, STEP_DOC},
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

static PyObject *
accelerate(PyObject *module, PyObject *args)
{
    (void)module;
    Engine e = {0};
    if (!PyArg_ParseTuple(args, "O!O!OOOOOOI:accelerate", &PyType_Type, &e.state_type, &PyType_Type, &e.context_type,
                          &e.apply_plain, &e.legal_plain, &e.step_plain, &e.finish_round, &e.resolve_plain,
                          &e.end_round_plain, &e.half)) {
        return NULL;
    }
    if (!PyType_IsSubtype(e.state_type, &PyTuple_Type) || e.half == 0 || e.half >= 64) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a tuple-backed state class and 0 < half < 64");
        return NULL;
    }
    struct { const char *name; Py_ssize_t *offset; } fields[] = {
        {"players", &e.players}, {"activity_step", &e.activity_step}, {"card_codes", &e.card_codes},
        {"activity_codes", &e.activity_codes}, {"used", &e.used}, {"hand_low", &e.hand_low},
        {"hand_high", &e.hand_high}, {"activity_choices", &e.activity_choices}, {"shift", &e.shift},
        {"everyone", &e.everyone},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        if (!offset_of(e.context_type, fields[i].name, fields[i].offset)) {
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
    e.scoring_name = PyUnicode_InternFromString("_scoring");
    if (methods == NULL || e.scoring_name == NULL) {
        Py_XDECREF(methods);
        Py_XDECREF(e.scoring_name);
        return NULL;
    }
    /* All checked: set up at once (a second call replaces the first whole; the old one's states
     * then take the plain code, their types no longer being the engine's). */
    Py_INCREF(e.state_type);
    Py_INCREF(e.context_type);
    Py_INCREF(e.apply_plain);
    Py_INCREF(e.legal_plain);
    Py_INCREF(e.step_plain);
    Py_INCREF(e.finish_round);
    Py_INCREF(e.resolve_plain);
    Py_INCREF(e.end_round_plain);
    Engine old = E;
    e.ready = 1;
    E = e;
    if (old.ready) {
        Py_DECREF(old.state_type);
        Py_DECREF(old.context_type);
        Py_DECREF(old.apply_plain);
        Py_DECREF(old.legal_plain);
        Py_DECREF(old.step_plain);
        Py_DECREF(old.finish_round);
        Py_DECREF(old.resolve_plain);
        Py_DECREF(old.end_round_plain);
        Py_DECREF(old.scoring_name);
    }
    return methods;
}

static PyMethodDef module_methods[] = {
    {"accelerate", accelerate, METH_VARARGS,
     "accelerate(GameState, RoundContext, apply_plain, legal_actions_plain, step_plain, finish_round, "
     "resolve_draft, end_round_plain, half) -> {name: GameState method}: set up the compiled path; the "
     "functions below and the methods returned then play it."},
    {"end_round", (PyCFunction)(void (*)(void))end_round_function, METH_FASTCALL | METH_KEYWORDS,
     "end_round(tables, drafts, activities, visited, used): Tables.end_round (the reference), compiled."},
    {"apply", (PyCFunction)(void (*)(void))apply_function, METH_FASTCALL | METH_KEYWORDS, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_function, METH_FASTCALL | METH_KEYWORDS, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_function, METH_FASTCALL | METH_KEYWORDS, STEP_DOC},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_accel",
    "The compiled hot path of Boomerang: Australia's engine (see engine.py; optional: the plain Python "
    "functions are the reference and stand in when this is not built).",
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
