/* core.rng's shuffle, compiled, for lists of up to 128 items, and its ``below``.
 *
 * The same permutation as rng.shuffle_plain, bit for bit: SplitMix64 words make one integer of
 * n!'s bit width, rejection sampled below n!, read as the mixed-radix digits of a Fisher-Yates
 * shuffle. Every round of a simulated game deals from it, where the Python long division was a
 * fifth of a round's end. The integer is up to 12 64-bit words (128! < 2**717; Boomerang
 * (2010)'s 54 cards take 4, Sea Salt & Paper's 58 take 5), most significant first, divided by as
 * many of the radices at once as fit in 64 bits (one long division per group, then the group's
 * digits from its 64-bit remainder: the same digits, a seventh of the divisions). Optional: rng.py's written-out shuffle stands in when it is not built;
 * tests compare the two (tests/test_rng.py, tests/test_accel.py).
 *
 * Every input the fast path does not take is handed to rng.shuffle_plain / rng.below_plain, the
 * reference, as it was given: a state that is not an exact int or a bool (an int subclass may
 * change its arithmetic), a bound that is not one, a list of more than 128 items or not an exact
 * list, keywords, the wrong number of arguments. So compiled and plain give the same result or
 * the same error on every input; an int state of any size or sign is taken modulo 2**64, as the
 * plain generator's first ``& MASK`` takes it. No Python code runs while a list's items are read.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include "_portable.h"

#define MAX_ITEMS 128
#define MAX_WORDS 12   /* 128! < 2**717 */
static int width[MAX_ITEMS + 1];
static uint64_t factorial_words[MAX_ITEMS + 1][MAX_WORDS]; /* n! in (width[n] + 63) / 64 words, most significant first */

static uint64_t
next_word(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* rng's function ``name`` (a new reference): the reference the fast path hands any other input to. */
static PyObject *
plain(const char *name)
{
    PyObject *module = PyImport_ImportModule("boomerang_rules.core.rng");
    if (module == NULL) {
        return NULL;
    }
    PyObject *function = PyObject_GetAttrString(module, name);
    Py_DECREF(module);
    return function;
}

static PyObject *
call_plain(const char *name, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *function = plain(name);
    if (function == NULL) {
        return NULL;
    }
    PyObject *out = PyObject_Vectorcall(function, args, nargs, kwnames);
    Py_DECREF(function);
    return out;
}

/* An int the generator takes as its state, the way the plain code's arithmetic does: an exact
 * int or a bool (whose arithmetic is int's), modulo 2**64. 0 for anything else. */
static int
state_of(PyObject *o, uint64_t *out)
{
    if (!(PyLong_CheckExact(o) || PyBool_Check(o))) {
        return 0;
    }
    *out = (uint64_t)PyLong_AsUnsignedLongLongMask(o); /* an exact int: no Python code, no error */
    return 1;
}

/* The integer below n! in ``words`` words (most significant first), drawn as the plain code draws
 * it; then the Fisher-Yates swaps of ``items`` (2 <= n <= MAX_ITEMS) by its mixed-radix digits. */
static uint64_t
shuffle_long(uint64_t state, PyObject **items, Py_ssize_t n)
{
    int bits = width[n], words = (bits + 63) / 64, shift = words * 64 - bits;
    const uint64_t *total = factorial_words[n];
    uint64_t r[MAX_WORDS];
    for (;;) {
        uint64_t drawn[MAX_WORDS];
        for (int w = 0; w < words; w++) {
            drawn[w] = next_word(&state);
        }
        for (int w = 0; w < words; w++) { /* r = drawn >> shift */
            r[w] = drawn[w] >> shift | (shift && w > 0 ? drawn[w - 1] << (64 - shift) : 0);
        }
        int below = 0;
        for (int w = 0; w < words; w++) {
            if (r[w] != total[w]) {
                below = r[w] < total[w];
                break;
            }
        }
        if (below) {
            break;
        }
    }
    int lead = 0; /* r's words before ``lead`` are zero */
    Py_ssize_t i = n - 1;
    while (i >= 1) {
        uint64_t group = 1, x = 0;
        Py_ssize_t k = i;
        while (k >= 1 && group <= UINT64_MAX / (uint64_t)(k + 1)) {
            group *= (uint64_t)(k + 1);
            k--;
        }
        for (int w = lead; w < words; w++) { /* r, x = divmod(r, group) */
            r[w] = br_div_128_64(x, r[w], group, &x);
        }
        while (lead < words && r[lead] == 0) {
            lead++;
        }
        for (; i > k; i--) { /* the group's digits, from its remainder */
            uint64_t radix = (uint64_t)i + 1, j = x % radix;
            x /= radix;
            PyObject *swap = items[i];
            items[i] = items[j];
            items[j] = swap;
        }
    }
    return state;
}

static PyObject *
shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    if (nargs != 2 || kwnames != NULL || !PyList_CheckExact(args[1]) || PyList_GET_SIZE(args[1]) > MAX_ITEMS) {
        return call_plain("shuffle_plain", args, nargs, kwnames);
    }
    PyObject *list = args[1];
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n < 2) { /* nothing to shuffle: the state comes back as it came, whatever it is */
        return Py_NewRef(args[0]);
    }
    uint64_t state;
    if (!state_of(args[0], &state)) {
        return call_plain("shuffle_plain", args, nargs, kwnames);
    }
    state = shuffle_long(state, ((PyListObject *)list)->ob_item, n); /* read and swapped with no Python code run */
    return PyLong_FromUnsignedLongLong(state);
}

/* below(state, n) -> (state, k): rng.below_plain, by the same rejection sampling: an int state
 * (modulo 2**64, as the generator takes it) and an int 1 <= n <= 2**64 (else its ValueError). */
static PyObject *
below(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    uint64_t state;
    if (nargs != 2 || kwnames != NULL || !state_of(args[0], &state)
        || !(PyLong_CheckExact(args[1]) || PyBool_Check(args[1]))) {
        return call_plain("below_plain", args, nargs, kwnames);
    }
    int overflow;
    long long small = PyLong_AsLongLongAndOverflow(args[1], &overflow);
    if (small == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (overflow < 0 || (!overflow && small <= 0)) {
        PyErr_SetString(PyExc_ValueError, "below() needs n >= 1");
        return NULL;
    }
    uint64_t n = (uint64_t)small; /* 0 stands for 2**64 */
    if (overflow > 0) { /* past a long long: 2**63 <= n; take it if it is at most 2**64 */
        unsigned long long big = PyLong_AsUnsignedLongLong(args[1]);
        if (big == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyObject *limit = PyLong_FromUnsignedLongLong(UINT64_MAX), *one = PyLong_FromLongLong(1), *top = NULL;
            int is_top = -1;
            if (limit != NULL && one != NULL && (top = PyNumber_Add(limit, one)) != NULL) {
                is_top = PyObject_RichCompareBool(args[1], top, Py_EQ); /* exact ints: no Python code */
            }
            Py_XDECREF(limit);
            Py_XDECREF(one);
            Py_XDECREF(top);
            if (is_top < 0) {
                return NULL;
            }
            if (!is_top) {
                PyErr_SetString(PyExc_ValueError, "below() needs n <= 2**64");
                return NULL;
            }
            n = 0;
        }
        else {
            n = (uint64_t)big;
        }
    }
    /* draws below 2**64 - 2**64 % n, the largest multiple of n that fits, as rng.below takes them
     * ((0 - n) % n is 2**64 % n); n = 2**64 (0 here) takes every draw as it is */
    uint64_t x, skip = n ? (0 - n) % n : 0;
    do {
        x = next_word(&state);
    } while (n && x > UINT64_MAX - skip);
    PyObject *out = PyTuple_New(2);
    if (out != NULL) {
        PyTuple_SET_ITEM(out, 0, PyLong_FromUnsignedLongLong(state));
        PyTuple_SET_ITEM(out, 1, PyLong_FromUnsignedLongLong(n ? x % n : x));
        if (PyErr_Occurred()) {
            Py_CLEAR(out);
        }
    }
    return out;
}

static PyMethodDef methods[] = {
    {"below", (PyCFunction)(void (*)(void))below, METH_FASTCALL | METH_KEYWORDS,
     "below(state, n) -> (state, k): a uniform k in range(n) as rng.below_plain draws it (1 <= n <= 2**64; "
     "compiled for int arguments, else by it)."},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL | METH_KEYWORDS,
     "shuffle(state, out) -> state: permute the list ``out`` in place as rng.shuffle_plain does (compiled "
     "for an exact list of at most 128 items, else by it); return the generator's new state."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_rng", "core.rng's shuffle and below, compiled (optional; see rng.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__rng(void)
{
    uint64_t f[MAX_WORDS] = {0}; /* n!, least significant word first */
    f[0] = 1;
    for (int n = 1; n <= MAX_ITEMS; n++) {
        uint64_t carry = 0;
        for (int w = 0; w < MAX_WORDS; w++) {
            f[w] = br_mul_add(f[w], (uint64_t)n, carry, &carry);
        }
        int top = MAX_WORDS - 1;
        while (f[top] == 0) {
            top--;
        }
        width[n] = top * 64 + 64 - br_clz64(f[top]);
        int words = (width[n] + 63) / 64;
        for (int w = 0; w < words; w++) {
            factorial_words[n][w] = f[words - 1 - w];
        }
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module != NULL && PyModule_AddIntConstant(module, "MAX_ITEMS", MAX_ITEMS) < 0) {
        Py_CLEAR(module);
    }
    return module;
}
