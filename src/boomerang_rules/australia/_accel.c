/* The decision-level hot path of Boomerang: Australia, compiled: apply, legal_actions and step.
 *
 * The same functions as engine.py's plain ones (apply_plain, legal_actions_plain, step_plain),
 * for the common case only: a state the engine made, an int seat, an action that is a str or
 * an int the round's tables know, and hands of at most 64 cards. Anything else -- a refusal, a
 * junk value, an unusual deck, the end of a round -- is handed to the Python code, so every
 * message and every rule past a card step is the plain reading's own. Tests compare the two on
 * every shipped ruleset (tests/test_accel.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

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

/* The (bit, code) an action has in ``codes`` (a dict); 0 when it has none or they are odd. */
static int
lookup(PyObject *codes, PyObject *action, uint64_t *bit, uint64_t *code)
{
    /* The tables keep them read-only, as a mappingproxy of a dict, whose lookup is the dict's. */
    if (codes == NULL || !(Py_IS_TYPE(codes, &PyDictProxy_Type) || PyDict_CheckExact(codes))) {
        return 0;
    }
    PyObject *entry = PyObject_GetItem(codes, action); /* a str or an int: no Python code runs */
    if (entry == NULL) {
        PyErr_Clear();
        return 0;
    }
    int ok = PyTuple_CheckExact(entry) && PyTuple_GET_SIZE(entry) == 2 && u64(PyTuple_GET_ITEM(entry, 0), bit)
        && u64(PyTuple_GET_ITEM(entry, 1), code) && *code < (1u << PENDING_BITS);
    Py_DECREF(entry);
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

/* The parts of a state the fast path reads, checked; 0 when it is not one the engine made. */
typedef struct {
    PyObject *context, *hands, *taken;
    uint64_t step, pending, waiting, activity_step;
    Py_ssize_t players;
} Parts;

static int
parts_of(PyObject *state, Parts *p)
{
    if (!E.ready || Py_TYPE(state) != E.state_type || PyTuple_GET_SIZE(state) != 6) {
        return 0;
    }
    p->context = PyTuple_GET_ITEM(state, 0);
    p->hands = PyTuple_GET_ITEM(state, 2);
    p->taken = PyTuple_GET_ITEM(state, 3);
    if (Py_TYPE(p->context) != E.context_type || !PyTuple_CheckExact(p->hands) || !PyTuple_CheckExact(p->taken)) {
        return 0;
    }
    uint64_t players;
    if (!u64(PyTuple_GET_ITEM(state, 1), &p->step) || !u64(PyTuple_GET_ITEM(state, 4), &p->pending)
        || !u64(PyTuple_GET_ITEM(state, 5), &p->waiting) || !u64(FIELD(p->context, E.activity_step), &p->activity_step)
        || !u64(FIELD(p->context, E.players), &players) || players > MAX_SEATS
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
    return x ? 64 - __builtin_clzll(x) : 0;
}

/* ``tuple[i]``, Python's negative indices included; NULL (no error set) when out of range. */
static PyObject *
item(PyObject *tuple, long i)
{
    if (tuple == NULL || !PyTuple_CheckExact(tuple)) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if (i < 0) {
        i += (long)n;
    }
    return i >= 0 && i < n ? PyTuple_GET_ITEM(tuple, i) : NULL;
}

/* An exact int that fits a long; 0 (no error set) for anything else. */
static int
small(PyObject *o, long *out)
{
    if (o == NULL || !PyLong_CheckExact(o)) {
        return 0;
    }
    int overflow;
    *out = PyLong_AsLongAndOverflow(o, &overflow);
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
        long activity, first, last, n_first, n_last, kind_bit, card;
        if (!PyTuple_CheckExact(cards) || PyTuple_GET_SIZE(cards) == 0
            || !small(PyTuple_GET_ITEM(activities, s), &activity) || !u64(PyTuple_GET_ITEM(visited, s), &seen)
            || !u64(PyTuple_GET_ITEM(used, s), &done) || !small(PyTuple_GET_ITEM(cards, 0), &first)
            || !small(item(cards, -1), &last) || first < 0 || last < 0 || !small(item(number, first), &n_first)
            || !small(item(number, last), &n_last) || !small(item(activity_bits, activity), &kind_bit)
            || kind_bit < 0 || !u64(item(bit, first), &first_bit)) {
            goto misfit;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
            if (!small(PyTuple_GET_ITEM(cards, i), &card) || card < 0 || !u64(item(icons, card), &icon)
                || __builtin_add_overflow(total, icon, &total)) {
                goto misfit;
            }
        }
        collections = item(points, (long)(shifted(total, deck) & low));
        if (activity >= 0) {
            if (!u64(item(shifts, activity), &at) || (activity_points = item(table, (long)(shifted(total, at) & count)))
                == NULL) {
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
            activity_points = PyLong_FromLong(0);
        }
        else {
            Py_INCREF(activity_points);
        }
        PyTuple_SET_ITEM(score, 0, PyLong_FromLong(n_first > n_last ? n_first - n_last : n_last - n_first));
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
 * after the last pick (engine._resolve_draft, which takes any case this does not). */
static PyObject *
resolve(const Parts *p, uint64_t pending)
{
    Py_ssize_t n = p->players;
    uint64_t shift, kept[MAX_SEATS], passed[MAX_SEATS];
    long chosen[MAX_SEATS];
    int ok = u64(FIELD(p->context, E.shift), &shift) && shift < (uint64_t)n;
    for (Py_ssize_t s = 0; ok && s < n; s++) {
        uint64_t hand;
        long card = (long)((pending >> (s * PENDING_BITS)) & 255) - 2;
        ok = u64(PyTuple_GET_ITEM(p->hands, s), &hand) && card >= 0 && card < 64;
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
    uint64_t step = p->step + 1;
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
        PyTuple_SET_ITEM(taken, old + s, PyLong_FromLong(chosen[s]));
        if (catch) {
            PyTuple_SET_ITEM(taken, old + n + s, PyLong_FromLong(bit_length(passed[s]) - 1));
        }
        PyTuple_SET_ITEM(hands, s, PyLong_FromUnsignedLongLong(catch ? 0 : passed[s]));
    }
    if (PyErr_Occurred()) { /* a failed PyLong_From*: the tuples hold NULLs, which DECREF skips */
        Py_DECREF(taken);
        Py_DECREF(hands);
        return NULL;
    }
    PyObject *everyone = FIELD(p->context, E.everyone);
    Py_INCREF(p->context);
    Py_INCREF(everyone);
    return make_state(p->context, PyLong_FromUnsignedLongLong(step), hands, taken, PyLong_FromLong(0), everyone);
}

static PyObject *
call_plain(PyObject *function, PyObject *const *args, Py_ssize_t nargs)
{
    return PyObject_Vectorcall(function, args, nargs, NULL);
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
    if (card) {
        if (!lookup(FIELD(p.context, E.card_codes), action, &bit, &code)
            || !u64(PyTuple_GET_ITEM(p.hands, seat), &have) || !(have & bit)) {
            goto plain;
        }
    }
    else {
        PyObject *used = FIELD(p.context, E.used);
        if (!lookup(FIELD(p.context, E.activity_codes), action, &bit, &code) || used == NULL
            || !PyTuple_CheckExact(used) || PyTuple_GET_SIZE(used) != p.players
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
    return call_plain(E.apply_plain, args, 3);
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
        PyObject *low = FIELD(p.context, E.hand_low), *high = FIELD(p.context, E.hand_high);
        if (low == NULL || high == NULL || !PyTuple_CheckExact(low) || !PyTuple_CheckExact(high)
            || !u64(PyTuple_GET_ITEM(p.hands, seat), &have)) {
            goto plain;
        }
        uint64_t lo = have & ((UINT64_C(1) << E.half) - 1), hi = have >> E.half;
        if (lo >= (uint64_t)PyTuple_GET_SIZE(low) || hi >= (uint64_t)PyTuple_GET_SIZE(high)) {
            goto plain;
        }
        PyObject *a = PyTuple_GET_ITEM(low, lo), *b = PyTuple_GET_ITEM(high, hi);
        if (!PyTuple_CheckExact(a) || !PyTuple_CheckExact(b)) {
            goto plain;
        }
        return PySequence_Concat(a, b);
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
    return call_plain(E.legal_plain, args, 2);
}

static PyObject *
step_impl(PyObject *const *args)
{
    PyObject *state = args[0], *actions = args[1];
    Parts p;
    uint64_t everyone, bit, code, have, pending = 0;
    if (!parts_of(state, &p) || !u64(FIELD(p.context, E.everyone), &everyone) || p.waiting != everyone
        || !(PyList_CheckExact(actions) || PyTuple_CheckExact(actions))
        || PySequence_Fast_GET_SIZE(actions) != p.players) {
        goto plain;
    }
    PyObject **items = PySequence_Fast_ITEMS(actions);
    int card = p.step < p.activity_step;
    PyObject *codes = FIELD(p.context, card ? E.card_codes : E.activity_codes);
    PyObject *held = card ? p.hands : FIELD(p.context, E.used);
    if (held == NULL || !PyTuple_CheckExact(held) || PyTuple_GET_SIZE(held) != p.players) {
        goto plain;
    }
    for (Py_ssize_t s = 0; s < p.players; s++) {
        PyObject *action = items[s];
        if (!(PyUnicode_CheckExact(action) || PyLong_CheckExact(action)) || !lookup(codes, action, &bit, &code)
            || !u64(PyTuple_GET_ITEM(held, s), &have) || (card ? !(have & bit) : (have & bit) != 0)) {
            goto plain;
        }
        pending |= code << (s * PENDING_BITS);
    }
    return card ? resolve(&p, pending) : finish(&p, pending);
plain:
    return call_plain(E.step_plain, args, 2);
}

static int
arity(const char *name, Py_ssize_t nargs, Py_ssize_t expected)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", name, expected, nargs);
        return 0;
    }
    return 1;
}

/* As functions: apply(state, seat, action), legal_actions(state, seat), step(state, actions). */
static PyObject *
apply_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return arity("apply", nargs, 3) ? apply_impl(args) : NULL;
}

static PyObject *
legal_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return arity("legal_actions", nargs, 2) ? legal_impl(args) : NULL;
}

static PyObject *
step_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return arity("step", nargs, 2) ? step_impl(args) : NULL;
}

/* end_round(tables, drafts, activities, visited, used): Tables.end_round, compiled. */
static PyObject *
end_round_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (!arity("end_round", nargs, 5)) {
        return NULL;
    }
    if (E.ready) {
        PyObject *scoring = PyObject_GetAttr(args[0], E.scoring_name);
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
    }
    return call_plain(E.end_round_plain, args, 5);
}

/* As GameState's methods (the top-level API calls ``state._br_apply(seat, action)``). */
static PyObject *
apply_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!arity("apply", nargs, 2)) {
        return NULL;
    }
    PyObject *all[3] = {self, args[0], args[1]};
    return apply_impl(all);
}

static PyObject *
legal_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!arity("legal_actions", nargs, 1)) {
        return NULL;
    }
    PyObject *all[2] = {self, args[0]};
    return legal_impl(all);
}

static PyObject *
step_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!arity("step", nargs, 1)) {
        return NULL;
    }
    PyObject *all[2] = {self, args[0]};
    return step_impl(all);
}

#define APPLY_DOC "The same as engine.apply_plain (the reference), compiled for the common case."
#define LEGAL_DOC "The same as engine.legal_actions_plain (the reference), compiled for the common case."
#define STEP_DOC "The same as engine.step_plain (the reference), compiled for the common case."

static PyMethodDef state_methods[] = {
    {"apply", (PyCFunction)(void (*)(void))apply_method, METH_FASTCALL, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_method, METH_FASTCALL, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_method, METH_FASTCALL, STEP_DOC},
};

/* The offset of a slotted class's field, from its member descriptor. */
static int
offset_of(PyTypeObject *cls, const char *name, Py_ssize_t *out)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)cls, name);
    if (descr == NULL) {
        return 0;
    }
    int ok = Py_IS_TYPE(descr, &PyMemberDescr_Type)
        && ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX;
    if (ok) {
        *out = ((PyMemberDescrObject *)descr)->d_member->offset;
    }
    else {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", cls->tp_name, name);
    }
    Py_DECREF(descr);
    return ok;
}

static PyObject *
accelerate(PyObject *module, PyObject *args)
{
    PyTypeObject *state_type, *context_type;
    PyObject *apply_plain, *legal_plain, *step_plain, *finish_round, *resolve_plain, *end_round_plain;
    unsigned half;
    if (!PyArg_ParseTuple(args, "O!O!OOOOOOI:accelerate", &PyType_Type, &state_type, &PyType_Type, &context_type,
                          &apply_plain, &legal_plain, &step_plain, &finish_round, &resolve_plain, &end_round_plain,
                          &half)) {
        return NULL;
    }
    if (!PyType_IsSubtype(state_type, &PyTuple_Type) || half == 0 || half >= 64) {
        PyErr_SetString(PyExc_TypeError, "accelerate needs a tuple-backed state class and 0 < half < 64");
        return NULL;
    }
    struct { const char *name; Py_ssize_t *offset; } fields[] = {
        {"players", &E.players}, {"activity_step", &E.activity_step}, {"card_codes", &E.card_codes},
        {"activity_codes", &E.activity_codes}, {"used", &E.used}, {"hand_low", &E.hand_low},
        {"hand_high", &E.hand_high}, {"activity_choices", &E.activity_choices}, {"shift", &E.shift},
        {"everyone", &E.everyone},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        if (!offset_of(context_type, fields[i].name, fields[i].offset)) {
            return NULL;
        }
    }
    Py_INCREF(state_type);
    Py_INCREF(context_type);
    Py_INCREF(apply_plain);
    Py_INCREF(legal_plain);
    Py_INCREF(step_plain);
    Py_INCREF(finish_round);
    Py_INCREF(resolve_plain);
    Py_INCREF(end_round_plain);
    E.scoring_name = PyUnicode_InternFromString("_scoring");
    if (E.scoring_name == NULL) {
        return NULL;
    }
    E.state_type = state_type;
    E.context_type = context_type;
    E.apply_plain = apply_plain;
    E.legal_plain = legal_plain;
    E.step_plain = step_plain;
    E.finish_round = finish_round;
    E.resolve_plain = resolve_plain;
    E.end_round_plain = end_round_plain;
    E.half = half;
    E.ready = 1;
    PyObject *methods = PyDict_New();
    for (size_t i = 0; methods != NULL && i < sizeof state_methods / sizeof state_methods[0]; i++) {
        PyObject *descr = PyDescr_NewMethod(state_type, &state_methods[i]);
        if (descr == NULL || PyDict_SetItemString(methods, state_methods[i].ml_name, descr) < 0) {
            Py_XDECREF(descr);
            Py_CLEAR(methods);
            break;
        }
        Py_DECREF(descr);
    }
    return methods;
}

static PyMethodDef module_methods[] = {
    {"accelerate", accelerate, METH_VARARGS,
     "accelerate(GameState, RoundContext, apply_plain, legal_actions_plain, step_plain, finish_round, "
     "resolve_draft, end_round_plain, half) -> {name: GameState method}: set up the compiled path; the "
     "functions below and the methods returned then play it."},
    {"end_round", (PyCFunction)(void (*)(void))end_round_function, METH_FASTCALL,
     "end_round(tables, drafts, activities, visited, used): Tables.end_round (the reference), compiled."},
    {"apply", (PyCFunction)(void (*)(void))apply_function, METH_FASTCALL, APPLY_DOC},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_function, METH_FASTCALL, LEGAL_DOC},
    {"step", (PyCFunction)(void (*)(void))step_function, METH_FASTCALL, STEP_DOC},
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
    return PyModule_Create(&module_def);
}
