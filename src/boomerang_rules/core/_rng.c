/* core.rng's shuffle, compiled, for lists of up to 34 items (n! below 2**128), and its ``below``.
 *
 * The same permutation as rng.shuffle_plain, bit for bit: SplitMix64 words make one integer of
 * n!'s bit width, rejection sampled below n!, read as the mixed-radix digits of a Fisher-Yates
 * shuffle. Every round of a simulated game deals from it, where the Python long division was a
 * fifth of a round's end. Optional: rng.py's written-out shuffle stands in when it is not built;
 * tests compare the two (tests/test_rng.py, tests/test_accel.py).
 *
 * Every input the fast path does not take is handed to rng.shuffle_plain / rng.below_plain, the
 * reference, as it was given: a state that is not an exact int or a bool (an int subclass may
 * change its arithmetic), a bound that is not one, a list of more than 34 items or not an exact
 * list, keywords, the wrong number of arguments. So compiled and plain give the same result or
 * the same error on every input; an int state of any size or sign is taken modulo 2**64, as the
 * plain generator's first ``& MASK`` takes it. No Python code runs while a list's items are read.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef unsigned __int128 u128;

#define MAX_ITEMS 34
static u128 factorial[MAX_ITEMS + 1];
static int width[MAX_ITEMS + 1];

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
    int bits = width[n], words = (bits + 63) / 64;
    u128 r;
    do {
        r = 0;
        for (int w = 0; w < words; w++) {
            r = r << 64 | next_word(&state);
        }
        r >>= words * 64 - bits;
    } while (r >= factorial[n]);
    PyObject **items = ((PyListObject *)list)->ob_item; /* read and swapped with no Python code run */
    for (Py_ssize_t i = n - 1; i >= 1; i--) {
        uint64_t radix = (uint64_t)i + 1, j;
        if (r >> 64) {
            j = (uint64_t)(r % radix);
            r /= radix;
        }
        else {
            uint64_t small = (uint64_t)r;
            j = small % radix;
            r = small / radix;
        }
        PyObject *swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
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
    u128 n = (u128)(uint64_t)small;
    if (overflow > 0) { /* past a long long: 2**63 <= n; take it if it is at most 2**64 */
        unsigned long long big = PyLong_AsUnsignedLongLong(args[1]);
        if (big == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyObject *limit = PyLong_FromUnsignedLongLong(UINT64_MAX), *one = PyLong_FromLong(1), *top = NULL;
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
            n = (u128)1 << 64;
        }
        else {
            n = big;
        }
    }
    /* limit = 2**64 - 2**64 % n: the largest multiple of n that fits, as rng.below takes it */
    u128 limit = ((u128)1 << 64) - (((u128)1 << 64) % n);
    uint64_t x;
    do {
        x = next_word(&state);
    } while ((u128)x >= limit);
    PyObject *out = PyTuple_New(2);
    if (out != NULL) {
        PyTuple_SET_ITEM(out, 0, PyLong_FromUnsignedLongLong(state));
        PyTuple_SET_ITEM(out, 1, PyLong_FromUnsignedLongLong((uint64_t)((u128)x % n)));
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
     "for an exact list of at most 34 items, else by it); return the generator's new state."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_rng", "core.rng's shuffle and below, compiled (optional; see rng.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__rng(void)
{
    factorial[0] = 1;
    for (int n = 1; n <= MAX_ITEMS; n++) {
        factorial[n] = factorial[n - 1] * (u128)n;
        u128 f = factorial[n];
        int bits = 0;
        while (f) {
            bits++;
            f >>= 1;
        }
        width[n] = bits;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module != NULL && PyModule_AddIntConstant(module, "MAX_ITEMS", MAX_ITEMS) < 0) {
        Py_CLEAR(module);
    }
    return module;
}
