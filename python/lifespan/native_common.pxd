# Cython declarations of the core's shared parts (docs/embedding.md §3): the SplitMix64
# generator every state and policy draws from, and the seed derivation of lifespan.playouts.
# Declarations only: cimporting this needs no runtime module.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "lifespan/common/rng.hpp" namespace "lifespan" nogil:
    cdef cppclass SplitMix64:
        SplitMix64()
        uint64_t state
        uint64_t next()
        uint32_t below(uint32_t bound)
    uint64_t derive_seed(uint64_t seed, uint64_t index)
