# Static types for the compiled engine: Cython reads this file beside views.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.

# PlayerView an extension type: its shortcuts to the public state read its fields as C struct
# members; a view is made for every decision of every player
cdef class PlayerView:
    cdef public object seat
    cdef public tuple hand
    cdef public object public
    cdef public object kitty
    cdef public object by_suit
    cdef public object suggested
