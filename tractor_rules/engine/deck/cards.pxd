# Static types for the compiled engine: Cython reads this file beside cards.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.  Only functions whose every caller passes these types.
cimport cython

@cython.locals(counts=bytearray, code=Py_ssize_t, count=Py_ssize_t)
cpdef bint _in_pack(tuple cards, frozenset faces, bytearray copies, Py_ssize_t fewest)
