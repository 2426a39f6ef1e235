/* The top-level game functions' dispatch, compiled: ``br.step(state, actions)`` is
 * ``state._br_step(actions)`` with no Python frame of its own.
 *
 * ``boomerang_rules.to_act``, ``legal_actions``, ``apply``, ``step``, ``is_over`` and the like are
 * one method call each (``core.games.METHOD``: every game sets its functions on its state classes),
 * wrapped in a Python function that turns a state of no game into a TypeError. That wrapper cost
 * almost as much as a compiled game's whole ``to_act`` (~340 instructions of ~400 a call), and a game
 * of turns calls four of them a decision. ``function(...)`` makes that wrapper a builtin function
 * (the interpreter calls one directly, as it calls a method), which does for the common call:
 *
 * - the expected number of positional arguments and no keywords: ``args[0]._br_NAME(*args[1:])``,
 *   the method looked up as the interpreter's own method call looks it up, so that the result, or
 *   the error, is the method's own. The last state class's method is remembered, as the interpreter's
 *   method cache remembers it: for a class whose instances have no ``__dict__`` and that looks its
 *   attributes up the generic way, a function or method descriptor found on it is what
 *   ``state._br_NAME`` binds; its version tag (new at any change of the class or a base) says it still
 *   is. A compiled method (METH_FASTCALL | METH_KEYWORDS, defined for that class or a base) is called
 *   as its descriptor calls it. Any other class: ``PyObject_VectorcallMethod``, the generic lookup;
 * - an AttributeError from that call, when ``args[0].__class__`` has the method, is the method's own
 *   (raised from inside it) and is raised again, as the wrapper does; when the class has none (no
 *   game's state, or a game not yet imported), ``missing(*args)`` answers (the wrapper's own
 *   ``_missing`` path: import the game's package, or refuse);
 * - any other call (keywords, another number of arguments) goes to the wrapped Python function as it
 *   was made, so that its refusal is the plain one.
 *
 * The wrapped Python function stays the reference (``BOOMERANG_RULES_PURE=1`` keeps it in place) and
 * the documentation: the builtin has its name, its module (so it pickles by name, as the function
 * did), its docstring and its parameters' names (a text signature, for ``inspect.signature``).
 *
 * Memory: each builtin's slot (its method name, the wrapped function, ``missing``, and the remembered
 * class and method) and its PyMethodDef are set once and kept for the life of the process (a
 * package's functions, made once at its import). The remembered class and method are strong
 * references, replaced only after the new ones are held; a call holds the method it calls. A call
 * reads only its own arguments, which its caller holds, and the exception it fetched, which it owns.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_SLOTS 16

typedef struct {
    PyObject *method;  /* the method's name (``_br_step``), an exact str */
    PyObject *wrapped; /* the Python function: every call not taken here */
    PyObject *missing; /* called with the arguments when the state's class has no such method */
    PyObject *name, *doc; /* the PyMethodDef's strings (kept: it points into them) */
    Py_ssize_t nargs;  /* the positional arguments the fast path takes, the state first */
    PyTypeObject *type; /* the last state class called (a strong reference), or NULL */
    unsigned int tag;   /* its tp_version_tag when its method was found (0: none remembered) */
    PyObject *found;    /* its method then (a strong reference): a function or a method descriptor */
    _PyCFunctionFastWithKeywords fast; /* a compiled method's own C function, or NULL: called through ``found`` */
    PyMethodDef def;
} Slot;

static Slot slots[MAX_SLOTS];
static int n_slots;
static PyObject *s_class; /* "__class__" */

/* Whether ``state.__class__`` has the method (``hasattr``): 1, 0, or -1 with an error set (an error
 * other than an AttributeError, which hasattr raises too). */
static int
class_has(Slot *d, PyObject *state)
{
    PyObject *cls = PyObject_GetAttr(state, s_class);
    if (cls == NULL) {
        return -1;
    }
    PyObject *found = PyObject_GetAttr(cls, d->method);
    Py_DECREF(cls);
    if (found != NULL) {
        Py_DECREF(found);
        return 1;
    }
    if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        return 0;
    }
    return -1;
}

/* Remember ``type``'s method (see the head of the file); a class it cannot be remembered for is not. */
static void
remember(Slot *d, PyTypeObject *type)
{
    if (type->tp_dictoffset != 0 || type->tp_getattro != PyObject_GenericGetAttr) {
        return;
    }
    PyObject *found = _PyType_Lookup(type, d->method); /* borrowed; runs no Python code, sets the tag */
    unsigned int tag = type->tp_version_tag;
    if (found == NULL || tag == 0 || !(PyFunction_Check(found) || Py_IS_TYPE(found, &PyMethodDescr_Type))) {
        return;
    }
    _PyCFunctionFastWithKeywords fast = NULL;
    if (Py_IS_TYPE(found, &PyMethodDescr_Type)) {
        PyMethodDescrObject *descr = (PyMethodDescrObject *)found;
        int flags = descr->d_method->ml_flags;
        if (PyType_IsSubtype(type, PyDescr_TYPE(descr))
            && (flags & (METH_VARARGS | METH_FASTCALL | METH_NOARGS | METH_O | METH_KEYWORDS | METH_METHOD))
                   == (METH_FASTCALL | METH_KEYWORDS)) {
            fast = (_PyCFunctionFastWithKeywords)(void (*)(void))descr->d_method->ml_meth;
        }
    }
    PyTypeObject *old_type = d->type;
    PyObject *old_found = d->found;
    d->type = (PyTypeObject *)Py_NewRef(type);
    d->found = Py_NewRef(found);
    d->fast = fast;
    d->tag = tag;
    Py_XDECREF(old_type);
    Py_XDECREF(old_found);
}

static PyObject *
dispatch(Slot *d, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs != d->nargs || kwnames != NULL) {
        return PyObject_Vectorcall(d->wrapped, args, (size_t)nargs, kwnames);
    }
    PyTypeObject *type = Py_TYPE(args[0]);
    PyObject *out;
    if (type == d->type && d->tag != 0 && type->tp_version_tag == d->tag) {
        PyObject *found = Py_NewRef(d->found); /* held: the call may run Python code that replaces it */
        out = d->fast != NULL ? d->fast(args[0], args + 1, nargs - 1, NULL)
                              : PyObject_Vectorcall(found, args, (size_t)nargs, NULL);
        Py_DECREF(found);
    }
    else {
        if (PyType_Check(args[0])) { /* a class given for a state: no game state (its method would be unbound) */
            return PyObject_Vectorcall(d->missing, args, (size_t)nargs, NULL);
        }
        remember(d, type);
        out = PyObject_VectorcallMethod(d->method, args, (size_t)nargs, NULL);
    }
    if (out != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError)) {
        return out;
    }
    PyObject *error, *value, *traceback;
    PyErr_Fetch(&error, &value, &traceback); /* owned: class_has may run Python code */
    int has = class_has(d, args[0]);
    if (has == 1) {
        PyErr_Restore(error, value, traceback); /* from inside the game's function: its own */
        return NULL;
    }
    Py_XDECREF(error);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
    if (has < 0) {
        return NULL;
    }
    return PyObject_Vectorcall(d->missing, args, (size_t)nargs, NULL);
}

/* One entry point per slot (a builtin's self is the package's module, shared): slot K's. */
#define ENTRY(K)                                                                                         \
    static PyObject *entry_##K(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) \
    {                                                                                                    \
        (void)self;                                                                                      \
        return dispatch(&slots[K], args, nargs, kwnames);                                                \
    }
ENTRY(0) ENTRY(1) ENTRY(2) ENTRY(3) ENTRY(4) ENTRY(5) ENTRY(6) ENTRY(7)
ENTRY(8) ENTRY(9) ENTRY(10) ENTRY(11) ENTRY(12) ENTRY(13) ENTRY(14) ENTRY(15)

static _PyCFunctionFastWithKeywords entries[MAX_SLOTS] = {
    entry_0, entry_1, entry_2, entry_3, entry_4, entry_5, entry_6, entry_7,
    entry_8, entry_9, entry_10, entry_11, entry_12, entry_13, entry_14, entry_15,
};

static PyObject *
function(PyObject *unused, PyObject *args, PyObject *kwargs)
{
    (void)unused;
    PyObject *method, *wrapped, *missing, *module, *name, *doc;
    Py_ssize_t nargs;
    static char *names[] = {"method", "wrapped", "missing", "nargs", "module", "name", "doc", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UOOnOUU:function", names, &method, &wrapped, &missing, &nargs,
                                     &module, &name, &doc)) {
        return NULL;
    }
    if (!PyUnicode_CheckExact(method) || !PyUnicode_CheckExact(name) || !PyUnicode_CheckExact(doc)
        || !PyCallable_Check(wrapped) || !PyCallable_Check(missing) || !PyModule_Check(module) || nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "function needs a method name, two callables, nargs >= 1, a module, a name "
                                         "and a docstring (exact strs)");
        return NULL;
    }
    if (n_slots == MAX_SLOTS) {
        PyErr_SetString(PyExc_RuntimeError, "_dispatch: no slot left");
        return NULL;
    }
    const char *name_text = PyUnicode_AsUTF8(name), *doc_text = PyUnicode_AsUTF8(doc);
    PyObject *module_name = PyModule_GetNameObject(module);
    if (name_text == NULL || doc_text == NULL || module_name == NULL) {
        Py_XDECREF(module_name);
        return NULL;
    }
    Slot *d = &slots[n_slots];
    d->def.ml_name = name_text; /* kept alive by d->name, d->doc: never released */
    d->def.ml_meth = (PyCFunction)(void (*)(void))entries[n_slots];
    d->def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    d->def.ml_doc = doc_text;
    PyObject *out = PyCFunction_NewEx(&d->def, module, module_name);
    Py_DECREF(module_name);
    if (out == NULL) {
        return NULL;
    }
    d->method = Py_NewRef(method);
    d->wrapped = Py_NewRef(wrapped);
    d->missing = Py_NewRef(missing);
    d->name = Py_NewRef(name);
    d->doc = Py_NewRef(doc);
    d->nargs = nargs;
    n_slots++;
    return out;
}

static PyMethodDef module_methods[] = {
    {"function", (PyCFunction)(void (*)(void))function, METH_VARARGS | METH_KEYWORDS,
     "function(method, wrapped, missing, nargs, module, name, doc): a builtin function of ``module`` that calls "
     "``state.method(*args)`` as ``wrapped(state, *args)`` does, ``missing(state, *args)`` for a state whose class "
     "has no such method, and ``wrapped`` for any other call. ``doc`` starts with its text signature."},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "boomerang_rules.core._dispatch",
    .m_doc = "The top-level game functions' method dispatch, compiled (see the package's __init__).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dispatch(void)
{
    if (s_class == NULL && (s_class = PyUnicode_InternFromString("__class__")) == NULL) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
