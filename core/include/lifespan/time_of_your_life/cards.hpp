#pragma once
// A Life card as the engine uses it: small integers only. Names and texts live beside the table
// in the Game (they are for people, not for the hot path).
#include <array>
#include <cstdint>
#include <string>

#include "lifespan/time_of_your_life/constants.hpp"

namespace lifespan::time_of_your_life {

enum class ObjectiveKind : std::uint8_t {
  kFlat,
  kPerTrait,
  kDirectional,
  kNeighbours,
  kSets,
  kMajority,
  kYoungest,
  kOldest,
  kAgeBand,
  kTokens,
};
inline constexpr int kNumObjectiveKinds = 10;
// Names used in card files, in enum order.
inline constexpr const char* kObjectiveKindNames[kNumObjectiveKinds] = {
    "flat", "per_trait", "directional", "neighbours", "sets",
    "majority", "youngest", "oldest", "age_band", "tokens"};

inline constexpr std::int8_t kAnyTrait = -1;

struct Objective {
  ObjectiveKind kind = ObjectiveKind::kFlat;
  std::int8_t points = 0;
  std::int8_t trait = kAnyTrait;   // per_trait, directional, neighbours, majority
  bool toward_left = false;        // directional: the printed arrow points left
  std::uint8_t size = 0;           // sets: different traits per group (1–5)
  std::uint8_t min_age = 0;        // age_band
  std::uint8_t max_age = 0;        // age_band
  std::uint8_t emotion = 0;        // tokens: 0 happiness, 1 inspiration
  bool operator==(const Objective&) const = default;

  // The fields by their names in a game definition's card record (docs/embedding.md §2).
  template <class Visitor>
  void visit(Visitor& v) {
    v("kind_index", kind);
    v("points", points);
    v("trait_index", trait);
    v("toward_left", toward_left);
    v("size", size);
    v("min", min_age);
    v("max", max_age);
    v("emotion_index", emotion);
  }
};

// One card as written in the card file.
struct CardSpec {
  int number = 0;
  int age = 0;
  std::string name;
  std::array<std::uint8_t, kNumTraits> traits{};            // printed traits, with multiplicity
  std::array<std::uint8_t, kNumEmotions> left_icons{};      // icons per emotion, left edge
  std::array<std::uint8_t, kNumEmotions> right_icons{};     // icons per emotion, right edge
  Objective objective;
  bool operator==(const CardSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("number", number);
    v("age", age);
    v("name", name);
    v("trait_counts", traits);
    v("left_counts", left_icons);
    v("right_counts", right_icons);
    v("objective", objective);
  }
};

}  // namespace lifespan::time_of_your_life
