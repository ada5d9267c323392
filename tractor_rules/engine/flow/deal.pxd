# Static types for the compiled engine: Cython reads this file beside deal.py when it compiles the
# module (hatch_build.py), and types what it declares; the Python source is unchanged, and runs as
# it is wherever the engine is not compiled.

# the declarations offered an extension type, whose check of each show is a C call: most cards
# dealt in a game of several decks are asked about
cdef class DeclarationOffers:
    cdef public object rules
    cdef public object players
    cdef public object table
    cdef public object tables
    cdef public object levels
    cdef public bint either
    cdef public bint overturn
    cdef public object asks
    cdef public bint side
    cdef public object level
    cdef public bint round_ladder
    cpdef bint _may_show(self, object seat, object show, object standing, object own)
