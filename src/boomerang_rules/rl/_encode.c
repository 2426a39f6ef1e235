/* rl/australia_layout.py's encode_plain, compiled: every seat's observation and action mask in one call.
 *
 * A PettingZoo env stepping one game pays a fixed cost per numpy call and per Python operation,
 * and the plain encoder (packing each seat's rows into an integer, advance_words between steps,
 * one unpackbits and two gathers) costs several times the engine's own step. This builds the same
 * packed bits as static_words and encode_plain -- each seat's hand, Throw, held hands, face-up
 * cards, legal mask, round and step, then the once-a-round template bits -- straight from the
 * state's tuples, and copies them out in the order of the layout's own index (the index the
 * plain encoder gathers through, read as runs of consecutive bits) into the caller's fresh arrays. Optional: encode_plain is the
 * reference and stands in when this is not built; tests compare the two (tests/test_rl_encode.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/_portable.h"
#include <stdint.h>
#include <string.h>

/* The plan's header: int64 fields in this order (australia_layout._Layout.plan packs them), then
 * `rounds` int64 directions, then P_RUNS runs of three int32s (start in the observations, first
 * bit in the packed bits -- little-endian order -- or bits + seat for a seat's score, length):
 * the layout's index, each stretch of consecutive bits in one run. */
enum {
    P_SEATS, P_DECK, P_ROW_BITS, P_HAND, P_SEAT_BYTES, P_FACE_SHIFT, P_MASK_SHIFT, P_ROUND_SHIFT,
    P_STEP_SHIFT, P_BITS, P_SIZE, P_ACTIONS, P_ROUNDS, P_ACTIVITY_STEP, P_TEMPLATE_BYTES, P_RUNS, P_FIELDS
};

#define MAX_SEATS 16
#define MAX_BLOB 8192
#define MAX_CARDS 1024

static int small_int(PyObject *v, long long *out);

static float byte_floats[256][8]; /* each byte's bits, least significant first, as 0.0 / 1.0 */
static uint8_t byte_flags[256][8]; /* and as 0 / 1 */

typedef struct {
    uint8_t *blob;
    Py_ssize_t seat_bits;
    int bad; /* a bit past its seat's bytes: the state does not fit the plan */
} Bits;

static inline void
set_bit(Bits *b, Py_ssize_t seat, int64_t pos)
{
    if (pos < 0 || pos >= b->seat_bits) {
        b->bad = 1;
        return;
    }
    Py_ssize_t p = seat * b->seat_bits + (Py_ssize_t)pos;
    b->blob[p >> 3] |= (uint8_t)(1u << (p & 7));
}

/* The bits of `mask` at `pos` of a seat's bits onward, a byte at a time. */
static inline void
set_mask(Bits *b, Py_ssize_t seat, int64_t pos, uint64_t mask)
{
    if (!mask) {
        return;
    }
    if (pos < 0 || pos + (64 - br_clz64(mask)) > b->seat_bits) {
        b->bad = 1;
        return;
    }
    Py_ssize_t p = seat * b->seat_bits + (Py_ssize_t)pos;
    uint8_t *at = b->blob + (p >> 3);
    int shift = (int)(p & 7);
    uint64_t low = mask << shift, high = shift ? mask >> (64 - shift) : 0;
    for (int k = 0; low; k++, low >>= 8) {
        at[k] |= (uint8_t)low;
    }
    if (high) {
        at[8] |= (uint8_t)high;
    }
}

/* Python's modulo (never negative) for a positive n. */
static inline Py_ssize_t
mod(Py_ssize_t x, Py_ssize_t n)
{
    Py_ssize_t r = x % n;
    return r < 0 ? r + n : r;
}

/* Exact ints in [0, 2**64) from an exact tuple or list of n; -1 (error set) for anything else.
 * No Python code runs while the list's items are read (exact ints only: no __index__). */
static int
read_u64s(PyObject *seq, Py_ssize_t n, uint64_t *out, const char *what)
{
    if (!(PyTuple_CheckExact(seq) || PyList_CheckExact(seq)) || PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple or list of %zd ints is expected", what, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_CheckExact(items[i])) {
            PyErr_Format(PyExc_ValueError, "%s: ints are expected", what);
            return -1;
        }
        unsigned long long v = PyLong_AsUnsignedLongLong(items[i]);
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            return -1;
        }
        out[i] = (uint64_t)v;
    }
    return 0;
}

/* Whether a buffer's struct format is `kind` (one character: 'f' float32, 'b' int8), in native order. */
static int
format_is(const char *format, char kind)
{
    if (format != NULL && (format[0] == '@' || format[0] == '=' || format[0] == '<')) {
        format++;
    }
    return format != NULL && format[0] == kind && format[1] == '\0';
}

/* A writable C-contiguous buffer of exactly `items` items of `itemsize` bytes: float32 (4) or int8 (1)
 * by its format; an error naming `what` for anything else (another dtype of the same size included:
 * its bytes would be written as the wrong type). */
static int
writable(PyObject *o, Py_buffer *view, Py_ssize_t items, Py_ssize_t itemsize, const char *what)
{
    char kind = itemsize == 1 ? 'b' : 'f';
    if (PyObject_GetBuffer(o, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    if (items < 0 || items > PY_SSIZE_T_MAX / itemsize || view->len != items * itemsize
        || view->itemsize != itemsize || !format_is(view->format, kind)) {
        PyErr_Format(PyExc_ValueError, "%s: a contiguous %s buffer of %zd items is expected",
                     what, kind == 'f' ? "float32" : "int8", items);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* What australia_layout.encode_plain packs for one state, read out of the plan and the state's exact types:
 * the plan's geometry, every seat's legal mask and score, and the packed bits (each seat's bytes, then
 * the template's), from which every seat's observation is copied through runs. */
typedef struct {
    Py_ssize_t n, size, actions, bits, runs;
    const char *run_bytes; /* the plan's runs (every seat's rows), inside the plan's bytes */
    uint64_t masks[MAX_SEATS];
    float scores[MAX_SEATS];
    uint8_t blob[MAX_BLOB + 8]; /* + 8: a run's last bits are read a whole word at a time */
} Packed;

/* The 8 bytes at `at` as a little-endian word, whatever the machine (one load where it is little-endian). */
static inline uint64_t
load_le64(const uint8_t *at)
{
    uint64_t w;
    memcpy(&w, at, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = br_bswap64(w);
#endif
    return w;
}

/* The plan's integers are little-endian ("<i8", "<i4": rl/australia_layout.py, rl/encoding.py), whatever
 * the machine: read byte by byte into the native ones. */
static inline int64_t
le_i64(const char *at)
{
    return (int64_t)load_le64((const uint8_t *)at);
}

static inline void
le_i32s(int32_t *out, const char *at, int count)
{
    for (int i = 0; i < count; i++, at += 4) {
        const uint8_t *b = (const uint8_t *)at;
        out[i] = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
    }
}

/* Pack args (plan, state, round, masks, template, scores) into `p`: 0, or -1 with an error set.
 * Only exact types are read (ints, floats, tuples, lists, bytes): no __index__ or __float__ of a
 * user object runs, so nothing read from an argument changes under it, and `p` holds copies. */
static int
pack(PyObject *const *args, Packed *p)
{
    PyObject *plan = args[0], *state = args[1], *template = args[4];
    if (!PyBytes_CheckExact(plan) || PyBytes_GET_SIZE(plan) < (Py_ssize_t)(P_FIELDS * sizeof(int64_t))) {
        PyErr_SetString(PyExc_ValueError, "plan: the layout's packed plan (bytes) is expected");
        return -1;
    }
    int64_t P[P_FIELDS];
    for (int f = 0; f < P_FIELDS; f++) {
        P[f] = le_i64(PyBytes_AS_STRING(plan) + f * sizeof(int64_t));
    }
    for (int f = 0; f < P_FIELDS; f++) { /* every field a count or a place: bounded, so no size below overflows */
        if (P[f] < 0 || P[f] > ((int64_t)1 << 30)) {
            PyErr_SetString(PyExc_ValueError, "plan: not a plan this encoder can follow");
            return -1;
        }
    }
    Py_ssize_t n = (Py_ssize_t)P[P_SEATS], size = (Py_ssize_t)P[P_SIZE], actions = (Py_ssize_t)P[P_ACTIONS];
    Py_ssize_t rounds = (Py_ssize_t)P[P_ROUNDS], seat_bytes = (Py_ssize_t)P[P_SEAT_BYTES];
    Py_ssize_t template_bytes = (Py_ssize_t)P[P_TEMPLATE_BYTES], bits = (Py_ssize_t)P[P_BITS];
    Py_ssize_t runs = (Py_ssize_t)P[P_RUNS];
    if (n < 1 || n > MAX_SEATS || size < 0 || actions < 0 || actions > 64 || rounds < 0 || seat_bytes < 0
        || template_bytes < 0 || n * seat_bytes + template_bytes > MAX_BLOB
        || bits != (n * seat_bytes + template_bytes) * 8 || runs < 0
        || PyBytes_GET_SIZE(plan) != (Py_ssize_t)((P_FIELDS + rounds) * sizeof(int64_t) + runs * 3 * sizeof(int32_t))) {
        PyErr_SetString(PyExc_ValueError, "plan: not a plan this encoder can follow");
        return -1;
    }
    const char *directions = PyBytes_AS_STRING(plan) + P_FIELDS * sizeof(int64_t);
    p->n = n;
    p->size = size;
    p->actions = actions;
    p->bits = bits;
    p->runs = runs;
    p->run_bytes = directions + rounds * sizeof(int64_t);
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 4) {
        PyErr_SetString(PyExc_ValueError, "state: a GameState is expected");
        return -1;
    }
    if (!PyLong_CheckExact(PyTuple_GET_ITEM(state, 1)) || !PyLong_CheckExact(args[2])) {
        PyErr_SetString(PyExc_ValueError, "state: its step and round must be ints");
        return -1;
    }
    long long step = PyLong_AsLongLong(PyTuple_GET_ITEM(state, 1));
    if (step == -1 && PyErr_Occurred()) {
        return -1;
    }
    long long rnd = PyLong_AsLongLong(args[2]);
    if (rnd == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (step < 0 || step > (1LL << 30) || rnd < 0 || rnd > rounds) { /* bounded: no shift below overflows */
        PyErr_SetString(PyExc_ValueError, "state: its step or round is out of the plan's range");
        return -1;
    }
    uint64_t hands[MAX_SEATS];
    if (read_u64s(PyTuple_GET_ITEM(state, 2), n, hands, "hands") < 0 || read_u64s(args[3], n, p->masks, "masks") < 0) {
        return -1;
    }
    PyObject *taken = PyTuple_GET_ITEM(state, 3);
    if (!PyTuple_CheckExact(taken)) {
        PyErr_SetString(PyExc_ValueError, "taken: a tuple is expected");
        return -1;
    }
    if (!PyBytes_CheckExact(template) || PyBytes_GET_SIZE(template) != template_bytes) {
        PyErr_SetString(PyExc_ValueError, "template: the layout's template bytes are expected");
        return -1;
    }
    PyObject *scores_seq = args[5];
    if (!PyTuple_CheckExact(scores_seq) || PyTuple_GET_SIZE(scores_seq) != n) {
        PyErr_SetString(PyExc_ValueError, "scores: a tuple of each seat's total is expected");
        return -1;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *item = PyTuple_GET_ITEM(scores_seq, s);
        double v;
        if (PyLong_CheckExact(item)) {
            long long whole = PyLong_AsLongLong(item);
            if (whole == -1 && PyErr_Occurred()) {
                return -1;
            }
            v = (double)whole;
        }
        else if (PyFloat_CheckExact(item)) {
            v = PyFloat_AS_DOUBLE(item);
        }
        else {
            PyErr_SetString(PyExc_ValueError, "scores: ints or floats are expected");
            return -1;
        }
        p->scores[s] = (float)v;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(taken);
    Py_ssize_t rows = count / n;
    int64_t card[MAX_CARDS];
    if (count > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "taken: too many cards for this encoder");
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(taken, i))) {
            PyErr_SetString(PyExc_ValueError, "taken: ints are expected");
            return -1;
        }
        long long c = PyLong_AsLongLong(PyTuple_GET_ITEM(taken, i));
        if (c == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (c < 0 || c >= 64) {
            PyErr_SetString(PyExc_ValueError, "taken: a card index out of range");
            return -1;
        }
        card[i] = c;
    }

    uint8_t *blob = p->blob;
    Bits b = {blob, seat_bytes * 8, 0};
    memset(blob, 0, (size_t)(n * seat_bytes));
    memcpy(blob + n * seat_bytes, PyBytes_AS_STRING(template), (size_t)template_bytes);
    memset(blob + n * seat_bytes + template_bytes, 0, 8);
    int64_t cb = P[P_ROW_BITS], face_shift = P[P_FACE_SHIFT];
    /* static_words: the Throw, the face-up cards, the hands held at each earlier step */
    for (Py_ssize_t s = 0; s < n && rows; s++) {
        set_bit(&b, s, cb + card[s]);
        for (Py_ssize_t j = 1; j < rows; j++) {
            set_bit(&b, s, face_shift + card[j * n + s]);
        }
    }
    Py_ssize_t held_rows = rnd >= rounds ? 0 : (step < P[P_ACTIVITY_STEP] ? step : (Py_ssize_t)P[P_ACTIVITY_STEP]);
    if (held_rows) {
        int64_t d = le_i64(directions + rnd * sizeof(int64_t));
        if (d < -MAX_SEATS || d > MAX_SEATS) {
            PyErr_SetString(PyExc_ValueError, "plan: a passing direction past the seats");
            return -1;
        }
        for (Py_ssize_t o = 0; o < n; o++) {
            uint64_t mask = hands[mod(o + rows * (Py_ssize_t)d, n)];
            for (Py_ssize_t k = rows - 1; k >= 0; k--) {
                Py_ssize_t seat = mod(o + k * (Py_ssize_t)d, n);
                mask |= (uint64_t)1 << card[k * n + seat];
                if (k < held_rows) {
                    set_mask(&b, seat, (2 + k) * cb, mask);
                }
            }
        }
    }
    /* encode_plain: the hand, the legal mask, the round and the step */
    for (Py_ssize_t s = 0; s < n; s++) {
        if (actions < 64 && p->masks[s] >> actions) {
            PyErr_SetString(PyExc_ValueError, "masks: a legal mask past the number of actions");
            return -1;
        }
        set_mask(&b, s, 0, hands[s]);
        set_mask(&b, s, P[P_MASK_SHIFT], p->masks[s]);
        set_bit(&b, s, P[P_ROUND_SHIFT] + rnd);
        set_bit(&b, s, P[P_STEP_SHIFT] + (rnd >= rounds ? 0 : step));
    }
    if (b.bad) {
        PyErr_SetString(PyExc_ValueError, "state: a card or step past the plan's rows");
        return -1;
    }
    return 0;
}

/* `total` floats of `out` written from `p` through `runs` runs (three int32s each: start in `out`,
 * first bit in the packed bits, or bits + seat for a seat's score, length), which must cover the
 * floats in order: 0, or -1 with an error set (nothing read past the blob, nothing written past
 * `total`). Each run is checked as it comes, then written: bits eight floats at a time from the
 * table, the last group of a run spilling into the next run's cells (which that run then writes)
 * but never past `total`. */
static int
write_packed(const Packed *p, const char *run_bytes, Py_ssize_t runs, float *out, Py_ssize_t total)
{
    Py_ssize_t covered = 0, bits = p->bits, r = 0;
    for (; r < runs; r++) {
        int32_t run[3];
        le_i32s(run, run_bytes + r * sizeof run, 3);
        Py_ssize_t src = run[1], length = run[2];
        if (run[0] != covered || length < 0 || length > total - covered) {
            break; /* the runs do not cover the rows in order (a run left over included): said below */
        }
        float *to = out + covered;
        covered += length;
        if (src < 0) {
            goto bad;
        }
        if (src >= bits) { /* seats' scores, one after another */
            if (length > bits + p->n - src) {
                goto bad;
            }
            memcpy(to, p->scores + (src - bits), (size_t)length * sizeof(float));
            continue;
        }
        if (length > bits - src) {
            goto bad;
        }
        Py_ssize_t groups = (length + 7) >> 3, room = total - (to - out);
        if (groups * 8 > room) { /* the last group would pass `total`: it is written a float at a time */
            groups--;
        }
        const uint8_t *from = p->blob + (src >> 3);
        unsigned shift = (unsigned)(src & 7);
        for (Py_ssize_t g = 0; g < groups; g++, to += 8) {
            memcpy(to, byte_floats[(load_le64(from + g) >> shift) & 255], 8 * sizeof(float));
        }
        for (Py_ssize_t i = groups * 8; i < length; i++, to++) {
            *to = byte_floats[(load_le64(from + (i >> 3)) >> shift) & 255][i & 7];
        }
    }
    if (r < runs || covered != total) {
        PyErr_SetString(PyExc_ValueError, "plan: its runs do not cover the observations");
        return -1;
    }
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "plan: an index out of range");
    return -1;
}

/* `rows` mask rows of `actions` bytes (0/1) into `to`, row r seat `first + r`'s legal mask. */
static void
write_mask_rows(const Packed *p, Py_ssize_t first, Py_ssize_t rows, int8_t *to)
{
    Py_ssize_t actions = p->actions, total = rows * actions;
    for (Py_ssize_t row = 0; row < rows; row++) {
        for (Py_ssize_t i = 0; i < actions; i += 8) { /* eight bytes a byte of the mask */
            int8_t *at = to + row * actions + i;
            const uint8_t *from = byte_flags[(p->masks[first + row] >> i) & 255];
            if (row * actions + i + 8 <= total) { /* past this row: the next one's, written next */
                memcpy(at, from, 8);
            }
            else {
                for (Py_ssize_t k = 0; k < actions - i; k++) {
                    at[k] = (int8_t)from[k];
                }
            }
        }
    }
}

/* A seat's runs: bytes of int32 triples; NULL (error set) for anything else. */
static const char *
seat_run_bytes(PyObject *runs, Py_ssize_t *count)
{
    if (!PyBytes_CheckExact(runs) || PyBytes_GET_SIZE(runs) % (Py_ssize_t)(3 * sizeof(int32_t))) {
        PyErr_SetString(PyExc_ValueError, "seat_runs: a seat's runs (bytes of int32 triples) are expected");
        return NULL;
    }
    *count = PyBytes_GET_SIZE(runs) / (Py_ssize_t)(3 * sizeof(int32_t));
    return PyBytes_AS_STRING(runs);
}

/* Every seat's observation and action mask (observations players x size, action_masks players x
 * actions), or with `seat` and `seat_runs` (10 arguments) that seat's alone (size floats, actions
 * bytes), written through the seat's own runs: three int32s each, as the plan's, each start within
 * the seat's row (a single-agent env observes one seat; the others' rows are not written at all). */
static PyObject *
fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 8 && nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "fill(observations, action_masks, plan, state, round, masks, template, "
                                         "scores[, seat, seat_runs]) takes 8 or 10 arguments");
        return NULL;
    }
    Packed p;
    if (pack(args + 2, &p) < 0) {
        return NULL;
    }
    const char *run_bytes = p.run_bytes;
    Py_ssize_t runs = p.runs;
    long long seat = -1; /* every seat's rows; else that seat's alone, through its own runs */
    if (nargs == 10) {
        if (!small_int(args[8], &seat) || seat < 0 || seat >= p.n) {
            PyErr_SetString(PyExc_ValueError, "seat, seat_runs: a seat of the plan and its runs (bytes of int32 "
                                              "triples) are expected");
            return NULL;
        }
        if ((run_bytes = seat_run_bytes(args[9], &runs)) == NULL) {
            return NULL;
        }
    }
    Py_ssize_t rows_out = seat < 0 ? p.n : 1;
    Py_buffer obs, am;
    if (writable(args[0], &obs, rows_out * p.size, 4, "observations") < 0) {
        return NULL;
    }
    if (writable(args[1], &am, rows_out * p.actions, 1, "action_masks") < 0) {
        PyBuffer_Release(&obs);
        return NULL;
    }
    int bad = write_packed(&p, run_bytes, runs, (float *)obs.buf, rows_out * p.size);
    if (!bad) {
        write_mask_rows(&p, seat < 0 ? 0 : (Py_ssize_t)seat, rows_out, (int8_t *)am.buf);
    }
    PyBuffer_Release(&obs);
    PyBuffer_Release(&am);
    if (bad) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *action_mask_key, *copy_name;
static PyObject *fresh(PyObject *factory, PyObject *like);

/* {names[k]: {key: seen[k], "action_mask": rows[k], or zeros where rows[k] is NULL}} for each of
 * names' seats (exact strs: hashing them runs no Python code); NULL with an error set. */
static PyObject *
seat_dicts(PyObject *names, PyObject *key, PyObject *const *seen, PyObject *const *rows, PyObject *zeros)
{
    PyObject *out = PyDict_New();
    for (Py_ssize_t k = 0; out != NULL && k < PyTuple_GET_SIZE(names); k++) {
        PyObject *one = PyDict_New();
        if (one == NULL || PyDict_SetItem(one, key, seen[k]) < 0
            || PyDict_SetItem(one, action_mask_key, rows[k] != NULL ? rows[k] : zeros) < 0
            || PyDict_SetItem(out, PyTuple_GET_ITEM(names, k), one) < 0) {
            Py_XDECREF(one);
            Py_CLEAR(out);
            break;
        }
        Py_DECREF(one);
    }
    return out;
}

/* {names[i]: {key: seat i's observation, "action_mask": its mask row}}: fill for a PettingZoo env,
 * each seat's arrays fresh and its own (a row of one array of every seat's would hold the others'
 * hidden cards in its base), written through each seat's runs from one packing of the state. A
 * seat owing nothing (legal mask 0) gets the shared read-only `zeros`. The state is packed first
 * (copies: nothing the factories' Python code does reaches them), then the arrays made
 * (`new_observation()`, `new_mask()`: float32 and int8 arrays of the zeros' exact type), then
 * written. args: plan, state, round, masks, template, scores, seat_runs (a tuple of bytes, one a
 * seat), names (a tuple of strs, one a seat), key (a str), zeros, new_observation, new_mask. */
static PyObject *
fill_seats(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 12) {
        PyErr_SetString(PyExc_TypeError, "fill_seats(plan, state, round, masks, template, scores, seat_runs, names, "
                                         "key, zeros, new_observation, new_mask) takes 12 arguments");
        return NULL;
    }
    Packed p;
    if (pack(args, &p) < 0) {
        return NULL;
    }
    PyObject *seat_runs = args[6], *names = args[7], *key = args[8], *zeros = args[9];
    if (!PyTuple_CheckExact(seat_runs) || !PyTuple_CheckExact(names) || !PyUnicode_CheckExact(key)
        || PyTuple_GET_SIZE(names) != p.n || PyTuple_GET_SIZE(seat_runs) != p.n) {
        PyErr_SetString(PyExc_ValueError, "fill_seats: seat_runs (a tuple of bytes) and names (a tuple of strs) "
                                          "must be one a seat of the plan, and key a str");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < p.n; k++) {
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(names, k))) {
            PyErr_SetString(PyExc_ValueError, "fill_seats: names must be strs");
            return NULL;
        }
    }
    Py_ssize_t n = p.n;
    PyObject *seen[MAX_SEATS] = {NULL}, *rows[MAX_SEATS] = {NULL}, *out = NULL;
    /* held across the factories' Python code: the caller's tuples could be dropped by it otherwise */
    PyObject *held[3] = {Py_NewRef(seat_runs), Py_NewRef(names), Py_NewRef(key)};
    for (Py_ssize_t k = 0; k < n; k++) {
        if ((seen[k] = fresh(args[10], zeros)) == NULL) {
            goto done;
        }
        if (p.masks[k] && (rows[k] = fresh(args[11], zeros)) == NULL) {
            goto done;
        }
    }
    /* from here on no Python code runs until the dicts (exact str keys: hashing them runs none) */
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t runs;
        const char *run_bytes = seat_run_bytes(PyTuple_GET_ITEM(seat_runs, k), &runs);
        if (run_bytes == NULL) {
            goto done;
        }
        Py_buffer view;
        if (writable(seen[k], &view, p.size, 4, "fill_seats: an observation") < 0) {
            goto done;
        }
        int bad = write_packed(&p, run_bytes, runs, (float *)view.buf, p.size);
        PyBuffer_Release(&view);
        if (bad) {
            goto done;
        }
        if (rows[k] != NULL) {
            if (writable(rows[k], &view, p.actions, 1, "fill_seats: a mask row") < 0) {
                goto done;
            }
            write_mask_rows(&p, k, 1, (int8_t *)view.buf);
            PyBuffer_Release(&view);
        }
    }
    out = seat_dicts(names, key, seen, rows, zeros);
done:
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_XDECREF(seen[k]);
        Py_XDECREF(rows[k]);
    }
    for (int i = 0; i < 3; i++) {
        Py_DECREF(held[i]);
    }
    return out;
}

/* A copy of seq[i] (its `copy()`): an array of its own, not a view of every seat's. */
static PyObject *
row_copy(PyObject *seq, Py_ssize_t i)
{
    PyObject *row = PySequence_GetItem(seq, i);
    if (row == NULL) {
        return NULL;
    }
    PyObject *copied = PyObject_CallMethodNoArgs(row, copy_name);
    Py_DECREF(row);
    return copied;
}

/* {name: {key: observations[i].copy(), "action_mask": action_masks[i].copy()}}: the PettingZoo
 * observations of every seat, each row a copy (a view's base would hold every seat's observation
 * and mask: hidden cards), the comprehension compiled. */
static PyObject *
seat_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 6 || !PyTuple_CheckExact(args[0]) || !PyUnicode_CheckExact(args[3]) || !PyList_CheckExact(args[4])
        || PyList_GET_SIZE(args[4]) != PyTuple_GET_SIZE(args[0])) {
        PyErr_SetString(PyExc_TypeError, "seat_rows(names: tuple, observations, action_masks, key: str, "
                                         "masks: list (one a name), zeros) takes 6 arguments");
        return NULL;
    }
    PyObject *names = Py_NewRef(args[0]), *key = Py_NewRef(args[3]), *masks = Py_NewRef(args[4]);
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyObject *out = PyDict_New();
    if (out == NULL) {
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = row_copy(args[1], i);
        /* a seat owing nothing (its legal mask the int 0) gets the shared read-only zeros */
        PyObject *legal = i < PyList_GET_SIZE(masks) ? PyList_GET_ITEM(masks, i) : NULL;
        long long zero = -1;
        int owes_nothing = legal != NULL && small_int(legal, &zero) && zero == 0;
        PyObject *mask = row == NULL ? NULL : owes_nothing ? Py_NewRef(args[5]) : row_copy(args[2], i);
        PyObject *seen = mask == NULL ? NULL : PyDict_New();
        int bad = seen == NULL || PyDict_SetItem(seen, key, row) < 0
            || PyDict_SetItem(seen, action_mask_key, mask) < 0 || PyDict_SetItem(out, PyTuple_GET_ITEM(names, i), seen) < 0;
        Py_XDECREF(row);
        Py_XDECREF(mask);
        Py_XDECREF(seen);
        if (bad) {
            Py_CLEAR(out);
            goto fail;
        }
    }
fail:
    Py_DECREF(names);
    Py_DECREF(key);
    Py_DECREF(masks);
    return out;
}

static PyObject *zero_reward;

/* (rewards, terminations, truncations, infos) of a parallel env's step: every agent's 0.0 (or
 * its float of `points`), `over`, `truncated` and a fresh empty dict (the four comprehensions,
 * compiled). */
static PyObject *
step_dicts(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4 || !PyList_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "step_dicts(agents: list, points, over, truncated) takes 4 arguments");
        return NULL;
    }
    PyObject *agents = args[0], *points = args[1];
    Py_ssize_t n = PyList_GET_SIZE(agents);
    if (points != Py_None && (!PyTuple_CheckExact(points) || PyTuple_GET_SIZE(points) != n)) {
        PyErr_SetString(PyExc_ValueError, "step_dicts: points must be None or a tuple of one number an agent");
        return NULL;
    }
    PyObject *rewards = PyDict_New(), *over = PyDict_New(), *truncated = PyDict_New(), *infos = PyDict_New();
    PyObject *out = NULL;
    if (rewards == NULL || over == NULL || truncated == NULL || infos == NULL) {
        goto done;
    }
    /* An agent is held while its entries are set (its __hash__ or a reward's __float__ may run
     * Python code, which could change the list): the list is read afresh at each index. */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (i >= PyList_GET_SIZE(agents)) {
            PyErr_SetString(PyExc_RuntimeError, "step_dicts: the agents changed while their dicts were made");
            goto done;
        }
        PyObject *agent = Py_NewRef(PyList_GET_ITEM(agents, i));
        PyObject *reward, *info = PyDict_New();
        if (info == NULL) {
            Py_DECREF(agent);
            goto done;
        }
        if (points == Py_None) {
            reward = Py_NewRef(zero_reward);
        }
        else {
            reward = PyNumber_Float(PyTuple_GET_ITEM(points, i));
        }
        int bad = reward == NULL || PyDict_SetItem(rewards, agent, reward) < 0
            || PyDict_SetItem(over, agent, args[2]) < 0 || PyDict_SetItem(truncated, agent, args[3]) < 0
            || PyDict_SetItem(infos, agent, info) < 0;
        Py_XDECREF(reward);
        Py_DECREF(info);
        Py_DECREF(agent);
        if (bad) {
            goto done;
        }
    }
    out = PyTuple_Pack(4, rewards, over, truncated, infos);
done:
    Py_XDECREF(rewards);
    Py_XDECREF(over);
    Py_XDECREF(truncated);
    Py_XDECREF(infos);
    return out;
}

static PyObject *Unserved; /* ValueError's subclass: values of types the compiled readers do not read, or a reading
                           * re-entered (the plain reading serves); a value out of range stays a ValueError */
static int reading; /* a read_gather or gather under way: read_values (and gather_source) hold its values, and a
                    * reader, or an object whose buffer is acquired (its __buffer__, Python 3.12 on), may run
                    * Python code that calls this module again */
static float *gather_source; /* encoding.Encoder's source buffer, grown as needed (the GIL is held) */
static Py_ssize_t gather_capacity;

/* The low 64 bits of a non-negative exact int, and the int shifted right by 64 (a new reference,
 * or NULL when nothing is left); -1 with an error set for a negative or inexact value. */
static int
low_word(PyObject *v, uint64_t *out, PyObject **rest)
{
    *rest = NULL;
    if (!PyLong_CheckExact(v)) {
        PyErr_SetString(Unserved, "gather: ints are expected");
        return -1;
    }
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (small == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (!overflow) {
        if (small < 0) {
            PyErr_SetString(PyExc_ValueError, "gather: non-negative ints are expected");
            return -1;
        }
        *out = (uint64_t)small;
        return 0;
    }
    if (overflow < 0) {
        PyErr_SetString(PyExc_ValueError, "gather: non-negative ints are expected");
        return -1;
    }
    *out = (uint64_t)PyLong_AsUnsignedLongLongMask(v);
    if (*out == (uint64_t)-1 && PyErr_Occurred()) {
        return -1;
    }
    static PyObject *sixty_four;
    if (sixty_four == NULL && (sixty_four = PyLong_FromLongLong(64)) == NULL) {
        return -1;
    }
    *rest = PyNumber_Rshift(v, sixty_four);
    if (*rest == NULL) {
        return -1;
    }
    if (PyObject_Not(*rest) == 1) { /* a value in [2**63, 2**64): nothing left (an exact int: no user code) */
        Py_CLEAR(*rest);
    }
    return 0;
}

/* Room for `need` more values in the growable `vals` buffer (the GIL is held). */
static uint64_t *read_values;
static Py_ssize_t read_capacity;

static int
room(Py_ssize_t need)
{
    if (need <= read_capacity) {
        return 0;
    }
    Py_ssize_t grown = need < 256 ? 256 : need * 2;
    uint64_t *at = PyMem_Realloc(read_values, (size_t)grown * sizeof(uint64_t));
    if (at == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    read_values = at;
    read_capacity = grown;
    return 0;
}

/* Scratch room for `size` floats in gather_source (the GIL is held). */
static float *
source_room(Py_ssize_t size)
{
    if (size > gather_capacity || gather_source == NULL) { /* NULL: never allocated, even for no floats */
        float *grown = PyMem_Realloc(gather_source, (size_t)(size ? size : 1) * sizeof(float));
        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        gather_source = grown;
        gather_capacity = size ? size : 1;
    }
    return gather_source;
}

/* The cells an index given as runs covers: `runs` (encoding.runs_of) is int32 pairs, each a first
 * source and a length, the runs one after another in the observations. A source below `bits` is a
 * bit of the words (a run of bits stays within them), from `bits` on a number (within `size`).
 * -1 with an error set for runs this cannot follow. */
static Py_ssize_t
runs_cells(PyObject *runs, Py_ssize_t bits, Py_ssize_t size, const char *who)
{
    Py_ssize_t length = PyBytes_GET_SIZE(runs), cells = 0;
    const char *at = PyBytes_AS_STRING(runs);
    if (length % (2 * sizeof(int32_t))) {
        PyErr_Format(PyExc_ValueError, "%s: runs must be pairs of int32s", who);
        return -1;
    }
    for (Py_ssize_t i = 0; i < length; i += 2 * sizeof(int32_t)) {
        int32_t run[2];
        le_i32s(run, at + i, 2);
        Py_ssize_t first = run[0], count = run[1];
        if (first < 0 || count < 1 || (first < bits ? first + count > bits : first + count > size)) {
            PyErr_Format(PyExc_ValueError, "%s: a run past its source", who);
            return -1;
        }
        cells += count;
    }
    return cells;
}

/* The bits first..first+count of `vals` (bit p: bit p % 64 of word p / 64) as 0.0 / 1.0 at `o`,
 * whole bytes through byte_floats. */
static inline float *
write_bits(float *o, const uint64_t *vals, Py_ssize_t first, Py_ssize_t count)
{
    Py_ssize_t p = first, end = first + count;
    for (; p < end && (p & 7); p++) {
        *o++ = (float)((vals[p >> 6] >> (p & 63)) & 1);
    }
    for (; p + 8 <= end; p += 8, o += 8) {
        memcpy(o, byte_floats[(vals[p >> 6] >> (p & 63)) & 0xff], 8 * sizeof(float));
    }
    for (; p < end; p++) {
        *o++ = (float)((vals[p >> 6] >> (p & 63)) & 1);
    }
    return o;
}

/* Every seat's observation written straight from the values through runs (checked by runs_cells):
 * the bits unpacked where they land, the numbers divided by their bounds once, then copied. */
static int
write_runs(PyObject *runs, const uint64_t *vals, Py_ssize_t words, Py_ssize_t count, const double *bound, float *o)
{
    Py_ssize_t numbers = count - words, bits = words * 64;
    float *scaled = source_room(numbers);
    if (scaled == NULL) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < numbers; i++) {
        scaled[i] = (float)((double)vals[words + i] / bound[i]);
    }
    Py_ssize_t length = PyBytes_GET_SIZE(runs);
    const char *at = PyBytes_AS_STRING(runs);
    for (Py_ssize_t i = 0; i < length; i += 2 * sizeof(int32_t)) {
        int32_t run[2];
        le_i32s(run, at + i, 2);
        if (run[0] >= bits) {
            memcpy(o, scaled + (run[0] - bits), (size_t)run[1] * sizeof(float));
            o += run[1];
        }
        else {
            o = write_bits(o, vals, run[0], run[1]);
        }
    }
    return 0;
}

/* Every seat's observation gathered through an intp index from a source buffer: each word's 64
 * bits as 0.0 / 1.0, least significant first, then each number divided by its bound. */
static int
gather_index(const uint64_t *vals, Py_ssize_t words, Py_ssize_t count, const double *bound, const Py_ssize_t *at,
             Py_ssize_t cells, float *o, const char *who)
{
    Py_ssize_t size = words * 64 + (count - words);
    float *source = source_room(size);
    if (source == NULL) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < words; i++) {
        uint64_t word = vals[i];
        for (int b = 0; b < 8; b++) {
            memcpy(source + i * 64 + b * 8, byte_floats[(word >> (8 * b)) & 0xff], 8 * sizeof(float));
        }
    }
    for (Py_ssize_t i = words; i < count; i++) {
        source[words * 64 + (i - words)] = (float)((double)vals[i] / bound[i - words]);
    }
    for (Py_ssize_t i = 0; i < cells; i++) {
        Py_ssize_t k = at[i];
        if (k < 0 || k >= size) {
            PyErr_Format(PyExc_ValueError, "%s: an index past the source", who);
            return -1;
        }
        o[i] = source[k];
    }
    return 0;
}

/* Each seat's legal mask (an exact non-negative int of `masks`, a list) as 1s in its zeroed row
 * of `actions` bytes at `r`. */
static int
set_mask_rows(PyObject *masks, Py_ssize_t seats, uint8_t *r, Py_ssize_t actions, const char *who)
{
    for (Py_ssize_t s = 0; s < seats; s++) {
        PyObject *m = Py_NewRef(PyList_GET_ITEM(masks, s));
        for (Py_ssize_t base = 0; m != NULL; base += 64) {
            uint64_t word;
            PyObject *rest;
            int bad = low_word(m, &word, &rest);
            Py_DECREF(m);
            if (bad < 0) {
                return -1;
            }
            m = rest;
            if (word && (base + 64 - br_clz64(word)) > actions) {
                Py_XDECREF(m);
                PyErr_Format(PyExc_ValueError, "%s: a mask past the actions", who);
                return -1;
            }
            for (; word; word &= word - 1) {
                r[s * actions + base + br_ctz64(word)] = 1;
            }
        }
    }
    return 0;
}

/* What gather and read_gather share once the values are plain words: every seat's observation
 * made of them (each of the first `words` values' 64 bits as 0.0 / 1.0, least significant first,
 * each later value divided by its bound), through `index` (args[0]): an intp array gathering from
 * that source, or the same index as runs (bytes, encoding.runs_of) written straight out; and every
 * seat's legal mask written as 0/1 into its (zeroed) row of `action_masks` (args[3]).
 * args: index, masks (a list), observations, action_masks; `bounds_arg` the numbers' bounds. */
static PyObject *
gather_words(const uint64_t *vals, Py_ssize_t count, Py_ssize_t words, PyObject *bounds_arg,
             PyObject *const *args, const char *who)
{
    PyObject *masks = args[1]; /* the caller's: held by its arguments for the call */
    if (!PyList_CheckExact(masks)) {
        PyErr_Format(PyExc_ValueError, "%s: masks must be a list of ints", who);
        return NULL;
    }
    Py_ssize_t seats = PyList_GET_SIZE(masks);
    if (words < 0 || words > count || seats < 1) {
        PyErr_Format(PyExc_ValueError, "%s: words must lie within the values, and masks be one a seat", who);
        return NULL;
    }
    Py_buffer bounds, index, obs, rows;
    if (PyObject_GetBuffer(bounds_arg, &bounds, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    PyObject *out = NULL;
    int have_index = 0, have_obs = 0, have_rows = 0;
    if (bounds.itemsize != sizeof(double) || bounds.len / (Py_ssize_t)sizeof(double) != count - words) {
        PyErr_Format(PyExc_ValueError, "%s: bounds must be float64, one a number value", who);
        goto done;
    }
    Py_ssize_t size = words * 64 + (count - words), cells;
    if (PyBytes_CheckExact(args[0])) { /* the index as runs (encoding.runs_of): written straight out */
        cells = runs_cells(args[0], words * 64, size, who);
        if (cells < 0 || cells % seats) {
            if (cells >= 0) {
                PyErr_Format(PyExc_ValueError, "%s: the runs must cover one row a seat", who);
            }
            goto done;
        }
    }
    else {
        if (PyObject_GetBuffer(args[0], &index, PyBUF_C_CONTIGUOUS) < 0) {
            goto done;
        }
        have_index = 1;
        cells = index.len / (Py_ssize_t)sizeof(Py_ssize_t);
        if (index.itemsize != sizeof(Py_ssize_t) || cells % seats) {
            PyErr_Format(PyExc_ValueError, "%s: index must be intp, one row a seat", who);
            goto done;
        }
    }
    if (writable(args[2], &obs, cells, sizeof(float), "gather: observations") < 0) {
        goto done;
    }
    have_obs = 1;
    if (PyObject_GetBuffer(args[3], &rows, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        goto done;
    }
    have_rows = 1;
    if (rows.itemsize != 1 || rows.len % seats) {
        PyErr_Format(PyExc_ValueError, "%s: action_masks must be int8, one row a seat", who);
        goto done;
    }
    if (!have_index) {
        if (write_runs(args[0], vals, words, count, (const double *)bounds.buf, obs.buf) < 0) {
            goto done;
        }
    }
    else if (gather_index(vals, words, count, (const double *)bounds.buf, index.buf, cells, obs.buf, who) < 0) {
        goto done;
    }
    if (PyList_GET_SIZE(masks) != seats) { /* a buffer's __buffer__ (Python code) changed the list */
        PyErr_Format(PyExc_ValueError, "%s: masks changed while the buffers were acquired", who);
        goto done;
    }
    if (set_mask_rows(masks, seats, rows.buf, rows.len / seats, who) < 0) {
        goto done;
    }
    out = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&bounds);
    if (have_index) {
        PyBuffer_Release(&index);
    }
    if (have_obs) {
        PyBuffer_Release(&obs);
    }
    if (have_rows) {
        PyBuffer_Release(&rows);
    }
    return out;
}

/* encoding.Encoder.encode_plain after its readers, compiled: gather_words over a list of ints. */
static PyObject *
gather(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "gather(values, words, bounds, index, masks, observations, action_masks) takes 7 arguments");
        return NULL;
    }
    PyObject *values = args[0];
    if (!PyList_CheckExact(values) || !PyList_CheckExact(args[4])) {
        PyErr_SetString(PyExc_ValueError, "gather: values and masks must be lists of ints");
        return NULL;
    }
    Py_ssize_t words = PyLong_AsSsize_t(args[1]);
    if (words == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(values);
    if (reading) { /* called from a reader of read_plan's, or from a buffer's __buffer__: read_values is its */
        PyErr_SetString(Unserved, "gather: called while a state is being read");
        return NULL;
    }
    if (room(count) < 0) {
        return NULL;
    }
    /* the list holds exact ints only (checked one by one): reading them runs no Python code */
    PyObject **items = PySequence_Fast_ITEMS(values);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *rest;
        if (low_word(items[i], &read_values[i], &rest) < 0) {
            return NULL;
        }
        if (rest != NULL) {
            Py_DECREF(rest);
            PyErr_SetString(PyExc_ValueError, i < words ? "gather: a bit word must be below 2**64"
                                                        : "gather: a number must be below 2**64");
            return NULL;
        }
    }
    reading = 1; /* acquiring the buffers may run Python code: no call may move read_values meanwhile */
    PyObject *out = gather_words(read_values, count, words, args[2], args + 3, "gather");
    reading = 0;
    return out;
}

/* The compiled readers of read_gather: each reads one attribute of the state of an exact type
 * and appends its values at read_values[*at...]. 1: read; 0: the attribute is not what the op
 * reads (nothing appended: the field's Python reader serves); -1: an error. */
enum {
    OP_CALL, OP_MASKS, OP_MASK, OP_LENS, OP_LEN, OP_INTS, OP_INT, OP_BITS, OP_ONE_HOT, OP_TOPS, OP_IN, OP_INDEX,
    OP_BIT_EACH, OP_SET_EACH, OP_PLACES, OP_TURN_MASK, OP_BIT_MASKS, OP_LEAD, OP_MAJORITIES, OP_SEAT_BITS, OP_COUNT
};

/* The bit mask of an exact tuple of exact ints in [0, 64 * chunks), into chunks words; 0 for anything else. */
static int
mask_words(PyObject *cards, Py_ssize_t chunks, uint64_t *out)
{
    if (!PyTuple_CheckExact(cards)) {
        return 0;
    }
    for (Py_ssize_t c = 0; c < chunks; c++) {
        out[c] = 0;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(cards);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = PyTuple_GET_ITEM(cards, i);
        if (!PyLong_CheckExact(card)) {
            return 0;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(card, &overflow);
        if (overflow || v < 0 || v >= 64 * (long long)chunks) {
            if (v == -1 && PyErr_Occurred()) {
                PyErr_Clear();
            }
            return 0;
        }
        out[v >> 6] |= (uint64_t)1 << (v & 63);
    }
    return 1;
}

/* An exact int in [0, 2**63) as *out; 0 for anything else. */
static int
small_int(PyObject *v, long long *out)
{
    if (!PyLong_CheckExact(v)) {
        return 0;
    }
    int overflow = 0;
    *out = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (*out == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return !overflow;
}

static PyObject *zero_int, *turn_name;

/* Whether the state's phase (an exact str) is one of `phases` (an exact tuple of exact strs):
 * 1 or 0; -1 when either is of another type (the Python reader serves); -2 with an error set. */
static int
phase_in(PyObject *state, PyObject *phases)
{
    static PyObject *phase_name;
    if (phase_name == NULL && (phase_name = PyUnicode_InternFromString("phase")) == NULL) {
        return -2;
    }
    if (!PyTuple_CheckExact(phases)) {
        return -1;
    }
    PyObject *phase = PyObject_GetAttr(state, phase_name);
    if (phase == NULL) {
        return -2;
    }
    int found = PyUnicode_CheckExact(phase) ? 0 : -1;
    for (Py_ssize_t i = 0; found == 0 && i < PyTuple_GET_SIZE(phases); i++) {
        PyObject *name = PyTuple_GET_ITEM(phases, i);
        if (!PyUnicode_CheckExact(name)) {
            found = -1;
        }
        else if (name == phase || PyUnicode_Compare(name, phase) == 0) { /* exact strs: no Python code */
            found = 1;
        }
    }
    Py_DECREF(phase);
    return found;
}

/* getattr(state, name) as an exact int in [0, 2**63) (1), or 0 for anything else (the Python
 * reader serves); -1 with an error set. */
static int
int_attribute(PyObject *state, PyObject *name, long long *out)
{
    if (!PyUnicode_CheckExact(name)) {
        return 0;
    }
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) {
        return -1;
    }
    int ok = small_int(v, out) && *out >= 0;
    Py_DECREF(v);
    return ok;
}

#define MAX_ANIMALS 64
/* rl/boomerang2010.totals' arithmetic: each seat's animal majorities and boomerang sets into totals[].
 * captured: an exact tuple of each seat's exact tuple of card indices; held: an exact tuple of each
 * seat's non-negative count; animal: bytes, each card's animal; animals, per_point: counts. The
 * number of seats (>= 1), or 0 for anything not of those exact types or past the limits (the Python
 * code then reads it and says what is wrong). Only exact ints, tuples and bytes are read: no Python
 * code runs. */
/* The majority points of the captured cards last counted, kept while the same exact tuple is counted
 * again with the same table (a capture changes one seat's cards and makes a new tuple; every other
 * step hands the same one back): the tuple and the table are held here, so no other object can take
 * their address, and exact tuples of exact ints never change. */
static PyObject *kept_captured, *kept_animal;
static long long kept_animals, kept_points[MAX_SEATS];

/* Each seat's animal majority points of `captured` (n exact tuples of exact ints, each a card whose
 * animal is of[card]): 1 and points[] set, or 0 for anything else. No Python code runs. */
static int
majority_points(PyObject *captured, Py_ssize_t n, const unsigned char *of, Py_ssize_t deck, long long animals,
                long long *points)
{
    Py_ssize_t counts[MAX_SEATS][MAX_ANIMALS], lead[MAX_ANIMALS];
    /* only what is read is cleared: the n seats' first `animals` counts (the whole array is 8 KB) */
    for (Py_ssize_t k = 0; k < n; k++) {
        memset(counts[k], 0, (size_t)animals * sizeof counts[k][0]);
    }
    memset(lead, 0, (size_t)animals * sizeof lead[0]);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *cards = PyTuple_GET_ITEM(captured, k);
        if (!PyTuple_CheckExact(cards)) {
            return 0;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
            long long c;
            if (!small_int(PyTuple_GET_ITEM(cards, i), &c) || c < 0 || c >= deck || of[c] >= animals) {
                return 0;
            }
            counts[k][of[c]]++;
        }
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        for (Py_ssize_t a = 0; a < animals; a++) {
            if (counts[k][a] > lead[a]) {
                lead[a] = counts[k][a];
            }
        }
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        points[k] = 0;
        for (Py_ssize_t a = 0; a < animals; a++) {
            points[k] += counts[k][a] == lead[a] ? counts[k][a] : 0;
        }
    }
    return 1;
}

static Py_ssize_t
count_majorities(PyObject *captured, PyObject *held, PyObject *animal, long long animals, long long per_point,
                 long long *totals)
{
    if (!PyTuple_CheckExact(captured) || !PyTuple_CheckExact(held) || !PyBytes_CheckExact(animal)) {
        return 0;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(captured), deck = PyBytes_GET_SIZE(animal);
    if (n < 1 || n > MAX_SEATS || PyTuple_GET_SIZE(held) != n || animals < 1 || animals > MAX_ANIMALS
        || per_point < 1 || deck > (Py_ssize_t)1 << 20) {
        return 0;
    }
    long long points[MAX_SEATS];
    if (captured == kept_captured && animal == kept_animal && animals == kept_animals) {
        memcpy(points, kept_points, (size_t)n * sizeof points[0]);
    }
    else {
        if (!majority_points(captured, n, (const unsigned char *)PyBytes_AS_STRING(animal), deck, animals, points)) {
            return 0;
        }
        /* the old ones freed after: exact tuples of exact tuples of ints and bytes run no Python code */
        PyObject *old_captured = kept_captured, *old_animal = kept_animal;
        kept_captured = Py_NewRef(captured);
        kept_animal = Py_NewRef(animal);
        kept_animals = animals;
        memcpy(kept_points, points, (size_t)n * sizeof points[0]);
        Py_XDECREF(old_captured);
        Py_XDECREF(old_animal);
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long long sets;
        if (!small_int(PyTuple_GET_ITEM(held, k), &sets) || sets < 0 || sets >= (long long)1 << 62) {
            return 0; /* (past 2**62: the Python code counts it, with no overflow) */
        }
        totals[k] = sets / per_point + points[k]; /* a non-negative count: floor division, as Python's */
    }
    return n;
}

static int
read_op(long long op, PyObject *state, PyObject *value, Py_ssize_t chunks, PyObject *arg, Py_ssize_t *at)
{
    uint64_t *out = read_values + *at;
    long long v, cap = -1;
    Py_ssize_t n;
    switch (op) {
    case OP_MASK:
        if (!mask_words(value, chunks, out)) {
            return 0;
        }
        *at += chunks;
        return 1;
    case OP_MASKS:
    case OP_TOPS:
        if (!PyTuple_CheckExact(value)) {
            return 0;
        }
        n = PyTuple_GET_SIZE(value);
        if (room(*at + n * chunks) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *group = PyTuple_GET_ITEM(value, i);
            if (op == OP_MASKS) {
                if (!mask_words(group, chunks, out + i * chunks)) {
                    return 0;
                }
                continue;
            }
            if (!PyTuple_CheckExact(group)) {
                return 0;
            }
            for (Py_ssize_t c = 0; c < chunks; c++) {
                out[i * chunks + c] = 0;
            }
            Py_ssize_t size = PyTuple_GET_SIZE(group);
            if (size && (!small_int(PyTuple_GET_ITEM(group, size - 1), &v) || v < 0 || v >= 64 * (long long)chunks)) {
                return 0;
            }
            if (size) {
                out[i * chunks + (v >> 6)] = (uint64_t)1 << (v & 63);
            }
        }
        *at += n * chunks;
        return 1;
    case OP_LENS:
        if (!PyTuple_CheckExact(value)) {
            return 0;
        }
        n = PyTuple_GET_SIZE(value);
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *group = PyTuple_GET_ITEM(value, i);
            if (!PyTuple_CheckExact(group)) {
                return 0;
            }
            out[i] = (uint64_t)PyTuple_GET_SIZE(group);
        }
        *at += n;
        return 1;
    case OP_LEN:
        if (!PyTuple_CheckExact(value)) {
            return 0;
        }
        out[0] = (uint64_t)PyTuple_GET_SIZE(value);
        *at += 1;
        return 1;
    case OP_INTS:
    case OP_INT:
        if (arg != Py_None && (!small_int(arg, &cap) || cap < 0)) {
            return 0;
        }
        if (op == OP_INT) {
            if (!small_int(value, &v) || v < 0) {
                return 0;
            }
            out[0] = (uint64_t)(cap >= 0 && v > cap ? cap : v);
            *at += 1;
            return 1;
        }
        if (!PyTuple_CheckExact(value)) {
            return 0;
        }
        n = PyTuple_GET_SIZE(value);
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (!small_int(PyTuple_GET_ITEM(value, i), &v) || v < 0) {
                return 0;
            }
            out[i] = (uint64_t)(cap >= 0 && v > cap ? cap : v);
        }
        *at += n;
        return 1;
    case OP_BITS:
    case OP_ONE_HOT:
    case OP_IN:
    case OP_SEAT_BITS:
        if (!small_int(arg, &cap) || cap < 1 || cap > 64) {
            return 0;
        }
        n = (Py_ssize_t)cap;
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        if (op == OP_IN) {
            if (!PyTuple_CheckExact(value)) {
                return 0;
            }
            for (Py_ssize_t k = 0; k < n; k++) {
                out[k] = 0;
            }
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(value); i++) {
                if (!small_int(PyTuple_GET_ITEM(value, i), &v)) {
                    return 0;
                }
                if (v >= 0 && v < n) {
                    out[v] = 1;
                }
            }
            *at += n;
            return 1;
        }
        if (!small_int(value, &v)) {
            return 0;
        }
        if (op == OP_BITS) {
            if (v < 0) {
                return 0;
            }
            for (Py_ssize_t k = 0; k < n; k++) {
                out[k] = (uint64_t)(v >> k) & 1;
            }
        }
        else if (op == OP_SEAT_BITS) {
            if (v != n) { /* a state of another player count: the Python reader says what it is */
                return 0;
            }
            for (Py_ssize_t k = 0; k < n; k++) {
                out[k] = (uint64_t)1 << k; /* seat k's own row: its number's bit */
            }
        }
        else {
            if (v >= n) { /* the Python reader's IndexError */
                return 0;
            }
            for (Py_ssize_t k = 0; k < n; k++) {
                out[k] = k == v;
            }
        }
        *at += n;
        return 1;
    case OP_INDEX:
        if (!PyUnicode_CheckExact(value) || !PyTuple_CheckExact(arg)) {
            return 0;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(arg) && i < 64; i++) {
            PyObject *name = PyTuple_GET_ITEM(arg, i);
            if (PyUnicode_CheckExact(name) && (name == value || PyUnicode_Compare(name, value) == 0)) {
                out[0] = (uint64_t)1 << i;
                *at += 1;
                return 1;
            }
        }
        return 0; /* not a known phase: the Python reader says what it is */
    case OP_BIT_EACH:
    case OP_SET_EACH:
        if (!PyTuple_CheckExact(value)) {
            return 0;
        }
        n = PyTuple_GET_SIZE(value);
        if (room(*at + n * chunks) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (!PyLong_CheckExact(PyTuple_GET_ITEM(value, i))) {
                return 0;
            }
            int overflow = 0;
            v = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(value, i), &overflow);
            if (v == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                return 0;
            }
            if (op == OP_SET_EACH) {
                out[i] = overflow || v != -1;
                continue;
            }
            if (overflow || v < -1 || v >= 64 * (long long)chunks) {
                return 0;
            }
            for (Py_ssize_t c = 0; c < chunks; c++) {
                out[i * chunks + c] = 0;
            }
            if (v >= 0) {
                out[i * chunks + (v >> 6)] = (uint64_t)1 << (v & 63);
            }
        }
        *at += op == OP_SET_EACH ? n : n * chunks;
        return 1;
    case OP_PLACES:
        if (!PyTuple_CheckExact(value) || !small_int(arg, &cap) || cap < 1 || cap > 64) {
            return 0;
        }
        n = (Py_ssize_t)cap;
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t k = 0; k < n; k++) {
            out[k] = 0;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(value); i++) {
            if (!small_int(PyTuple_GET_ITEM(value, i), &v) || v < 0 || v >= n) {
                return 0;
            }
            out[v] = (uint64_t)(i + 1);
        }
        *at += n;
        return 1;
    case OP_TURN_MASK: {
        /* arg (seats, phases, index attribute or None): in one of the phases, the row of the seat
         * whose turn it is holds the mask of `value` (of value[getattr(state, index)]); else none. */
        long long seats, turn, item = 0;
        if (!PyTuple_CheckExact(arg) || PyTuple_GET_SIZE(arg) != 3 || !small_int(PyTuple_GET_ITEM(arg, 0), &seats)
            || seats < 1 || seats > 64) {
            return 0;
        }
        PyObject *index = PyTuple_GET_ITEM(arg, 2);
        int in = phase_in(state, PyTuple_GET_ITEM(arg, 1));
        if (in < 0) {
            return in == -1 ? 0 : -1;
        }
        int got = in ? int_attribute(state, turn_name, &turn) : 1;
        if (got == 1 && in && index != Py_None) {
            got = int_attribute(state, index, &item);
        }
        if (got <= 0) {
            return got;
        }
        PyObject *cards = value;
        if (in && index != Py_None) {
            if (!PyTuple_CheckExact(value) || item >= PyTuple_GET_SIZE(value)) {
                return 0;
            }
            cards = PyTuple_GET_ITEM(value, item);
        }
        n = (Py_ssize_t)seats;
        if (room(*at + n * chunks) < 0) {
            return -1;
        }
        out = read_values + *at;
        memset(out, 0, (size_t)(n * chunks) * sizeof(uint64_t));
        if (in && turn < n && !mask_words(cards, chunks, out + turn * chunks)) {
            return 0;
        }
        *at += n * chunks;
        return 1;
    }
    case OP_BIT_MASKS: {
        /* arg (seats, bits attribute, phases): outside those phases, and when the bits are not 0, each
         * row k the mask of value[k] where bit k is set (0 where not); else no rows set. */
        long long seats, bits;
        if (!PyTuple_CheckExact(arg) || PyTuple_GET_SIZE(arg) != 3 || !small_int(PyTuple_GET_ITEM(arg, 0), &seats)
            || seats < 1 || seats > 64 || !PyTuple_CheckExact(value)) {
            return 0;
        }
        int in = phase_in(state, PyTuple_GET_ITEM(arg, 2));
        if (in < 0) {
            return in == -1 ? 0 : -1;
        }
        int got = in ? 1 : int_attribute(state, PyTuple_GET_ITEM(arg, 1), &bits);
        if (got <= 0) {
            return got;
        }
        n = (Py_ssize_t)seats;
        if (!in && bits && PyTuple_GET_SIZE(value) != n) {
            return 0;
        }
        if (room(*at + n * chunks) < 0) {
            return -1;
        }
        out = read_values + *at;
        memset(out, 0, (size_t)(n * chunks) * sizeof(uint64_t));
        if (!in && bits) {
            for (Py_ssize_t k = 0; k < n; k++) {
                if (!mask_words(PyTuple_GET_ITEM(value, k), chunks, out + k * chunks)) {
                    return 0;
                }
                if (!(k < 63 && (bits >> k) & 1)) {
                    memset(out + k * chunks, 0, (size_t)chunks * sizeof(uint64_t));
                }
            }
        }
        *at += n * chunks;
        return 1;
    }
    case OP_LEAD: {
        /* arg (seats, phases): in one of the phases, 1 at the place of value[0] (the tuple's first
         * seat) when the tuple holds any; else all 0. */
        long long seats;
        if (!PyTuple_CheckExact(arg) || PyTuple_GET_SIZE(arg) != 2 || !small_int(PyTuple_GET_ITEM(arg, 0), &seats)
            || seats < 1 || seats > 64 || !PyTuple_CheckExact(value)) {
            return 0;
        }
        int in = phase_in(state, PyTuple_GET_ITEM(arg, 1));
        if (in < 0) {
            return in == -1 ? 0 : -1;
        }
        n = (Py_ssize_t)seats;
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        memset(out, 0, (size_t)n * sizeof(uint64_t));
        if (in && PyTuple_GET_SIZE(value)) {
            /* a seat past the seats, or negative (Python's index from the end): the Python reader's */
            if (!small_int(PyTuple_GET_ITEM(value, 0), &v) || v < 0 || v >= n) {
                return 0;
            }
            out[v] = 1;
        }
        *at += n;
        return 1;
    }
    case OP_MAJORITIES: {
        /* arg (seats, held attribute, animal, animals, per_point): value the captured cards, each seat's
         * total as count_majorities counts it, one number a seat. */
        long long seats, animals, per_point, totals[MAX_SEATS];
        if (!PyTuple_CheckExact(arg) || PyTuple_GET_SIZE(arg) != 5 || !small_int(PyTuple_GET_ITEM(arg, 0), &seats)
            || seats < 1 || seats > MAX_SEATS || !PyUnicode_CheckExact(PyTuple_GET_ITEM(arg, 1))
            || !small_int(PyTuple_GET_ITEM(arg, 3), &animals) || !small_int(PyTuple_GET_ITEM(arg, 4), &per_point)) {
            return 0;
        }
        PyObject *held = PyObject_GetAttr(state, PyTuple_GET_ITEM(arg, 1));
        if (held == NULL) {
            return -1;
        }
        Py_ssize_t got = count_majorities(value, held, PyTuple_GET_ITEM(arg, 2), animals, per_point, totals);
        Py_DECREF(held);
        if (got != (Py_ssize_t)seats) {
            return 0;
        }
        n = (Py_ssize_t)seats;
        if (room(*at + n) < 0) {
            return -1;
        }
        out = read_values + *at;
        for (Py_ssize_t k = 0; k < n; k++) {
            out[k] = (uint64_t)totals[k]; /* count_majorities' totals are never negative */
        }
        *at += n;
        return 1;
    }
    default:
        return 0;
    }
}


/* The values of a Python reader's result (an exact list or tuple of exact non-negative ints),
 * appended: `chunks` 64-bit words each (0: a number, one word). */
static int
append_read(PyObject *result, Py_ssize_t chunks, Py_ssize_t *at)
{
    if (!(PyList_CheckExact(result) || PyTuple_CheckExact(result))) {
        PyErr_SetString(Unserved, "read_gather: a reader must give a list or tuple of ints");
        return -1;
    }
    /* a list's items are read one by one as exact ints: no Python code runs to change it */
    Py_ssize_t n = PySequence_Fast_GET_SIZE(result), per = chunks ? chunks : 1;
    if (room(*at + n * per) < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = Py_NewRef(PySequence_Fast_ITEMS(result)[i]);
        for (Py_ssize_t c = 0; c < per; c++) {
            PyObject *rest;
            int bad = low_word(v, &read_values[*at], &rest);
            Py_DECREF(v);
            if (bad < 0) {
                Py_XDECREF(rest);
                return -1;
            }
            *at += 1;
            v = rest != NULL ? rest : Py_NewRef(zero_int);
        }
        int left = PyObject_IsTrue(v);
        Py_DECREF(v);
        if (left) {
            PyErr_SetString(PyExc_ValueError, chunks ? "read_gather: a bit row past its columns"
                                                     : "read_gather: a number must be below 2**64");
            return -1;
        }
    }
    return 0;
}

/* The attribute a plan entry's slot names, read as the state's item: slot is (type, index), and a
 * state of exactly that type (a tuple_backed class, whose field reads as that item of the tuple:
 * encoding.Encoder checked it when it made the plan) gives a new reference to its item; NULL, with
 * no error set, for anything else (getattr then reads it). No Python code runs. */
static PyObject *
slot_item(PyObject *slot, PyObject *state)
{
    long long index;
    if (!PyTuple_CheckExact(slot) || PyTuple_GET_SIZE(slot) != 2
        || (PyObject *)Py_TYPE(state) != PyTuple_GET_ITEM(slot, 0) || !PyTuple_Check(state)
        || !small_int(PyTuple_GET_ITEM(slot, 1), &index) || index < 0 || index >= PyTuple_GET_SIZE(state)) {
        return NULL;
    }
    return Py_NewRef(PyTuple_GET_ITEM(state, (Py_ssize_t)index));
}

/* The plan's values read into read_values: plan is a tuple of one entry a reader in the table's
 * value order, (read, chunks, op, attribute, arg[, slot]); op OP_CALL calls `read(state)`, the others
 * read `getattr(state, attribute)` (the slot's item where slot_item serves) in C as the op says (and
 * call `read` when the attribute is not of the exact type the op reads: the Python reader is the
 * reference). The count of values read (the first `words` of them the bit rows' words), or -1 with
 * an error set. */
static Py_ssize_t
read_plan_values(PyObject *plan, PyObject *state, Py_ssize_t words)
{
    if (!PyTuple_CheckExact(plan)) {
        PyErr_SetString(PyExc_ValueError, "read_gather: plan must be a tuple");
        return -1;
    }
    Py_ssize_t at = 0, words_read = -1;
    Py_ssize_t entries = PyTuple_GET_SIZE(plan);
    if (room(64) < 0) {
        return -1;
    }
    for (Py_ssize_t e = 0; e < entries; e++) {
        PyObject *entry = PyTuple_GET_ITEM(plan, e);
        if (!PyTuple_CheckExact(entry) || (PyTuple_GET_SIZE(entry) != 5 && PyTuple_GET_SIZE(entry) != 6)) {
            PyErr_SetString(PyExc_ValueError, "read_gather: each plan entry is (read, chunks, op, attribute, arg"
                                              "[, slot])");
            return -1;
        }
        Py_INCREF(entry); /* held: a reader may run any Python code */
        PyObject *read = PyTuple_GET_ITEM(entry, 0), *attribute = PyTuple_GET_ITEM(entry, 3);
        long long chunks, op;
        if (!small_int(PyTuple_GET_ITEM(entry, 1), &chunks) || !small_int(PyTuple_GET_ITEM(entry, 2), &op)
            || chunks < 0 || chunks > 64 || op < 0 || op >= OP_COUNT) {
            Py_DECREF(entry);
            PyErr_SetString(PyExc_ValueError, "read_gather: a plan entry's chunks or op is out of range");
            return -1;
        }
        if (chunks == 0 && words_read < 0) {
            words_read = at; /* the numbers begin */
        }
        int done = 0;
        if (op != OP_CALL && PyUnicode_CheckExact(attribute)) {
            PyObject *value = PyTuple_GET_SIZE(entry) == 6 ? slot_item(PyTuple_GET_ITEM(entry, 5), state) : NULL;
            if (value == NULL) {
                value = PyObject_GetAttr(state, attribute);
            }
            if (value == NULL) {
                Py_DECREF(entry);
                return -1;
            }
            Py_ssize_t before = at;
            /* room for a one-row op; the ops of several rows make their own */
            done = room(at + (chunks ? chunks : 1)) < 0 ? -1 : read_op((long long)op, state, value, chunks ? chunks : 1,
                                                                        PyTuple_GET_ITEM(entry, 4), &at);
            Py_DECREF(value);
            if (done < 0) {
                Py_DECREF(entry);
                return -1;
            }
            if (!done) {
                at = before;
            }
        }
        if (!done) {
            PyObject *result = PyObject_CallOneArg(read, state);
            int bad = result == NULL || append_read(result, chunks, &at) < 0;
            Py_XDECREF(result);
            if (bad) {
                Py_DECREF(entry);
                return -1;
            }
        }
        Py_DECREF(entry);
    }
    if (words_read < 0) {
        words_read = at;
    }
    if (words_read != words) {
        PyErr_SetString(PyExc_ValueError, "read_gather: the bit rows read are not the plan's words");
        return -1;
    }
    return at;
}

/* read_plan_values, not re-entered: a reader (Python code) that reads a state again through this
 * module while the values of another are in read_values gets Unserved (its caller then reads
 * plainly), so that the values already read are not overwritten, nor the buffer moved under a
 * pointer into it (room grows it). So too an object whose buffer gather_words acquires (its
 * __buffer__, Python 3.12 on): `reading` holds until the values are written out. */
/* encoding.Encoder.encode_plain, its readers compiled too (read_plan), then gather_words. */
static PyObject *
read_gather(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "read_gather(plan, state, words, bounds, index, masks, observations, "
                                         "action_masks) takes 8 arguments");
        return NULL;
    }
    Py_ssize_t words = PyLong_AsSsize_t(args[2]);
    if (words == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (reading) {
        PyErr_SetString(Unserved, "read_gather: called again by a reader while a state is being read");
        return NULL;
    }
    reading = 1; /* until the values are written out: acquiring the buffers may run Python code too */
    Py_ssize_t count = read_plan_values(args[0], args[1], words);
    PyObject *out = count < 0 ? NULL : gather_words(read_values, count, words, args[3], args + 4, "read_gather");
    reading = 0;
    return out;
}

/* One seat's legal mask (an exact non-negative int) as 1s in its zeroed row of `actions` bytes. */
static int
set_mask_row(PyObject *mask, uint8_t *r, Py_ssize_t actions, const char *who)
{
    PyObject *m = Py_NewRef(mask);
    for (Py_ssize_t base = 0; m != NULL; base += 64) {
        uint64_t word;
        PyObject *rest;
        int bad = low_word(m, &word, &rest);
        Py_DECREF(m);
        if (bad < 0) {
            return -1;
        }
        m = rest;
        if (word && (base + 64 - br_clz64(word)) > actions) {
            Py_XDECREF(m);
            PyErr_Format(PyExc_ValueError, "%s: a mask past the actions", who);
            return -1;
        }
        for (; word; word &= word - 1) {
            r[base + br_ctz64(word)] = 1;
        }
    }
    return 0;
}

/* A fresh array from `factory()` (no arguments), of exactly the type of `like`: NULL with an error set otherwise. */
static PyObject *
fresh(PyObject *factory, PyObject *like)
{
    PyObject *made = PyObject_CallNoArgs(factory);
    if (made != NULL && Py_TYPE(made) != Py_TYPE(like)) {
        Py_DECREF(made);
        PyErr_SetString(PyExc_ValueError, "the factories must make arrays of the zeros' type");
        return NULL;
    }
    return made;
}

/* {names[i]: {key: seat i's observation, "action_mask": its mask row}}: read_gather for a PettingZoo
 * env, each array fresh and its own (a row of one array of every seat's would hold the others'
 * hidden cards in its base), written straight from the values through each seat's runs. A seat
 * owing nothing (its legal mask the int 0) gets the shared read-only `zeros`. The arrays are all
 * made first (`new_observation()`, `new_mask()`: fresh float32 and zeroed int8 arrays of the
 * zeros' exact type), then the values read, then written with no Python code running between.
 * args: plan, state, words, bounds, seat_runs (a tuple of bytes, one a seat), masks (a list of
 * ints, one a seat), names (a tuple of strs, one a seat), key (a str), zeros, new_observation,
 * new_mask. */
static PyObject *
read_seats(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "read_seats(plan, state, words, bounds, seat_runs, masks, names, key, "
                                         "zeros, new_observation, new_mask) takes 11 arguments");
        return NULL;
    }
    PyObject *seat_runs = args[4], *masks = args[5], *names = args[6], *key = args[7], *zeros = args[8];
    if (!PyTuple_CheckExact(seat_runs) || !PyList_CheckExact(masks) || !PyTuple_CheckExact(names)
        || !PyUnicode_CheckExact(key) || PyTuple_GET_SIZE(names) < 1 || PyTuple_GET_SIZE(names) > MAX_SEATS
        || PyTuple_GET_SIZE(seat_runs) != PyTuple_GET_SIZE(names) || PyList_GET_SIZE(masks) != PyTuple_GET_SIZE(names)) {
        PyErr_SetString(PyExc_ValueError, "read_seats: seat_runs (a tuple of bytes), masks (a list of ints) and names "
                                          "(a tuple of strs) must be one a seat, and key a str");
        return NULL;
    }
    Py_ssize_t words = PyLong_AsSsize_t(args[2]);
    if (words == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyObject *seen[MAX_SEATS] = {NULL}, *rows[MAX_SEATS] = {NULL}, *held[4], *out = NULL;
    Py_buffer bounds;
    int have_bounds = 0, guarded = 0;
    /* held across the Python code below (the factories, the readers): the caller's tuples and list may be
     * dropped by it otherwise; the list is copied (its ints are what is written) */
    held[0] = Py_NewRef(seat_runs);
    held[1] = PyList_GetSlice(masks, 0, n);
    held[2] = Py_NewRef(names);
    held[3] = Py_NewRef(key);
    if (held[1] == NULL) {
        goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *legal = PyList_GET_ITEM(held[1], k), *name = PyTuple_GET_ITEM(names, k);
        if (!PyLong_CheckExact(legal) || !PyBytes_CheckExact(PyTuple_GET_ITEM(seat_runs, k))
            || !PyUnicode_CheckExact(name)) {
            PyErr_SetString(PyExc_ValueError, "read_seats: seat_runs (a tuple of bytes), masks (a list of ints) and "
                                              "names (a tuple of strs) must be one a seat, and key a str");
            goto done;
        }
        if ((seen[k] = fresh(args[9], zeros)) == NULL) {
            goto done;
        }
        /* an exact int: its truth runs no Python code */
        if (PyObject_IsTrue(legal) && (rows[k] = fresh(args[10], zeros)) == NULL) {
            goto done;
        }
    }
    if (reading) {
        PyErr_SetString(Unserved, "read_seats: called again by a reader while a state is being read");
        goto done;
    }
    reading = guarded = 1; /* until the values are written out: an array's __buffer__ may run Python code */
    Py_ssize_t count = read_plan_values(args[0], args[1], words);
    if (count < 0) {
        goto done;
    }
    /* from here on read_values holds what was read, and no call of this module may move it */
    if (PyObject_GetBuffer(args[3], &bounds, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        goto done;
    }
    have_bounds = 1;
    if (bounds.itemsize != sizeof(double) || bounds.len / (Py_ssize_t)sizeof(double) != count - words) {
        PyErr_SetString(PyExc_ValueError, "read_seats: bounds must be float64, one a number value");
        goto done;
    }
    Py_ssize_t size = words * 64 + (count - words);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *runs = PyTuple_GET_ITEM(seat_runs, k);
        Py_ssize_t cells = runs_cells(runs, words * 64, size, "read_seats");
        if (cells < 0) {
            goto done;
        }
        Py_buffer view;
        if (writable(seen[k], &view, cells, sizeof(float), "read_seats: an observation") < 0) {
            goto done;
        }
        int bad = write_runs(runs, read_values, words, count, (const double *)bounds.buf, view.buf);
        PyBuffer_Release(&view);
        if (bad < 0) {
            goto done;
        }
        if (rows[k] != NULL) {
            if (PyObject_GetBuffer(rows[k], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
                goto done;
            }
            bad = view.itemsize != 1;
            if (bad) {
                PyErr_SetString(PyExc_ValueError, "read_seats: a mask row must be int8");
            }
            else {
                memset(view.buf, 0, (size_t)view.len);
                bad = set_mask_row(PyList_GET_ITEM(held[1], k), view.buf, view.len, "read_seats");
            }
            PyBuffer_Release(&view);
            if (bad) {
                goto done;
            }
        }
    }
    PyBuffer_Release(&bounds);
    have_bounds = 0;
    out = seat_dicts(names, key, seen, rows, zeros);
done:
    if (guarded) {
        reading = 0;
    }
    if (have_bounds) {
        PyBuffer_Release(&bounds);
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_XDECREF(seen[k]);
        Py_XDECREF(rows[k]);
    }
    for (int i = 0; i < 4; i++) {
        Py_XDECREF(held[i]);
    }
    return out;
}

/* rl/boomerang2010.totals, compiled: count_majorities' totals as a tuple, or None for arguments it
 * does not read (the Python code then reads them and says what is wrong). */
static PyObject *
majorities(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "majorities(captured, boomerangs, animal, animals, per_point) takes 5 arguments");
        return NULL;
    }
    long long animals, per_point, totals[MAX_SEATS];
    if (!small_int(args[3], &animals) || !small_int(args[4], &per_point)) {
        Py_RETURN_NONE;
    }
    Py_ssize_t n = count_majorities(args[0], args[1], args[2], animals, per_point, totals);
    if (n == 0) {
        Py_RETURN_NONE;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLongLong(totals[k]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"gather", (PyCFunction)(void (*)(void))gather, METH_FASTCALL,
     "gather(values, words, bounds, index, masks, observations, action_masks) -> None: encoding.Encoder's "
     "source of the readers' values, gathered into every seat's observation, and each seat's legal mask "
     "written into its zeroed row of action_masks (encode_plain's arithmetic, compiled)."},
    {"read_gather", (PyCFunction)(void (*)(void))read_gather, METH_FASTCALL,
     "read_gather(plan, state, words, bounds, index, masks, observations, action_masks) -> None: gather, "
     "the readers' values read in C where the plan says how (each field's Python reader otherwise)."},
    {"read_seats", (PyCFunction)(void (*)(void))read_seats, METH_FASTCALL,
     "read_seats(plan, state, words, bounds, seat_runs, masks, names, key, zeros, new_observation, new_mask) -> "
     "{names[i]: {key: observation, 'action_mask': mask row (zeros when masks[i] is 0)}}: read_gather's "
     "observations and masks, each seat's arrays fresh and its own (made by the two factories)."},
    {"majorities", (PyCFunction)(void (*)(void))majorities, METH_FASTCALL,
     "majorities(captured, boomerangs, animal, animals, per_point) -> each seat's total as "
     "rl.boomerang2010.totals counts it (animal majorities, boomerang sets), or None for arguments "
     "not of the exact types it reads (the Python code serves)."},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL,
     "fill(observations, action_masks, plan, state, round, masks, template, scores[, seat, seat_runs]) -> None: "
     "write every seat's observation (float32, players x size) and action mask (int8, players x actions) of "
     "``state`` as australia_layout.encode_plain makes them, into the two given arrays; with ``seat`` and its runs, "
     "that seat's alone (size floats, actions bytes)."},
    {"fill_seats", (PyCFunction)(void (*)(void))fill_seats, METH_FASTCALL,
     "fill_seats(plan, state, round, masks, template, scores, seat_runs, names, key, zeros, new_observation, "
     "new_mask) -> {names[i]: {key: observation, 'action_mask': mask row (zeros when masks[i] is 0)}}: fill's "
     "rows, each seat's in arrays of its own (made by the two factories), from one packing of the state."},
    {"seat_rows", (PyCFunction)(void (*)(void))seat_rows, METH_FASTCALL,
     "seat_rows(names, observations, action_masks, key, masks, zeros) -> {name: {key: observations[i].copy(), "
     "'action_mask': action_masks[i].copy() (zeros when masks[i] is 0)}}: each seat's rows, as arrays of its own."},
    {"step_dicts", (PyCFunction)(void (*)(void))step_dicts, METH_FASTCALL,
     "step_dicts(agents, points, over, truncated) -> (rewards, terminations, truncations, infos): a parallel "
     "env step's dicts, one entry an agent: float(points[i]) (0.0 when points is None), over, truncated, {}."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_encode",
    "Boomerang: Australia's observations, compiled (optional; rl/australia_layout.py's encode_plain is the reference).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__encode(void)
{
    for (int v = 0; v < 256; v++) {
        for (int i = 0; i < 8; i++) {
            byte_floats[v][i] = (float)((v >> i) & 1);
            byte_flags[v][i] = (uint8_t)((v >> i) & 1);
        }
    }
    copy_name = PyUnicode_InternFromString("copy");
    action_mask_key = PyUnicode_InternFromString("action_mask");
    zero_reward = PyFloat_FromDouble(0.0);
    zero_int = PyLong_FromLongLong(0);
    turn_name = PyUnicode_InternFromString("turn");
    Unserved = PyErr_NewExceptionWithDoc(
        "boomerang_rules.rl._encode.Unserved",
        "A state's values of types the compiled readers do not read (an int of another type than int, a\n"
        "reader's result that is no list or tuple), or a reading re-entered: encoding.Encoder then reads the\n"
        "state plainly. A value out of range (negative, past 64 bits, past a row) stays a ValueError.",
        PyExc_ValueError, NULL);
    if (zero_int == NULL || turn_name == NULL || copy_name == NULL || action_mask_key == NULL || zero_reward == NULL
        || Unserved == NULL) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module != NULL && PyModule_AddObjectRef(module, "Unserved", Unserved) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
