# Static types for the compiled engine: Cython reads this file beside order.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.
cimport cython

cdef Py_ssize_t _NODE_BITS

# the runs of a tractor looked for along a suit's lines, in machine integers
@cython.locals(spot=Py_ssize_t, li=Py_ssize_t, pos=Py_ssize_t, line=Py_ssize_t, start=Py_ssize_t,
               last=Py_ssize_t, best_line=Py_ssize_t, best_start=Py_ssize_t, best_length=Py_ssize_t)
cpdef object _longest_run(tuple place, object faces)
