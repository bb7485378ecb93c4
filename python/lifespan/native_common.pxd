# Cython declarations of the core's shared parts (docs/embedding.md §3): the SplitMix64
# generator every state and policy draws from, the seed derivation of lifespan.playouts, and
# the capsule check behind each game's game_of and state_of. Declarations and inline
# functions only: cimporting this needs no runtime module.
from libc.stdint cimport uint32_t, uint64_t
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid

cdef extern from "lifespan/common/rng.hpp" namespace "lifespan" nogil:
    cdef cppclass SplitMix64:
        SplitMix64()
        uint64_t state
        uint64_t next()
        uint32_t below(uint32_t bound)
    uint64_t derive_seed(uint64_t seed, uint64_t index)


# The pointer in `owner.native_capsule()`, a capsule named `name`; `what` names the object
# expected in the errors. Something without native_capsule is a TypeError; another game's Game
# or State, or a State where a Game belongs, a ValueError: its capsule has another name.
cdef inline void* native_pointer(object owner, const char* name, str what) except NULL:
    native_capsule = getattr(owner, "native_capsule", None)
    if native_capsule is None:
        raise TypeError(f"{what} expected, got {type(owner).__name__}")
    capsule = native_capsule()
    if not PyCapsule_IsValid(capsule, name):
        raise ValueError(f"{what} expected, got a {type(owner).__name__}")
    return PyCapsule_GetPointer(capsule, name)
