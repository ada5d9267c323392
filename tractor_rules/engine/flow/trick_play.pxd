# Static types for the compiled engine: Cython reads this file beside trick_play.py when it compiles
# the module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs
# as it is wherever the engine is not compiled.

# the tricks of a hand an extension type: the trick loop reads its fields as C struct members
cdef class _Tricks:
    cdef public object rules
    cdef public object players
    cdef public object hands
    cdef public object public
    cdef public object kitty
    cdef public object points
    cdef public object order
    cdef public object banker
    cdef public object watch
    cdef public object kitty_seen
    cdef public object by_suit
    cdef public object bid
    cdef public object positions
