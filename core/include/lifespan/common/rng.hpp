#pragma once
// SplitMix64: the one source of chance in every game. Eight bytes of state that live inside the
// game state, so a copied state replays the same future and a serialised state resumes exactly.
// The algorithm is spelled out in docs/ so that other implementations (tests/…/reference.py)
// can reproduce a game from its seed.
#include <cstdint>

namespace lifespan {

// A GCC/Clang extension (hence the keyword, which keeps -Wpedantic quiet): the high half of a
// 64 x 32-bit product in one multiply.
__extension__ typedef unsigned __int128 Uint128;

struct SplitMix64 {
  std::uint64_t state = 0;

  constexpr std::uint64_t next() {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) by Lemire's multiply-shift: no division on the hot path, a bias
  // (bound / 2^64) far below anything a game could notice, and a one-liner to reimplement.
  constexpr std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>((static_cast<Uint128>(next()) * bound) >> 64);
  }
  bool operator==(const SplitMix64&) const = default;
};

// Derives independent seeds for game number `index` of a batch from one user seed.
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
  SplitMix64 mixer{seed ^ (index * 0xD1B54A32D192ED03ULL)};
  mixer.next();
  return mixer.next();
}

template <class Container, class Rng>
constexpr void shuffle(Container& items, Rng& rng) {
  for (std::uint32_t i = static_cast<std::uint32_t>(items.size()); i > 1; --i) {
    std::uint32_t j = rng.below(i);
    auto tmp = items[i - 1];
    items[i - 1] = items[j];
    items[j] = tmp;
  }
}

}  // namespace lifespan
