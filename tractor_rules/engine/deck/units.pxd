# Static types for the compiled engine: Cython reads this file beside units.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.
cimport cython

# the faces of a decomposition put in order of strength, in machine integers
@cython.locals(out=list, i=Py_ssize_t, j=Py_ssize_t, code=Py_ssize_t, own=Py_ssize_t, other=Py_ssize_t,
               face=object)
cpdef list _strongest_first(tuple strength, object faces)

# a decomposition's sets gathered by width: lists indexed by machine integers
@cython.locals(made=tuple, by_width=list, code=Py_ssize_t, width=Py_ssize_t, of_width=list, units=list,
               out=list)
cpdef list _sets_largest_first(object order, object chunks, object suit)

# a suit's faces split into sets and gathered by width in typed containers
@cython.locals(chunks=dict, wide=dict, count=Py_ssize_t, parts=list, faces=set, out=list, taken=list)
cpdef list _identical(object order, object pool)

# the face a tractor takes at a node: the strongest held, found in machine integers
@cython.locals(best=object, top=Py_ssize_t, own=Py_ssize_t, code=Py_ssize_t, face=object)
cpdef object _strongest_of(object node, object faces, tuple strength)
