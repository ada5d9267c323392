# Static types for the compiled engine: Cython reads this file beside oracle.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.

# a hand's Context an extension type: its questions read its fields and caches as C struct members
cdef class Context:
    cdef public object rules
    cdef public object level
    cdef public object trump
    cdef public object order
    cdef public object _pack
    cdef public frozenset _faces
    cdef public dict _leads
    cdef public tuple _last_lead
    cdef public set _known_hands
    cdef public tuple _suit_faces
