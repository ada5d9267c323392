# Static types for the compiled engine: Cython reads this file beside units.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.
cimport cython

# the faces of a decomposition put in order of strength, in machine integers
@cython.locals(out=list, i=Py_ssize_t, j=Py_ssize_t, code=Py_ssize_t, own=Py_ssize_t, other=Py_ssize_t,
               face=object)
cpdef list _strongest_first(tuple strength, object faces)
