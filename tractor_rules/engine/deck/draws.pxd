# Static types for the compiled engine: Cython reads this file beside draws.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.
# Only the draws whose numbers come from a length (below any machine integer's limit).
cimport cython

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, r=Py_ssize_t)
cpdef object choice(object rng, object seq)

@cython.locals(i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, k=Py_ssize_t)
cpdef object shuffle(object rng, object x)
