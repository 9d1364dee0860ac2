/* The folder scanner's listing in C (core/scan/walk.py loads it; core/scan/scanner.py has the pure-Python path
 * that gives the same results).
 *
 * list_folder(path) opens one folder, reads its entries and makes one lstat (fstatat, AT_SYMLINK_NOFOLLOW) per
 * entry with the GIL released, then returns the entries in Python str order, named as os.listdir names them
 * (the filesystem encoding with surrogateescape). Regular files also get the fields of the usual 5-field op
 * dump name, parsed by the rules of naming.split_common_form, for plain ASCII names only: any other name gets
 * None and the Python function decides. Buffers grow with what the folder holds (checked for overflow); a
 * failed allocation is a MemoryError, a folder that cannot be opened or read an OSError naming it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define MAX_DIGITS 18          /* longer digit runs are left to Python's int() */

typedef struct {
    size_t off, len;           /* the name: offset and length in the name buffer */
    const char *name;          /* set once the buffer no longer moves */
    long long size;
    int kind, err;             /* st_mode & S_IFMT (0 when the lstat failed with errno err) */
    PyObject *str;             /* the decoded name (built with the GIL) */
} Entry;

typedef struct {
    Entry *items;
    Entry **order;             /* the entries in name order */
    size_t n, cap;
    char *names;
    size_t used, room;
    int non_ascii;             /* some name has a byte >= 0x80: sorted again by the decoded names */
} Listing;

static void listing_free(Listing *L) {
    if (L->items) {
        for (size_t i = 0; i < L->n; i++) Py_XDECREF(L->items[i].str);
    }
    free(L->items);
    free(L->order);
    free(L->names);
}

/* Grow *buf (holding *cap elements of `size` bytes) to at least `need` elements; 0 or ENOMEM. */
static int grow(void **buf, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t want = *cap ? *cap : 256;
    while (want < need) {
        if (want > SIZE_MAX / 2) return ENOMEM;
        want *= 2;
    }
    if (want > SIZE_MAX / size) return ENOMEM;
    void *p = realloc(*buf, want * size);
    if (!p) return ENOMEM;
    *buf = p;
    *cap = want;
    return 0;
}

static int by_bytes(const void *a, const void *b) {
    return strcmp((*(Entry *const *)a)->name, (*(Entry *const *)b)->name);
}

static int by_str(const void *a, const void *b) {   /* code point order, as Python compares str */
    return PyUnicode_Compare((*(Entry *const *)a)->str, (*(Entry *const *)b)->str);
}

static int has_high_byte(const char *s, size_t n) {
    unsigned char any = 0;
    for (size_t i = 0; i < n; i++) any |= (unsigned char)s[i];
    return any >= 0x80;
}

/* Read the folder (no Python calls: runs without the GIL). 0, or the errno of the failure. */
static int read_folder(const char *path, Listing *L) {
    int fd;
    do {
        fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return errno;
    DIR *dir = fdopendir(fd);
    if (!dir) {
        int e = errno;
        close(fd);
        return e;
    }
    int failed = 0;
    for (;;) {
        errno = 0;
        struct dirent *d = readdir(dir);
        if (!d) {
            failed = errno;
            break;
        }
        const char *name = d->d_name;
        if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
        size_t len = strlen(name);
        if (L->n == SIZE_MAX || len > SIZE_MAX - 1 - L->used
            || grow((void **)&L->items, &L->cap, L->n + 1, sizeof(Entry))
            || grow((void **)&L->names, &L->room, L->used + len + 1, 1)) {
            failed = ENOMEM;
            break;
        }
        Entry *e = &L->items[L->n++];
        memset(e, 0, sizeof *e);
        e->off = L->used;
        e->len = len;
        memcpy(L->names + L->used, name, len + 1);
        L->used += len + 1;
        L->non_ascii |= has_high_byte(name, len);
        struct stat st;
        if (fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            e->err = errno;
        } else {
            e->kind = (int)(st.st_mode & S_IFMT);
            e->size = (long long)st.st_size;
        }
    }
    closedir(dir);
    if (!failed && L->n) {
        L->order = malloc(L->n * sizeof(Entry *));   /* n * sizeof(Entry) did not overflow */
        if (!L->order) return ENOMEM;
        for (size_t i = 0; i < L->n; i++) {
            L->items[i].name = L->names + L->items[i].off;
            L->order[i] = &L->items[i];
        }
        qsort(L->order, L->n, sizeof(Entry *), by_bytes);
    }
    return failed;
}

static int digits(const char *s, size_t n) {
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
    }
    return 1;
}

static long long to_int(const char *s, size_t n) {
    long long v = 0;
    for (size_t i = 0; i < n; i++) v = v * 10 + (s[i] - '0');
    return v;
}

static int contains(const char *s, size_t n, const char *needle) {   /* needle[0] == '_' */
    size_t k = strlen(needle);
    const char *end = s + n, *p = s;
    while ((p = memchr(p, '_', (size_t)(end - p))) != NULL) {
        if ((size_t)(end - p) < k) return 0;
        if (memcmp(p, needle, k) == 0) return 1;
        p++;
    }
    return 0;
}

/* A new tuple of str, int and None (or NULL) left out of the garbage collector's passes: it can be in no reference
 * cycle, and the collector's first pass over it would only find that out (as CPython does for such tuples) while
 * holding the GIL, 200,000 of them at a time in a scan that lists folders ahead. */
static PyObject *untracked(PyObject *tuple) {
    if (tuple) PyObject_GC_UnTrack(tuple);
    return tuple;
}

/* naming.split_common_form on an ASCII str: the 5-tuple, or None when that function returns None or the
 * name is one this parse leaves to it (not ASCII, digit runs longer than MAX_DIGITS). NULL on error. */
static PyObject *common_form(PyObject *str) {
    if (!PyUnicode_IS_ASCII(str)) Py_RETURN_NONE;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(str);
    size_t n = (size_t)PyUnicode_GET_LENGTH(str), dot[4], k = 0;
    for (const char *p = s, *end = s + n; (p = memchr(p, '.', (size_t)(end - p))) != NULL; p++) {
        if (k == 4) Py_RETURN_NONE;
        dot[k++] = (size_t)(p - s);
    }
    if (k != 4) Py_RETURN_NONE;
    size_t start[5] = {0, dot[0] + 1, dot[1] + 1, dot[2] + 1, dot[3] + 1};
    size_t len[5] = {dot[0], dot[1] - start[1], dot[2] - start[2], dot[3] - start[3], n - start[4]};
    if (len[0] == 0 || len[1] == 0) Py_RETURN_NONE;
    for (int f = 2; f < 5; f++) {
        if (!digits(s + start[f], len[f]) || len[f] > MAX_DIGITS) Py_RETURN_NONE;
    }
    if (contains(s, len[0], "_L") || contains(s + start[1], len[1], "_lxslice")
        || (len[0] >= 14 && memcmp(s, "exception_info", 14) == 0)) {
        Py_RETURN_NONE;
    }
    PyObject *op_type = PyUnicode_Substring(str, 0, (Py_ssize_t)len[0]);
    PyObject *op_name = PyUnicode_Substring(str, (Py_ssize_t)start[1], (Py_ssize_t)dot[1]);
    PyObject *task = PyLong_FromLongLong(to_int(s + start[2], len[2]));
    PyObject *stream = PyLong_FromLongLong(to_int(s + start[3], len[3]));
    PyObject *ts = PyLong_FromLongLong(to_int(s + start[4], len[4]));
    PyObject *out = NULL;
    if (op_type && op_name && task && stream && ts) {
        out = untracked(PyTuple_Pack(5, op_type, op_name, task, stream, ts));
    }
    Py_XDECREF(op_type);
    Py_XDECREF(op_name);
    Py_XDECREF(task);
    Py_XDECREF(stream);
    Py_XDECREF(ts);
    return out;
}

/* (str, value), untracked: the name shared, the value (an int) taken. NULL on error. */
static PyObject *pair(PyObject *str, PyObject *value) {
    if (!value) return NULL;
    PyObject *t = PyTuple_New(2);
    if (!t) {
        Py_DECREF(value);
        return NULL;
    }
    Py_INCREF(str);
    PyTuple_SET_ITEM(t, 0, str);
    PyTuple_SET_ITEM(t, 1, value);
    return untracked(t);
}

/* The three lists of list_folder from a read listing (GIL held). NULL on error. */
static PyObject *build(Listing *L) {
    for (size_t i = 0; i < L->n; i++) {
        Entry *e = &L->items[i];
        e->str = PyUnicode_DecodeFSDefaultAndSize(e->name, (Py_ssize_t)e->len);
        if (!e->str) return NULL;
    }
    if (L->non_ascii) qsort(L->order, L->n, sizeof(Entry *), by_str);
    size_t n_files = 0;
    for (size_t i = 0; i < L->n; i++) n_files += L->items[i].kind == S_IFREG;
    PyObject *files = PyList_New((Py_ssize_t)n_files);
    PyObject *common = PyList_New((Py_ssize_t)n_files);
    PyObject *rest = PyList_New((Py_ssize_t)(L->n - n_files));
    PyObject *out = NULL;
    if (!files || !common || !rest) goto done;
    Py_ssize_t f = 0, r = 0;
    for (size_t i = 0; i < L->n; i++) {
        Entry *e = L->order[i];
        PyObject *item;
        if (e->kind == S_IFREG) {
            PyObject *parsed = common_form(e->str);
            if (!parsed) goto done;
            PyList_SET_ITEM(common, f, parsed);
            item = pair(e->str, PyLong_FromLongLong(e->size));
            if (!item) goto done;
            PyList_SET_ITEM(files, f++, item);
        } else {
            item = untracked(Py_BuildValue("(OiiL)", e->str, e->kind, e->err, e->size));
            if (!item) goto done;
            PyList_SET_ITEM(rest, r++, item);
        }
    }
    out = PyTuple_Pack(3, files, common, rest);
done:
    Py_XDECREF(files);
    Py_XDECREF(common);
    Py_XDECREF(rest);
    return out;
}

PyDoc_STRVAR(list_folder_doc,
"list_folder(path) -> (files, common, rest)\n\n"
"The entries of one folder in name order (one lstat each, the GIL released): files = [(name, size)] of its\n"
"regular files; common = for each file naming.split_common_form's 5-tuple, or None where Python decides;\n"
"rest = [(name, kind, errno, size)] of the other entries: kind = st_mode & S_IFMT and size = st_size, or 0\n"
"and 0 when the lstat failed with errno. OSError if the folder cannot be opened or read.");

static PyObject *py_list_folder(PyObject *self, PyObject *arg) {
    (void)self;
    PyObject *path = NULL;
    if (!PyUnicode_FSConverter(arg, &path)) return NULL;
    Listing L = {0};
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = read_folder(PyBytes_AS_STRING(path), &L);
    Py_END_ALLOW_THREADS
    PyObject *out = NULL;
    if (failed == ENOMEM) {
        PyErr_NoMemory();
    } else if (failed) {
        errno = failed;
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
    } else {
        out = build(&L);
    }
    listing_free(&L);
    Py_DECREF(path);
    return out;
}

enum { N_FIELDS = 15, N_HEAD = 7 };   /* DumpRecord's fields; the folder's, between kind and op_type */

/* str, int or None: a value that refers to no other object */
static int atomic(PyObject *v) { return v == Py_None || PyUnicode_CheckExact(v) || PyLong_CheckExact(v); }

PyDoc_STRVAR(records_doc,
"records(cls, setters, files, common, prefix, head, overflow_type) -> (made, overflows, left)\n\n"
"The records of a folder's files whose names list_folder split (its common list): for file i with common[i]\n"
"not None, cls.__new__(cls) with its fields set by the 15 data descriptors in setters, in DumpRecord's order:\n"
"prefix + name, kind ('overflow' where the op type is overflow_type, else 'tensor'), the 7 values of head,\n"
"the 5 split fields, the size; a record whose fields are all str, int or None is left out of the garbage\n"
"collector's passes (it can be in no reference cycle). made[i] is that record or None (common[i] None: left to\n"
"Python); overflows counts the 'overflow' records and left lists the indices of the Nones.");

static PyObject *py_records(PyObject *self, PyObject *args) {
    (void)self;
    PyTypeObject *cls;
    PyObject *setters, *files, *common, *prefix, *head, *overflow_type;
    if (!PyArg_ParseTuple(args, "O!O!O!O!UO!U:records", &PyType_Type, &cls, &PyTuple_Type, &setters, &PyList_Type,
                          &files, &PyList_Type, &common, &prefix, &PyTuple_Type, &head, &overflow_type)) {
        return NULL;
    }
    if (PyTuple_GET_SIZE(setters) != N_FIELDS || PyTuple_GET_SIZE(head) != N_HEAD
        || PyList_GET_SIZE(files) != PyList_GET_SIZE(common) || cls->tp_new == NULL) {
        PyErr_SetString(PyExc_ValueError, "records: 15 setters, 7 head values, one common item per file and a "
                                          "class that makes instances");
        return NULL;
    }
    descrsetfunc set[N_FIELDS];
    for (int k = 0; k < N_FIELDS; k++) {
        set[k] = Py_TYPE(PyTuple_GET_ITEM(setters, k))->tp_descr_set;
        if (set[k] == NULL) {
            PyErr_SetString(PyExc_TypeError, "records: every setter must be a data descriptor");
            return NULL;
        }
    }
    PyObject *tensor = PyUnicode_InternFromString("tensor"), *overflow = PyUnicode_InternFromString("overflow");
    PyObject *empty = PyTuple_New(0);
    Py_ssize_t n = PyList_GET_SIZE(files), overflows = 0;
    PyObject *made = tensor && overflow && empty ? PyList_New(n) : NULL, *left = made ? PyList_New(0) : NULL;
    if (!left) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *file = PyList_GET_ITEM(files, i), *split = PyList_GET_ITEM(common, i);
        if (split == Py_None) {
            Py_INCREF(Py_None);
            PyList_SET_ITEM(made, i, Py_None);
            PyObject *at = PyLong_FromSsize_t(i);
            int failed = !at || PyList_Append(left, at) < 0;
            Py_XDECREF(at);
            if (failed) goto fail;
            continue;
        }
        if (!PyTuple_Check(file) || PyTuple_GET_SIZE(file) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(file, 0))
            || !PyTuple_Check(split) || PyTuple_GET_SIZE(split) != 5) {
            PyErr_SetString(PyExc_TypeError, "records: files holds (name, size) pairs and common 5-tuples or None");
            goto fail;
        }
        int is_overflow = PyUnicode_Compare(PyTuple_GET_ITEM(split, 0), overflow_type) == 0;
        if (PyErr_Occurred()) goto fail;
        PyObject *path = PyUnicode_Concat(prefix, PyTuple_GET_ITEM(file, 0));
        PyObject *record = path ? cls->tp_new(cls, empty, NULL) : NULL;
        if (!record) {
            Py_XDECREF(path);
            goto fail;
        }
        PyList_SET_ITEM(made, i, record);
        PyObject *value[N_FIELDS] = {path, is_overflow ? overflow : tensor};
        for (int k = 0; k < N_HEAD; k++) value[2 + k] = PyTuple_GET_ITEM(head, k);
        for (int k = 0; k < 5; k++) value[2 + N_HEAD + k] = PyTuple_GET_ITEM(split, k);
        value[N_FIELDS - 1] = PyTuple_GET_ITEM(file, 1);
        int failed = 0;
        for (int k = 0; k < N_FIELDS && !failed; k++) {
            failed = set[k](PyTuple_GET_ITEM(setters, k), record, value[k]) < 0;
        }
        Py_DECREF(path);
        if (failed) goto fail;
        int plain = PyType_IS_GC(cls);
        for (int k = 0; k < N_FIELDS && plain; k++) plain = atomic(value[k]);
        if (plain) PyObject_GC_UnTrack(record);     /* every field str, int or None: in no reference cycle */
        overflows += is_overflow;
    }
    Py_DECREF(empty);
    Py_DECREF(tensor);
    Py_DECREF(overflow);
    return Py_BuildValue("(NnN)", made, overflows, left);
fail:
    Py_XDECREF(made);
    Py_XDECREF(left);
    Py_XDECREF(empty);
    Py_XDECREF(tensor);
    Py_XDECREF(overflow);
    return NULL;
}

static PyMethodDef methods[] = {
    {"list_folder", py_list_folder, METH_O, list_folder_doc},
    {"records", py_records, METH_VARARGS, records_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_walk",
    "One folder's entries and their lstat in C, with the GIL released (see core/scan/walk.py).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__walk(void) { return PyModule_Create(&module); }
