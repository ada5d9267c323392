# Static types for the compiled engine: Cython reads this file beside pool.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.

# Pool an extension type: its methods read their own fields as C struct members; a pool is made for
# most follows and for every decomposition of a hand's suit
cdef class Pool:
    cdef public object order
    cdef public object suit
    cdef public dict counts
    cdef public Py_ssize_t size
