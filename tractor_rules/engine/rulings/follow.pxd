# Static types for the compiled engine: Cython reads this file beside follow.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.
cimport cython

# extension types: their methods read their own fields as C struct members; a follow context is
# made for every trick, a matcher for most demands
cdef class FollowContext:
    cdef public object order
    cdef public object lead
    cdef public object suit
    cdef public object units
    cdef public object duty
    cdef public object rainbow
    cdef public object rain
    cdef public object rain_throw
    cdef public dict demands
    cdef public object last_held
    cdef public object free_bombs
    cdef public object tractors_kept

cdef class _Matcher:
    cdef public object pool
    cdef public object protect
    cdef public Py_ssize_t limit
    cdef public list found
    cdef public Py_ssize_t used

# the spare cards of a random follow put in order: a count of copies in a byte array
@cython.locals(copies=bytearray, code=Py_ssize_t, card=object, n=Py_ssize_t, placed=list)
cpdef _sort_by_first_place(list cards, object among)
