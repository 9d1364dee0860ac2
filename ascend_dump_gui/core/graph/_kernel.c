/* The msprobe graph's per-name work in C, for construct.json files of a million modules (core/graph/kernel.py
 * loads it; without it, or with ASCEND_DUMP_GUI_PURE_GRAPH=1, the Python code beside each call runs and gives the
 * same output, which the tests check both ways). Each function stands in for one Python pass:
 *
 *   split, backward   msprobe_model.split_directions / _backward: backward if a part is backward or parameters_grad
 *   nest              msprobe_hierarchy.nest: a nesting without loops, by positions (None when it has a loop)
 *   enclosing         dict.fromkeys(parents) without None (msprobe_hierarchy.nest where nest said None)
 *   enclose           the names that enclose others, their parents filled in (the same)
 *   flatten           msprobe_hierarchy.nesting past MAX_DEPTH: groups, deep anchors, boxes, the count
 *   types             msprobe_model._types: box labels
 *   chain, chain_at   msprobe_model._edges: each box after the previous one of its group or chunk (chain_at: the
 *                     groups by position, as nest gives them)
 *   nodes, edges, kinds   document.py: the node and edge dicts, the kinds counted
 *   nodes_text, edges_text   document_rows.py: the JSON text of those dicts, written without making them
 *
 * Name rules are done here only in the common case, on names that are exact ASCII str: a module's box label (the
 * part before the first later part that is forward / backward / parameters_grad), an API call's (the part before
 * the first forward / backward part, less its call number), a node's kind when the name has no ':', the
 * direction parts. Every other name goes to the Python function passed
 * in, which holds the whole rule. Only the public C API is used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static PyObject *k_id, *k_name, *k_kind, *k_type, *k_parent, *k_direction, *k_status, *k_from, *k_to, *k_data,
    *v_module, *v_api;

/* An exact ASCII str: its bytes and length (else NULL). */
static const char *ascii(PyObject *s, Py_ssize_t *n) {
    if (!PyUnicode_CheckExact(s))
        return NULL;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(s) < 0) {
        PyErr_Clear();      /* the Python rule then takes the name (and says what is wrong with it) */
        return NULL;
    }
#endif
    if (!PyUnicode_IS_ASCII(s))
        return NULL;
    *n = PyUnicode_GET_LENGTH(s);
    return (const char *)PyUnicode_DATA(s);
}

static int module_head(const char *s, Py_ssize_t n) {
    return (n >= 7 && memcmp(s, "Module.", 7) == 0) || (n >= 5 && memcmp(s, "Cell.", 5) == 0);
}

/* msprobe's scopes and the bare prefixes: module names though not Module.-headed (msprobe_model.is_module). */
static int scope_word(const char *s, Py_ssize_t n) {
    return (n == 9 && memcmp(s, "optimizer", 9) == 0) || (n == 9 && memcmp(s, "clip_grad", 9) == 0)
        || (n == 6 && memcmp(s, "Module", 6) == 0) || (n == 4 && memcmp(s, "Cell", 4) == 0);
}

/* A row's kind where the rule is plain (borrowed): module for a group (type None), a module name or a scope; api
 * for any other ASCII name; NULL for a name holding ':' (a pipeline's {run}:name) or not ASCII: the Python rule. */
static PyObject *known_kind(PyObject *type, PyObject *name) {
    Py_ssize_t n;
    const char *s;
    if (type == Py_None)
        return v_module;
    if ((s = ascii(name, &n)) == NULL || memchr(s, ':', (size_t)n) != NULL)
        return NULL;
    return module_head(s, n) || scope_word(s, n) ? v_module : v_api;
}

#define LABELS 32      /* labels kept for reuse: a model has a few dozen module classes */

/* The labels made last (a ring), so a million boxes of a few classes share a few strings. */
typedef struct {
    PyObject *made[LABELS];
    int next;
} Labels;

/* The ASCII str s[0:n] from the ring, else made and kept there. */
static PyObject *label_of(Labels *ring, PyObject *name, Py_ssize_t start, Py_ssize_t n) {
    const char *s = (const char *)PyUnicode_DATA(name) + start;
    for (int j = 0; j < LABELS; j++) {
        PyObject *c = ring->made[j];
        if (c != NULL && PyUnicode_GET_LENGTH(c) == n && memcmp(PyUnicode_DATA(c), s, (size_t)n) == 0) {
            Py_INCREF(c);
            return c;
        }
    }
    PyObject *made = PyUnicode_Substring(name, start, start + n);
    if (made != NULL) {
        Py_XSETREF(ring->made[ring->next], made);
        Py_INCREF(made);
        ring->next = (ring->next + 1) % LABELS;
    }
    return made;
}

/* The start of the part of s that ends at end (s[end] is '.' or the end) when it is forward, backward or (with
 * grads) parameters_grad, else -1. */
static Py_ssize_t step_before(const char *s, Py_ssize_t end, int grads) {
    static const char *const words[] = {"forward", "backward", "parameters_grad"};
    static const Py_ssize_t lengths[] = {7, 8, 15};
    for (int k = 0; k < 2 + grads; k++) {
        Py_ssize_t start = end - lengths[k];
        if (start >= 0 && (start == 0 || s[start - 1] == '.') && memcmp(s + start, words[k], (size_t)lengths[k]) == 0)
            return start;
    }
    return -1;
}

/* The start of the first part of s at or after from that is a step word (see step_before), else -1: each step word
 * ends in 'd', so only the parts ending at a 'd' are looked at (a name of many parts is not cut into each). */
static Py_ssize_t first_step(const char *s, Py_ssize_t n, Py_ssize_t from, int grads) {
    for (const char *d = s + from; (d = memchr(d, 'd', (size_t)(s + n - d))) != NULL; d++) {
        Py_ssize_t end = d - s + 1, start;
        if ((end == n || s[end] == '.') && (start = step_before(s, end, grads)) >= from)
            return start;
    }
    return -1;
}

/* The label of module name s (ASCII, no trailing newline): the part before the first part after the first that
 * is a step word, else the name. */
static PyObject *module_label(Labels *ring, PyObject *name, const char *s, Py_ssize_t n) {
    Py_ssize_t first = memchr(s, '.', (size_t)n) ? (const char *)memchr(s, '.', (size_t)n) - s + 1 : n;
    Py_ssize_t start = first < n ? first_step(s, n, first, 1) : -1;     /* a part after the first */
    if (start < 0) {
        Py_INCREF(name);
        return name;
    }
    Py_ssize_t before = start - 1;      /* s[before] is the '.' ending the part before */
    while (before > 0 && s[before - 1] != '.')
        before--;
    return label_of(ring, name, before, start - 1 - before);
}

/* The label of API call name s (ASCII, no trailing newline, no module): the part before the first part that is
 * forward or backward, less a last part of digits (its call number), else the name (msprobe_model.call_label). */
static PyObject *api_label(Labels *ring, PyObject *name, const char *s, Py_ssize_t n) {
    Py_ssize_t start = first_step(s, n, 0, 0);
    if (start < 0) {
        Py_INCREF(name);
        return name;
    }
    Py_ssize_t before = start ? start - 1 : 0, last = before;      /* s[:before] precedes the step */
    while (last > 0 && s[last - 1] != '.')
        last--;
    int number = last > 0 && last < before;      /* a '.' in s[:before] and digits after the last one */
    for (Py_ssize_t j = last; number && j < before; j++)
        number = s[j] >= '0' && s[j] <= '9';
    return label_of(ring, name, 0, number ? last - 1 : before);
}

PyDoc_STRVAR(types_doc, "types(names, drawn, label) -> list: per name, None where drawn (bytes) is 0, else its box "
                        "label: a module's or an API call's (ASCII, no final newline) in C, label(name) for any other.");

static PyObject *py_types(PyObject *self, PyObject *args) {
    PyObject *names, *label;
    Py_buffer drawn;
    if (!PyArg_ParseTuple(args, "O!y*O", &PyList_Type, &names, &drawn, &label))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names);
    if (drawn.len != count) {
        PyBuffer_Release(&drawn);
        PyErr_SetString(PyExc_ValueError, "names and drawn differ in length");
        return NULL;
    }
    const char *box = drawn.buf;
    Labels ring = {{NULL}, 0};
    PyObject *out = PyList_New(count);
    for (Py_ssize_t i = 0; out != NULL && i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i), *value;
        Py_ssize_t n;
        const char *s;
        if (!box[i]) {
            value = Py_None;
            Py_INCREF(value);
        } else if ((s = ascii(name, &n)) != NULL && module_head(s, n) && s[n - 1] != '\n') {
            value = module_label(&ring, name, s, n);    /* re's $ also matches before a final newline: Python's */
        } else if (s != NULL && n > 0 && s[n - 1] != '\n' && !scope_word(s, n)) {
            value = api_label(&ring, name, s, n);
        } else {
            value = PyObject_CallOneArg(label, name);
        }
        if (value == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, value);
    }
    PyBuffer_Release(&drawn);
    for (int j = 0; j < LABELS; j++)
        Py_XDECREF(ring.made[j]);
    return out;
}

/* Whether the ASCII name s has a part (between dots) that is backward or parameters_grad: both end in 'd', so only
 * the parts ending at a 'd' are looked at (a name of many short parts is not cut into each). */
static int backward_part(const char *s, Py_ssize_t n) {
    for (const char *d = s; (d = memchr(d, 'd', (size_t)(s + n - d))) != NULL; d++) {
        Py_ssize_t end = d - s + 1;
        if (end < n && s[end] != '.')
            continue;       /* no part ends here */
        if ((end == 8 || (end > 8 && s[end - 9] == '.')) && memcmp(s + end - 8, "backward", 8) == 0)
            return 1;
        if ((end == 15 || (end > 15 && s[end - 16] == '.')) && memcmp(s + end - 15, "parameters_grad", 15) == 0)
            return 1;
    }
    return 0;
}

PyDoc_STRVAR(backward_doc, "backward(names, test) -> bytes: per name, 1 if it has a backward or parameters_grad "
                           "part (ASCII names in C; test(name) for any other), else 0.");

static PyObject *py_backward(PyObject *self, PyObject *args) {
    PyObject *names, *test;
    if (!PyArg_ParseTuple(args, "O!O", &PyList_Type, &names, &test))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names);
    PyObject *out = PyBytes_FromStringAndSize(NULL, count);
    if (out == NULL)
        return NULL;
    char *mask = PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i);
        Py_ssize_t n;
        const char *s = ascii(name, &n);
        if (s != NULL) {
            mask[i] = (char)backward_part(s, n);
            continue;
        }
        PyObject *found = PyObject_CallOneArg(test, name);
        int yes = found == NULL ? -1 : PyObject_IsTrue(found);
        Py_XDECREF(found);
        if (yes < 0) {
            Py_DECREF(out);
            return NULL;
        }
        mask[i] = (char)yes;
    }
    return out;
}

PyDoc_STRVAR(split_doc, "split(construct, test) -> (backward names, their values, forward names, their values) of "
                        "a dict, in its order: a name is backward if it has a backward or parameters_grad part "
                        "(ASCII names in C; test(name) for any other).");

static PyObject *py_split(PyObject *self, PyObject *args) {
    PyObject *construct, *test, *key, *value, *result = NULL;
    if (!PyArg_ParseTuple(args, "O!O", &PyDict_Type, &construct, &test))
        return NULL;
    PyObject *lists[4] = {PyList_New(0), PyList_New(0), PyList_New(0), PyList_New(0)};
    Py_ssize_t pos = 0;
    for (int j = 0; j < 4; j++)
        if (lists[j] == NULL)
            goto done;
    while (PyDict_Next(construct, &pos, &key, &value)) {
        Py_ssize_t n;
        const char *s = ascii(key, &n);
        int back;
        if (s != NULL) {
            back = backward_part(s, n);
        } else {
            Py_INCREF(key);
            Py_INCREF(value);
            PyObject *found = PyObject_CallOneArg(test, key);
            back = found == NULL ? -1 : PyObject_IsTrue(found);
            Py_XDECREF(found);
            Py_DECREF(key);
            Py_DECREF(value);
            if (back < 0)
                goto done;
        }
        int side = back ? 0 : 2;
        if (PyList_Append(lists[side], key) < 0 || PyList_Append(lists[side + 1], value) < 0)
            goto done;
    }
    result = PyTuple_Pack(4, lists[0], lists[1], lists[2], lists[3]);
done:
    for (int j = 0; j < 4; j++)
        Py_XDECREF(lists[j]);
    return result;
}

PyDoc_STRVAR(enclosing_doc, "enclosing(parents) -> dict: dict.fromkeys(parents) without None (each module once, in "
                            "the order first named).");

static PyObject *py_enclosing(PyObject *self, PyObject *parents) {
    if (!PyList_Check(parents)) {
        PyErr_SetString(PyExc_TypeError, "parents: expected a list");
        return NULL;
    }
    PyObject *out = PyDict_New(), *run = NULL;      /* run: the parent of the names before (skipped in a row) */
    for (Py_ssize_t i = 0; out != NULL && i < PyList_GET_SIZE(parents); i++) {
        PyObject *parent = PyList_GET_ITEM(parents, i);
        if (parent == Py_None)
            continue;
        int same = run == NULL ? 0 : parent == run ? 1 : PyObject_RichCompareBool(parent, run, Py_EQ);
        if (same < 0 || (!same && PyDict_SetDefault(out, parent, Py_None) == NULL))
            Py_CLEAR(out);
        run = parent;
    }
    return out;
}

PyDoc_STRVAR(enclose_doc, "enclose(names, parents, up) -> bytes: per name, 1 if it is a key of up (then up[name] = "
                          "its parent), else 0.");

static PyObject *py_enclose(PyObject *self, PyObject *args) {
    PyObject *names, *parents, *up;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyList_Type, &names, &PyList_Type, &parents, &PyDict_Type, &up))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names);
    if (PyList_GET_SIZE(parents) != count) {
        PyErr_SetString(PyExc_ValueError, "names and parents differ in length");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, count);
    if (out == NULL)
        return NULL;
    char *mask = PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i);
        int found = PyDict_Contains(up, name);
        if (found < 0 || (found && PyDict_SetItem(up, name, PyList_GET_ITEM(parents, i)) < 0)) {
            Py_DECREF(out);
            return NULL;
        }
        mask[i] = (char)found;
    }
    return out;
}

PyDoc_STRVAR(chain_doc, "chain(boxes, keys, widest=None) -> (sources, targets): each box after the previous box with "
                        "the same key; with widest, each key's boxes cut into chunks of that many (a box whose index "
                        "among its key's boxes is a positive multiple of widest follows none), as chunk_large cuts "
                        "a group of more than widest boxes.");

/* counts[key]: how many boxes of key came before (0 when absent), or -1 on an error. */
static Py_ssize_t count_of(PyObject *counts, PyObject *key) {
    PyObject *had = PyDict_GetItemWithError(counts, key);
    if (had == NULL)
        return PyErr_Occurred() ? -1 : 0;
    return PyLong_AsSsize_t(had);
}

/* counts[key] = n; 0, or -1 on an error. */
static int set_count(PyObject *counts, PyObject *key, Py_ssize_t n) {
    PyObject *total = PyLong_FromSsize_t(n);
    int bad = total == NULL || PyDict_SetItem(counts, key, total) < 0;
    Py_XDECREF(total);
    return bad ? -1 : 0;
}

static PyObject *py_chain(PyObject *self, PyObject *args) {
    PyObject *boxes, *keys, *limit = Py_None;
    if (!PyArg_ParseTuple(args, "O!O!|O", &PyList_Type, &boxes, &PyList_Type, &keys, &limit))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(boxes), widest = limit == Py_None ? 0 : PyLong_AsSsize_t(limit);
    if (widest == -1 && PyErr_Occurred())
        return NULL;
    if (limit != Py_None && widest < 1) {
        PyErr_SetString(PyExc_ValueError, "widest must be at least 1");
        return NULL;
    }
    if (PyList_GET_SIZE(keys) != count) {
        PyErr_SetString(PyExc_ValueError, "boxes and keys differ in length");
        return NULL;
    }
    PyObject *previous = PyDict_New(), *sources = PyList_New(0), *targets = PyList_New(0), *result = NULL;
    PyObject *counts = limit == Py_None ? NULL : PyDict_New();
    if (previous == NULL || sources == NULL || targets == NULL || (limit != Py_None && counts == NULL))
        goto done;
    /* run: the key of the boxes in a row that share it; last: the last of them; n: the index of the next box
     * among its key's boxes (kept only with widest) */
    PyObject *run = NULL, *last = NULL;
    Py_ssize_t n = 0;
    for (Py_ssize_t i = 0; i <= count; i++) {
        PyObject *box = i < count ? PyList_GET_ITEM(boxes, i) : NULL, *key = box ? PyList_GET_ITEM(keys, i) : NULL;
        PyObject *source;
        int same = run == NULL || key == NULL ? 0 : key == run ? 1 : PyObject_RichCompareBool(key, run, Py_EQ);
        if (same < 0)
            goto done;
        if (same) {
            source = last;
        } else {        /* a new row: the last box of the one before is the one its key's next box follows */
            if (run != NULL && PyDict_SetItem(previous, run, last) < 0)
                goto done;
            if (run != NULL && counts != NULL && set_count(counts, run, n) < 0)
                goto done;
            if (key == NULL)
                break;
            source = PyDict_GetItemWithError(previous, key);
            if (source == NULL && PyErr_Occurred())
                goto done;
            if (counts != NULL && (n = count_of(counts, key)) < 0)
                goto done;
            run = key;
        }
        if (counts != NULL && n++ % widest == 0)
            source = NULL;      /* the first box of a chunk */
        if (source != NULL && (PyList_Append(sources, source) < 0 || PyList_Append(targets, box) < 0))
            goto done;
        last = box;
    }
    result = PyTuple_Pack(2, sources, targets);
done:
    Py_XDECREF(previous);
    Py_XDECREF(sources);
    Py_XDECREF(targets);
    Py_XDECREF(counts);
    return result;
}

PyDoc_STRVAR(flatten_doc, "flatten(names, parents, up, depth, holders, bound) -> (grouped, anchors, drawn, deep): "
                          "msprobe_hierarchy.nesting past bound: the holders (None: every module of depth) less deep "
                          "than bound (a set), each "
                          "holder at bound or deeper -> its ancestor whose group holds it (a dict, in depth's order), "
                          "per name 1 for a box (bytes), and how many boxes sit at bound or deeper (a holder) or "
                          "deeper than bound (a box that holds nothing).");

/* depth[key] as a C number (-1 with an error set when absent: the Python code raises KeyError there too). */
static Py_ssize_t depth_of(PyObject *depth, PyObject *key) {
    PyObject *found = PyDict_GetItemWithError(depth, key);
    if (found == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_KeyError, key);
        return -1;
    }
    return PyLong_AsSsize_t(found);
}

static PyObject *py_flatten(PyObject *self, PyObject *args) {
    PyObject *names, *parents, *up, *depth, *holders, *module, *level;
    Py_ssize_t bound;
    if (!PyArg_ParseTuple(args, "O!O!O!O!On", &PyList_Type, &names, &PyList_Type, &parents, &PyDict_Type, &up,
                          &PyDict_Type, &depth, &holders, &bound))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names), pos = 0, deep = 0;
    int every = holders == Py_None;
    if (PyList_GET_SIZE(parents) != count) {
        PyErr_SetString(PyExc_ValueError, "names and parents differ in length");
        return NULL;
    }
    PyObject *grouped = PySet_New(NULL), *anchors = PyDict_New(), *drawn = PyBytes_FromStringAndSize(NULL, count);
    PyObject *result = NULL;
    if (grouped == NULL || anchors == NULL || drawn == NULL)
        goto done;
    while (PyDict_Next(depth, &pos, &module, &level)) {     /* a module after its parent */
        Py_ssize_t d = PyLong_AsSsize_t(level);
        int holds = d == -1 && PyErr_Occurred() ? -1 : every ? 1 : PySequence_Contains(holders, module);
        if (holds < 0)
            goto done;
        if (!holds)
            continue;
        if (d < bound) {
            if (PySet_Add(grouped, module) < 0)
                goto done;
            continue;
        }
        PyObject *parent = PyDict_GetItemWithError(up, module), *anchor;
        if (parent == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, module);
            goto done;
        }
        /* the parent is a group: without cut loops, when it is less deep than bound (one level up) */
        int in = every ? d == bound : PySet_Contains(grouped, parent);
        if (in < 0)
            goto done;
        if (in) {
            anchor = parent;
        } else if ((anchor = PyDict_GetItemWithError(anchors, parent)) == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, parent);
            goto done;
        }
        if (PyDict_SetItem(anchors, module, anchor) < 0)
            goto done;
    }
    char *box = PyBytes_AS_STRING(drawn);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i), *parent = PyList_GET_ITEM(parents, i);
        PyObject *own = PyDict_GetItemWithError(depth, name);
        Py_ssize_t d = own == NULL ? 0 : PyLong_AsSsize_t(own);
        if ((own == NULL || d == -1) && PyErr_Occurred())
            goto done;
        /* grouped: a holder less deep than bound (every module of depth holds something when holders is None) */
        int in = every ? own != NULL && d < bound : PySet_Contains(grouped, name);
        if (in < 0)
            goto done;
        box[i] = (char)!in;
        if (in)
            continue;
        if (own == NULL && parent != Py_None && (d = depth_of(depth, parent) + 1) == 0)
            goto done;      /* a box's depth: its own (a module), else its parent's + 1 (0 at the top) */
        int holds = every ? own != NULL : PySequence_Contains(holders, name);
        if (holds < 0)
            goto done;
        deep += d >= bound + !holds;
    }
    result = Py_BuildValue("OOOn", grouped, anchors, drawn, deep);
done:
    Py_XDECREF(grouped);
    Py_XDECREF(anchors);
    Py_XDECREF(drawn);
    return result;
}

/* A dict of these keys and values, in this order: a template (copying it and setting values is faster than
 * inserting the keys into a new dict). */
static PyObject *template(PyObject **keys, PyObject **values, int count) {
    PyObject *out = PyDict_New();
    for (int i = 0; out != NULL && i < count; i++)
        if (PyDict_SetItem(out, keys[i], values[i]) < 0)
            Py_CLEAR(out);
    return out;
}

PyDoc_STRVAR(nodes_doc, "nodes(rows, direction, kind) -> list of document node dicts {id, name, kind, type, parent, "
                        "direction, status: None} of (name, parent, type) rows: kind 'module' for a group (type None), "
                        "a module or scope name, 'api' for another ASCII name, without ':'; else kind(name).");

static PyObject *py_nodes(PyObject *self, PyObject *args) {
    PyObject *rows, *direction, *kind;
    if (!PyArg_ParseTuple(args, "OOO", &rows, &direction, &kind))
        return NULL;
    PyObject *keys[] = {k_id, k_name, k_kind, k_type, k_parent, k_direction, k_status};
    PyObject *values[] = {Py_None, Py_None, v_module, Py_None, Py_None, direction, Py_None};
    PyObject *it = PyObject_GetIter(rows), *out = PyList_New(0), *base = template(keys, values, 7), *row;
    if (it == NULL || out == NULL || base == NULL)
        goto fail;
    while ((row = PyIter_Next(it)) != NULL) {
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 3) {
            Py_DECREF(row);
            PyErr_SetString(PyExc_TypeError, "rows: expected (name, parent, type) tuples");
            goto fail;
        }
        PyObject *name = PyTuple_GET_ITEM(row, 0), *parent = PyTuple_GET_ITEM(row, 1), *type = PyTuple_GET_ITEM(row, 2);
        PyObject *k = known_kind(type, name);
        if (k != NULL) {
            Py_INCREF(k);
        } else if ((k = PyObject_CallOneArg(kind, name)) == NULL) {
            Py_DECREF(row);
            goto fail;
        }
        PyObject *node = PyDict_Copy(base);        /* the template's values (module, None) are not set again */
        int bad = node == NULL || PyDict_SetItem(node, k_id, name) < 0 || PyDict_SetItem(node, k_name, name) < 0
                  || (k != v_module && PyDict_SetItem(node, k_kind, k) < 0)
                  || (type != Py_None && PyDict_SetItem(node, k_type, type) < 0)
                  || (parent != Py_None && PyDict_SetItem(node, k_parent, parent) < 0) || PyList_Append(out, node) < 0;
        Py_XDECREF(node);
        Py_DECREF(k);
        Py_DECREF(row);
        if (bad)
            goto fail;
    }
    if (PyErr_Occurred())
        goto fail;
    Py_DECREF(it);
    Py_DECREF(base);
    return out;
fail:
    Py_XDECREF(it);
    Py_XDECREF(out);
    Py_XDECREF(base);
    return NULL;
}

PyDoc_STRVAR(edges_doc, "edges(rows) -> list of document edge dicts {from, to, data} of (source, target, data) rows.");

static PyObject *py_edges(PyObject *self, PyObject *rows) {
    PyObject *keys[] = {k_from, k_to, k_data};
    PyObject *yes[] = {Py_None, Py_None, Py_True}, *no[] = {Py_None, Py_None, Py_False};
    PyObject *it = PyObject_GetIter(rows), *out = PyList_New(0), *row;
    PyObject *bases[2] = {template(keys, no, 3), template(keys, yes, 3)};
    if (it == NULL || out == NULL || bases[0] == NULL || bases[1] == NULL)
        goto fail;
    while ((row = PyIter_Next(it)) != NULL) {
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 3) {
            Py_DECREF(row);
            PyErr_SetString(PyExc_TypeError, "rows: expected (source, target, data) tuples");
            goto fail;
        }
        PyObject *data = PyTuple_GET_ITEM(row, 2);
        PyObject *edge = data == Py_False || data == Py_True ? PyDict_Copy(bases[data == Py_True])
                                                             : template(keys, no, 3);
        int bad = edge == NULL || PyDict_SetItem(edge, k_from, PyTuple_GET_ITEM(row, 0)) < 0
                  || PyDict_SetItem(edge, k_to, PyTuple_GET_ITEM(row, 1)) < 0
                  || (data != Py_False && data != Py_True && PyDict_SetItem(edge, k_data, data) < 0)
                  || PyList_Append(out, edge) < 0;
        Py_XDECREF(edge);
        Py_DECREF(row);
        if (bad)
            goto fail;
    }
    if (PyErr_Occurred())
        goto fail;
    Py_DECREF(it);
    Py_DECREF(bases[0]);
    Py_DECREF(bases[1]);
    return out;
fail:
    Py_XDECREF(it);
    Py_XDECREF(out);
    Py_XDECREF(bases[0]);
    Py_XDECREF(bases[1]);
    return NULL;
}

/* The JSON text of a batch of document nodes or edges, as json_out writes the dicts nodes() and edges() make (orjson,
 * indent 2, the array at a given depth), spelled from the graph's lists: one pass measures (and checks that every
 * value is null, a bool or a plain string: printable ASCII without '"' or '\\', which JSON writes as it is), one
 * writes into the bytes object. A batch with any other value gives None: the caller encodes its dicts. */

/* Whether s[0:n] (ASCII) is plain: 16 bytes at a time where SSE2 is (every x86-64). */
static int plain_chars(const unsigned char *s, Py_ssize_t n) {
    Py_ssize_t i = 0;
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), slash = _mm_set1_epi8('\\'),
                  del = _mm_set1_epi8(0x7f);
    if (n >= 16) {      /* 16 bytes at a time, the last 16 overlapping the ones before */
        for (;; i += 16) {
            if (i + 16 > n)
                i = n - 16;
            __m128i x = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i bad = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(x, low), _mm_cmpeq_epi8(x, quote)),
                                       _mm_or_si128(_mm_cmpeq_epi8(x, slash), _mm_cmpeq_epi8(x, del)));
            if (_mm_movemask_epi8(bad))
                return 0;
            if (i + 16 == n)
                return 1;
        }
    }
#endif
    for (; i < n; i++)
        if (s[i] < 0x20 || s[i] > 0x7e || s[i] == '"' || s[i] == '\\')
            return 0;
    return 1;
}

/* The length of value's JSON text when it is plain (null, true, false or a plain string), else -1. */
static Py_ssize_t plain_len(PyObject *value) {
    if (value == Py_None || value == Py_True)
        return 4;
    if (value == Py_False)
        return 5;
    Py_ssize_t n;
    const char *s = ascii(value, &n);
    return s != NULL && plain_chars((const unsigned char *)s, n) ? n + 2 : -1;
}

static char *put_value(char *p, PyObject *value) {      /* a value plain_len measured */
    const char *word = value == Py_None ? "null" : value == Py_True ? "true" : value == Py_False ? "false" : NULL;
    if (word != NULL) {
        size_t n = strlen(word);
        memcpy(p, word, n);
        return p + n;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(value);
    *p++ = '"';
    memcpy(p, PyUnicode_DATA(value), (size_t)n);
    p[n] = '"';
    return p + n + 1;
}

#define MAX_KEYS 7
#define PIECE 96

/* An object's text less its values: before each value its piece (the opening brace and the commas, each key on a line
 * of its own), after the last one the closing piece. */
typedef struct {
    int count;
    char piece[MAX_KEYS + 1][PIECE];
    Py_ssize_t size[MAX_KEYS + 1], fixed;    /* each piece's length, all of them together */
} Shape;

/* The pieces of an object of these keys with its braces at indent (two deeper for the keys); -1 when they do not fit
 * (a document nested deeper than any we write: the caller encodes the dicts). */
static int shape_of(Shape *shape, const char *const *keys, int count, Py_ssize_t indent) {
    shape->count = count;
    shape->fixed = 0;
    for (int j = 0; j <= count; j++) {
        char *p = shape->piece[j];
        size_t key = j < count ? strlen(keys[j]) : 0;
        if (indent < 0 || indent + key + 8 > PIECE)
            return -1;
        if (j == 0) {
            memset(p, ' ', (size_t)indent);
            p += indent;
            *p++ = '{';
        } else {
            *p++ = j < count ? ',' : '\n';
        }
        if (j < count) {
            *p++ = '\n';
            memset(p, ' ', (size_t)indent + 2);
            p += indent + 2;
            *p++ = '"';
            memcpy(p, keys[j], key);
            p += key;
            memcpy(p, "\": ", 3);
            p += 3;
        } else {
            memset(p, ' ', (size_t)indent);
            p += indent;
            *p++ = '}';
        }
        shape->size[j] = p - shape->piece[j];
        shape->fixed += shape->size[j];
    }
    return 0;
}

/* The length of the object of these values, -1 when one is not plain. */
static Py_ssize_t object_len(const Shape *shape, PyObject **values) {
    Py_ssize_t total = shape->fixed, n = 0;
    for (int j = 0; j < shape->count; j++) {
        if (j == 0 || values[j] != values[j - 1])    /* a node's id and name: one string measured once */
            n = plain_len(values[j]);
        if (n < 0)
            return -1;
        total += n;
    }
    return total;
}

/* The object written at p, the end of what was written returned; NULL (nothing past end written) when it would not
 * fit or a value is no longer a singleton or an ASCII str: a list changed since it was measured (by a finalizer
 * run between the passes) must not make a write out of bounds. */
static char *put_object(char *p, const char *end, const Shape *shape, PyObject **values) {
    Py_ssize_t room = shape->fixed, n;
    for (int j = 0; j < shape->count; j++) {
        PyObject *v = values[j];
        if (v == Py_None || v == Py_True)
            room += 4;
        else if (v == Py_False)
            room += 5;
        else if (ascii(v, &n) != NULL)
            room += n + 2;
        else
            return NULL;
    }
    if (room > end - p)
        return NULL;
    for (int j = 0; j < shape->count; j++) {
        memcpy(p, shape->piece[j], (size_t)shape->size[j]);
        p = put_value(p + shape->size[j], values[j]);
    }
    memcpy(p, shape->piece[shape->count], (size_t)shape->size[shape->count]);
    return p + shape->size[shape->count];
}

/* [start, stop) clipped to count lists of equal length; -1 with an error set when they differ. */
static int batch_range(PyObject **lists, int count, Py_ssize_t *start, Py_ssize_t *stop) {
    Py_ssize_t n = PyList_GET_SIZE(lists[0]);
    for (int j = 1; j < count; j++)
        if (PyList_GET_SIZE(lists[j]) != n) {
            PyErr_SetString(PyExc_ValueError, "the lists differ in length");
            return -1;
        }
    *start = *start < 0 ? 0 : *start > n ? n : *start;
    *stop = *stop < *start ? *start : *stop > n ? n : *stop;
    return 0;
}

/* Fills a row's values in the shape's key order, and after them a reference the row owns (or NULL); -1 on an
 * error. */
typedef int (*RowValues)(void *ctx, Py_ssize_t row, PyObject **values);

/* The bytes of the objects of rows [start, stop) (fill gives each row's values); None when a value is not plain,
 * NULL on an error. */
static PyObject *objects_text(const Shape *shape, RowValues fill, void *ctx, Py_ssize_t start, Py_ssize_t stop) {
    PyObject *values[MAX_KEYS + 1], *out = NULL;
    Py_ssize_t total = stop > start ? 2 * (stop - start - 1) : 0;      /* ",\n" between objects */
    for (int pass = 0; pass < 2; pass++) {
        char *p = NULL, *end = NULL;
        if (pass) {
            p = PyBytes_AS_STRING(out);
            end = p + total;
        }
        for (Py_ssize_t i = start; i < stop; i++) {
            if (fill(ctx, i, values) < 0) {
                Py_XDECREF(out);
                return NULL;
            }
            Py_ssize_t n = pass ? 0 : object_len(shape, values), gap = i > start ? 2 : 0;
            if (pass) {
                if (gap <= end - p)
                    memcpy(p, ",\n", (size_t)gap);
                p = gap > end - p ? NULL : put_object(p + gap, end, shape, values);
                if (p == NULL) {
                    Py_XDECREF(values[shape->count]);
                    Py_DECREF(out);
                    PyErr_SetString(PyExc_RuntimeError, "a value changed while its text was written");
                    return NULL;
                }
            }
            Py_XDECREF(values[shape->count]);
            if (n < 0)
                Py_RETURN_NONE;
            total += n;
        }
        if (!pass && (out = PyBytes_FromStringAndSize(NULL, total)) == NULL)
            return NULL;
        if (pass && p != end) {     /* shorter than measured: no bytes left unwritten */
            Py_DECREF(out);
            PyErr_SetString(PyExc_RuntimeError, "a value changed while its text was written");
            return NULL;
        }
    }
    return out;
}

typedef struct {
    PyObject *names, *parents, *types, *direction, *kind;
} NodeLists;

static int node_values(void *ctx, Py_ssize_t i, PyObject **values) {
    NodeLists *c = ctx;
    if (i >= PyList_GET_SIZE(c->names) || i >= PyList_GET_SIZE(c->parents) || i >= PyList_GET_SIZE(c->types)) {
        PyErr_SetString(PyExc_RuntimeError, "the lists changed while their text was written");
        return -1;
    }
    PyObject *name = PyList_GET_ITEM(c->names, i), *type = PyList_GET_ITEM(c->types, i);
    PyObject *k = known_kind(type, name), *own = NULL;
    if (k == NULL && (k = own = PyObject_CallOneArg(c->kind, name)) == NULL)
        return -1;
    PyObject *row[] = {name, name, k, type, PyList_GET_ITEM(c->parents, i), c->direction, Py_None, own};
    memcpy(values, row, sizeof row);
    return 0;
}

PyDoc_STRVAR(nodes_text_doc, "nodes_text(names, parents, types, start, stop, direction, kind, depth) -> bytes | None: "
                             "the JSON text (indent 2) of nodes() of the rows [start, stop) of the three lists, as the "
                             "items of an array at depth (joined by ',\\n', no brackets); None when a value is not "
                             "null or a plain string.");

static PyObject *py_nodes_text(PyObject *self, PyObject *args) {
    static const char *const keys[] = {"id", "name", "kind", "type", "parent", "direction", "status"};
    NodeLists c;
    Py_ssize_t start, stop, depth;
    if (!PyArg_ParseTuple(args, "O!O!O!nnOOn", &PyList_Type, &c.names, &PyList_Type, &c.parents, &PyList_Type,
                          &c.types, &start, &stop, &c.direction, &c.kind, &depth))
        return NULL;
    PyObject *lists[] = {c.names, c.parents, c.types};
    if (batch_range(lists, 3, &start, &stop) < 0)
        return NULL;
    Shape shape;
    if (shape_of(&shape, keys, 7, (depth + 1) * 2) < 0)
        Py_RETURN_NONE;
    return objects_text(&shape, node_values, &c, start, stop);
}

typedef struct {
    PyObject *sources, *targets;
} EdgeLists;

static int edge_values(void *ctx, Py_ssize_t i, PyObject **values) {
    EdgeLists *c = ctx;
    PyObject *row[] = {PyList_GET_ITEM(c->sources, i), PyList_GET_ITEM(c->targets, i), Py_False, NULL};
    memcpy(values, row, sizeof row);
    return 0;
}

PyDoc_STRVAR(edges_text_doc, "edges_text(sources, targets, start, stop, depth) -> bytes | None: the JSON text (indent "
                             "2) of edges() of the control edges [start, stop) of the two lists (data false), as the "
                             "items of an array at depth; None when a name is not a plain string.");

static PyObject *py_edges_text(PyObject *self, PyObject *args) {
    static const char *const keys[] = {"from", "to", "data"};
    EdgeLists c;
    Py_ssize_t start, stop, depth;
    if (!PyArg_ParseTuple(args, "O!O!nnn", &PyList_Type, &c.sources, &PyList_Type, &c.targets, &start, &stop, &depth))
        return NULL;
    PyObject *lists[] = {c.sources, c.targets};
    if (batch_range(lists, 2, &start, &stop) < 0)
        return NULL;
    Shape shape;
    if (shape_of(&shape, keys, 3, (depth + 1) * 2) < 0)
        Py_RETURN_NONE;
    return objects_text(&shape, edge_values, &c, start, stop);
}

PyDoc_STRVAR(kinds_doc, "kinds(rows, kind) -> dict: how many of the (name, parent, type) rows are of each kind, "
                        "as nodes() says.");

static PyObject *py_kinds(PyObject *self, PyObject *args) {
    PyObject *rows, *kind, *row;
    if (!PyArg_ParseTuple(args, "OO", &rows, &kind))
        return NULL;
    PyObject *it = PyObject_GetIter(rows), *out = PyDict_New();
    Py_ssize_t plain[2] = {0, 0};      /* modules and API calls of known_kind, counted apart */
    if (it == NULL || out == NULL)
        goto fail;
    while ((row = PyIter_Next(it)) != NULL) {
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 3) {
            Py_DECREF(row);
            PyErr_SetString(PyExc_TypeError, "rows: expected (name, parent, type) tuples");
            goto fail;
        }
        PyObject *name = PyTuple_GET_ITEM(row, 0), *k = known_kind(PyTuple_GET_ITEM(row, 2), name), *count;
        if (k != NULL) {
            plain[k == v_api]++;
            Py_DECREF(row);
            continue;
        }
        k = PyObject_CallOneArg(kind, name);
        Py_DECREF(row);
        if (k == NULL)
            goto fail;
        count = PyDict_GetItemWithError(out, k);
        PyObject *next = count == NULL ? (PyErr_Occurred() ? NULL : PyLong_FromLong(1))
                                       : PyLong_FromSsize_t(PyLong_AsSsize_t(count) + 1);
        int bad = next == NULL || PyDict_SetItem(out, k, next) < 0;
        Py_XDECREF(next);
        Py_DECREF(k);
        if (bad)
            goto fail;
    }
    if (PyErr_Occurred())
        goto fail;
    Py_DECREF(it);
    for (int j = 0; j < 2; j++) {      /* module and api, counted apart */
        PyObject *word = j ? v_api : v_module;
        if (plain[j] == 0)
            continue;
        PyObject *count = PyDict_GetItemWithError(out, word), *total;
        if (count == NULL && PyErr_Occurred())
            goto fail_out;
        total = PyLong_FromSsize_t(plain[j] + (count == NULL ? 0 : PyLong_AsSsize_t(count)));
        if (total == NULL || PyDict_SetItem(out, word, total) < 0) {
            Py_XDECREF(total);
            goto fail_out;
        }
        Py_DECREF(total);
    }
    return out;
fail:
    Py_XDECREF(it);
fail_out:
    Py_XDECREF(out);
    return NULL;
}

/* nest: construct.json's nesting by positions (msprobe_hierarchy.nest), in int32 arrays indexed by a name's
 * position in names (the modules named only as a parent after them), with no Python object per name. */

/* An open-addressing table of str -> position: per slot its position + 1 (0: empty) and the low bits of the str's
 * hash (the slot's index, found again when the table grows). */
typedef struct {
    uint32_t *slots;        /* 2 per slot: position + 1, hash */
    size_t mask, used;
} Index;

/* Whether key is an exact str whose text can be read (else the Python walk takes the nesting). */
static int exact_str(PyObject *key) {
    if (!PyUnicode_CheckExact(key))
        return 0;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(key) < 0) {
        PyErr_Clear();
        return 0;
    }
#endif
    return 1;
}

/* Equal exact str (both ready): a str keeps its most compact kind, so equal text is equal bytes. */
static int same_str(PyObject *a, PyObject *b) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(a);
    return a == b || (n == PyUnicode_GET_LENGTH(b) && PyUnicode_KIND(a) == PyUnicode_KIND(b)
                      && memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * PyUnicode_KIND(a)) == 0);
}

/* The slot of key (hash h) in the index: its own, else the empty one where it would go (a position below the
 * names' count is a name's, the others are missing's). */
static uint32_t *slot_of(Index *index, PyObject *key, Py_hash_t h, PyObject *names, PyObject *missing) {
    size_t i = (size_t)h & index->mask;
    Py_ssize_t count = PyList_GET_SIZE(names);
    for (;;) {
        uint32_t *slot = index->slots + 2 * i;
        if (slot[0] == 0)
            return slot;
        if (slot[1] == (uint32_t)h) {
            Py_ssize_t p = (Py_ssize_t)slot[0] - 1;
            if (same_str(p < count ? PyList_GET_ITEM(names, p) : PyList_GET_ITEM(missing, p - count), key))
                return slot;
        }
        i = (i + 1) & index->mask;
    }
}

/* The index twice as large (-1 when out of memory). */
static int grow(Index *index) {
    size_t size = 2 * (index->mask + 1);
    uint32_t *slots = PyMem_Calloc(2 * size, sizeof *slots);
    if (slots == NULL)
        return -1;
    for (size_t j = 0; j <= index->mask; j++) {
        uint32_t *old = index->slots + 2 * j;
        if (old[0] == 0)
            continue;
        size_t i = old[1] & (size - 1);
        while (slots[2 * i] != 0)
            i = (i + 1) & (size - 1);
        slots[2 * i] = old[0];
        slots[2 * i + 1] = old[1];
    }
    PyMem_Free(index->slots);
    index->slots = slots;
    index->mask = size - 1;
    return 0;
}

/* An index of the names' positions (a repeated name keeps its first); 0, or -1 with an error set. */
static int index_names(Index *index, PyObject *names) {
    Py_ssize_t count = PyList_GET_SIZE(names);
    size_t size = 8;
    while (size < 2 * (size_t)count)
        size *= 2;
    if ((index->slots = PyMem_Calloc(2 * size, sizeof *index->slots)) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    index->mask = size - 1;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i);
        Py_hash_t h = PyObject_Hash(name);
        if (h == -1)
            return -1;
        uint32_t *slot = slot_of(index, name, h, names, NULL);
        if (slot[0] == 0) {
            slot[0] = (uint32_t)i + 1;
            slot[1] = (uint32_t)h;
            index->used++;
        }
    }
    return 0;
}

/* Where a parent mostly is, tried before the index: the name before and its enclosing modules (a module's calls
 * and modules in the order they start), or a name a few places off (msprobe's calls come before their module). */
#define ANCESTORS 4
#define NEARBY 8

/* The per-position arrays up, depth and holders grown from had to room positions (the new ones at the top,
 * holding nothing: -1); 0, or -1 with an error set. */
static int more_positions(int32_t **up, int32_t **depth, int32_t **holders, size_t had, size_t room) {
    int32_t **arrays[] = {up, depth, holders};
    for (int j = 0; j < 3; j++) {
        int32_t *grown = PyMem_Realloc(*arrays[j], room * sizeof *grown);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *arrays[j] = grown;
    }
    memset(*up + had, 0xff, (room - had) * sizeof **up);
    memset(*depth + had, 0xff, (room - had) * sizeof **depth);
    return 0;
}

PyDoc_STRVAR(nest_doc,
             "nest(names, parents, bound) -> (missing, drawn, holders, order, depths, anchor, anchors, deep, homes) | "
             "None: "
             "the nesting of names (exact str, each once: a dict's keys) whose enclosing modules are parents (exact "
             "str or None), by positions: missing, the modules named only as a parent (in the order first named; "
             "positions after the names'); drawn, per position 1 for a box (it holds nothing, or sits at bound or "
             "deeper), 0 for a group; int32 arrays (bytes): holders, the positions named as a parent in the order "
             "first named; order, the same each after its parent (msprobe_hierarchy._cut_loops' order); depths, per "
             "position a holder's depth (0 at the top; -1 for the others); past bound, anchor (per position, a holder "
             "at bound or deeper -> the position of its ancestor at bound - 1, else -1), anchors (per box, the module "
             "whose group it sits in, None at the top) and deep (how many boxes sit at bound or deeper (a holder) or "
             "deeper than bound (the others)); else anchor and anchors are None and deep 0; homes (int32, per box: "
             "the position of the module whose group it sits in, -1 at the top). None when the parents loop or a "
             "name or parent is no exact str: the Python walk then takes the nesting.");

static PyObject *py_nest(PyObject *self, PyObject *args) {
    PyObject *names, *parents, *missing = NULL, *result = NULL, *anchors = NULL;
    Py_ssize_t bound;
    if (!PyArg_ParseTuple(args, "O!O!n", &PyList_Type, &names, &PyList_Type, &parents, &bound))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names), total = count, held = 0, ordered = 0, deepest = -1, deep = 0;
    if (PyList_GET_SIZE(parents) != count) {
        PyErr_SetString(PyExc_ValueError, "names and parents differ in length");
        return NULL;
    }
    if (bound < 1) {
        PyErr_SetString(PyExc_ValueError, "bound must be at least 1");
        return NULL;
    }
    if (count > INT32_MAX / 2 - 1)
        Py_RETURN_NONE;
    Index index = {NULL, 0, 0};     /* made when a parent is not found near the name before */
    /* per position (the names', then the modules named only as a parent): up, its parent's (-1: at the top, or not
     * known yet: a name further on); depth (-1: holds nothing); holders (grown with the positions); then order,
     * path and homes */
    size_t room = (size_t)count + 1;
    int32_t *up = NULL, *depth = NULL, *holders = NULL, *order = NULL, *path = NULL, *homes = NULL;
    Py_ssize_t boxes = 0;
    missing = PyList_New(0);
    if (missing == NULL || more_positions(&up, &depth, &holders, 0, room) < 0)
        goto done;
    int simple = 1;
    for (Py_ssize_t i = 0; simple && i < count; i++)
        simple = exact_str(PyList_GET_ITEM(names, i));
    PyObject *run = NULL;       /* the last parent named, and its position */
    int32_t run_at = -1;
    for (Py_ssize_t i = 0; simple && i < count; i++) {      /* each parent's position; the holders, first named first */
        PyObject *parent = PyList_GET_ITEM(parents, i);
        int32_t at = -1;
        if (parent == Py_None) {
            up[i] = -1;
            continue;
        }
        if (parent == run) {
            at = run_at;
        } else if (!exact_str(parent)) {
            simple = 0;
            break;
        } else if (run != NULL && same_str(parent, run)) {      /* without hashing the parent: the last parent, */
            at = run_at;
        } else {        /* the name before or one of its enclosing modules, or a name a few places off */
            int32_t near = (int32_t)i - 1;
            for (int step = 0; at < 0 && near >= 0 && step < ANCESTORS; step++, near = up[near])
                if (near != run_at && same_str(parent, near < count ? PyList_GET_ITEM(names, near)
                                                                    : PyList_GET_ITEM(missing, near - count)))
                    at = near;
            for (Py_ssize_t off = 1; at < 0 && off <= NEARBY; off++) {
                if (i + off < count && same_str(parent, PyList_GET_ITEM(names, i + off)))
                    at = (int32_t)(i + off);
                else if (i - 1 - off >= 0 && same_str(parent, PyList_GET_ITEM(names, i - 1 - off)))
                    at = (int32_t)(i - 1 - off);
            }
        }
        if (at < 0) {       /* else its hash (cached for a key, not for construct.json's values) in the index */
            Py_hash_t h = PyObject_Hash(parent);
            if (h == -1 || (index.slots == NULL && index_names(&index, names) < 0))
                goto done;
            uint32_t *slot = slot_of(&index, parent, h, names, missing);
            if (slot[0] != 0) {
                at = (int32_t)slot[0] - 1;
            } else {        /* named only as a parent: a module after the names, at the top */
                if (PyList_Append(missing, parent) < 0)
                    goto done;
                if ((size_t)total == room) {
                    if (more_positions(&up, &depth, &holders, room, 2 * room) < 0)
                        goto done;
                    room *= 2;
                }
                at = (int32_t)total;
                slot[0] = (uint32_t)total + 1;
                slot[1] = (uint32_t)h;
                up[total++] = -1;
                if (2 * ++index.used > index.mask && grow(&index) < 0) {
                    PyErr_NoMemory();
                    goto done;
                }
            }
        }
        run = parent;
        run_at = at;
        up[i] = at;
        if (depth[at] == -1) {
            depth[at] = -2;     /* -2: a holder, its depth not known yet */
            holders[held++] = at;
        }
    }
    PyMem_Free(index.slots);
    index.slots = NULL;
    order = PyMem_Malloc((held + 1) * sizeof *order);
    path = PyMem_Malloc((total + 1) * sizeof *path);
    homes = PyMem_Malloc((total + 1) * sizeof *homes);
    if (simple && (order == NULL || path == NULL || homes == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    /* each holder's depth, walking up from each in the order first named (a module after its parent) */
    for (Py_ssize_t k = 0; simple && k < held; k++) {
        int32_t start = holders[k], node = start, parent, base;
        if (depth[start] >= 0)
            continue;
        Py_ssize_t length = 0;
        path[length++] = start;
        depth[start] = -3;      /* -3: on the path walked */
        for (;;) {
            parent = up[node];
            if (parent < 0 || depth[parent] >= 0) {
                base = parent < 0 ? -1 : depth[parent];
                break;
            }
            if (depth[parent] == -3) {      /* a loop: the Python walk cuts it and says so */
                simple = 0;
                break;
            }
            depth[parent] = -3;
            path[length++] = node = parent;
        }
        while (simple && length > 0) {
            int32_t module = path[--length];
            depth[module] = ++base;
            order[ordered++] = module;
            deepest = base > deepest ? base : deepest;
        }
    }
    if (!simple) {
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
    PyObject *drawn = PyBytes_FromStringAndSize(NULL, total), *anchor = NULL;
    if (drawn == NULL)
        goto done;
    char *box = PyBytes_AS_STRING(drawn);
    if (deepest < bound) {
        for (Py_ssize_t i = 0; i < total; i++) {
            box[i] = depth[i] < 0;
            if (box[i])
                homes[boxes++] = up[i];
        }
        anchor = Py_None;
        Py_INCREF(anchor);
        anchors = Py_None;
        Py_INCREF(anchors);
    } else {        /* past the bound: path[p], a holder's ancestor at bound - 1 (each after its parent), or -1 */
        for (Py_ssize_t k = 0; k < held; k++) {
            int32_t module = order[k];
            path[module] = depth[module] < bound ? -1 : depth[module] == bound ? up[module] : path[up[module]];
        }
        anchors = PyList_New(0);
        for (Py_ssize_t i = 0; anchors != NULL && i < total; i++) {
            int holds = depth[i] >= 0;
            int32_t parent = up[i];
            box[i] = !holds || depth[i] >= bound;
            if (!box[i])
                continue;
            Py_ssize_t d = holds ? depth[i] : parent < 0 ? 0 : depth[parent] + 1;     /* a box's depth */
            deep += d >= bound + !holds;
            int32_t home = parent < 0 ? -1 : path[parent] >= 0 ? path[parent] : parent;
            homes[boxes++] = home;
            PyObject *module = home < 0 ? Py_None : home < count ? PyList_GET_ITEM(names, home)
                                                                 : PyList_GET_ITEM(missing, home - count);
            if (PyList_Append(anchors, module) < 0)
                Py_CLEAR(anchors);
        }
        for (Py_ssize_t i = 0; i < total; i++)
            path[i] = depth[i] >= bound ? path[i] : -1;
        if (anchors != NULL)
            anchor = PyBytes_FromStringAndSize((const char *)path, total * (Py_ssize_t)sizeof *path);
    }
    if (anchor != NULL)
        result = Py_BuildValue("(OOy#y#y#OOny#)", missing, drawn, (const char *)holders,
                               held * (Py_ssize_t)sizeof *holders, (const char *)order,
                               ordered * (Py_ssize_t)sizeof *order, (const char *)depth,
                               total * (Py_ssize_t)sizeof *depth, anchor, anchors, deep, (const char *)homes,
                               boxes * (Py_ssize_t)sizeof *homes);
    Py_DECREF(drawn);
    Py_XDECREF(anchor);
done:
    PyMem_Free(index.slots);
    PyMem_Free(up);
    PyMem_Free(depth);
    PyMem_Free(holders);
    PyMem_Free(order);
    PyMem_Free(path);
    PyMem_Free(homes);
    Py_XDECREF(missing);
    Py_XDECREF(anchors);
    return result;
}

PyDoc_STRVAR(chain_at_doc, "chain_at(names, drawn, homes, widest) -> (sources, targets): chain(boxes, keys, widest) "
                           "of the boxes among names (drawn, bytes: 1 for a box) whose keys are positions in names: "
                           "homes, an int32 array (bytes) per box, its group's module as nest gives it (-1: the top).");

static PyObject *py_chain_at(PyObject *self, PyObject *args) {
    PyObject *names, *sources = NULL, *targets = NULL, *result = NULL;
    Py_buffer drawn, homes;
    Py_ssize_t widest;
    if (!PyArg_ParseTuple(args, "O!y*y*n", &PyList_Type, &names, &drawn, &homes, &widest))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(names), boxes = 0, slots = count + 1;      /* a key per position, the top */
    const char *box = drawn.buf;
    const int32_t *home = homes.buf;
    int32_t *last = NULL, *seen = NULL;     /* per key (its position + 1): its last box's position, its boxes */
    for (Py_ssize_t i = 0; i < drawn.len; i++)
        boxes += box[i] != 0;
    if (drawn.len != count || homes.len != boxes * (Py_ssize_t)sizeof *home || widest < 1 || count > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, widest < 1 ? "widest must be at least 1" : "names, drawn and homes differ "
                        "in length");
        goto done;
    }
    for (Py_ssize_t b = 0; b < boxes; b++) {
        if (home[b] < -1 || home[b] >= count) {
            PyErr_SetString(PyExc_ValueError, "homes: a position out of range");
            goto done;
        }
    }
    last = PyMem_Malloc(slots * sizeof *last);
    seen = PyMem_Calloc(slots, sizeof *seen);
    sources = PyList_New(0);
    targets = PyList_New(0);
    if (last == NULL || seen == NULL || sources == NULL || targets == NULL) {
        if (sources != NULL && targets != NULL)
            PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0, b = 0; i < count; i++) {
        if (!box[i])
            continue;
        Py_ssize_t key = (Py_ssize_t)home[b++] + 1;
        int32_t source = seen[key]++ % widest == 0 ? -1 : last[key];       /* -1: a chunk's first */
        last[key] = (int32_t)i;
        if (source >= 0 && (PyList_Append(sources, PyList_GET_ITEM(names, source)) < 0
                            || PyList_Append(targets, PyList_GET_ITEM(names, i)) < 0))
            goto done;
    }
    result = PyTuple_Pack(2, sources, targets);
done:
    PyBuffer_Release(&drawn);
    PyBuffer_Release(&homes);
    PyMem_Free(last);
    PyMem_Free(seen);
    Py_XDECREF(sources);
    Py_XDECREF(targets);
    return result;
}

static PyMethodDef methods[] = {
    {"types", py_types, METH_VARARGS, types_doc},
    {"backward", py_backward, METH_VARARGS, backward_doc},
    {"chain", py_chain, METH_VARARGS, chain_doc},
    {"enclosing", py_enclosing, METH_O, enclosing_doc},
    {"enclose", py_enclose, METH_VARARGS, enclose_doc},
    {"split", py_split, METH_VARARGS, split_doc},
    {"flatten", py_flatten, METH_VARARGS, flatten_doc},
    {"nodes", py_nodes, METH_VARARGS, nodes_doc},
    {"edges", py_edges, METH_O, edges_doc},
    {"nodes_text", py_nodes_text, METH_VARARGS, nodes_text_doc},
    {"edges_text", py_edges_text, METH_VARARGS, edges_text_doc},
    {"kinds", py_kinds, METH_VARARGS, kinds_doc},
    {"nest", py_nest, METH_VARARGS, nest_doc},
    {"chain_at", py_chain_at, METH_VARARGS, chain_at_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The msprobe graph's per-name work in C (core/graph/kernel.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject **keys[] = {&k_id, &k_name, &k_kind, &k_type, &k_parent, &k_direction, &k_status, &k_from, &k_to,
                         &k_data, &v_module, &v_api};
    const char *texts[] = {"id", "name", "kind", "type", "parent", "direction", "status", "from", "to", "data",
                           "module", "api"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (*keys[i] == NULL && (*keys[i] = PyUnicode_InternFromString(texts[i])) == NULL)
            return NULL;
    return PyModule_Create(&module);
}
