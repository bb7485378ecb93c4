// A clock reference for the benchmarks: this shared machine's core runs at different speeds
// from day to day, so time per move is also reported in cycles, read off a chain of dependent
// 64-bit multiplies (3 cycles each on the x86-64 cores of AMD Zen and Intel Core).
#include <cstdint>

#include "registrars.hpp"

namespace lifespan::bindings {

void register_timing(py::module_& m) {
  m.def(
      "_multiply_chain",
      [](std::int64_t count) {
        std::uint64_t x = static_cast<std::uint64_t>(count) | 1;
        for (std::int64_t i = 0; i < count; ++i) {
          x *= 0x9E3779B97F4A7C15ULL;
          __asm__ __volatile__("" : "+r"(x));  // each multiply waits for the one before
        }
        return x;
      },
      py::arg("count"), "count dependent multiplies (3 cycles each): seconds / (3 count) is a cycle");
}

}  // namespace lifespan::bindings
