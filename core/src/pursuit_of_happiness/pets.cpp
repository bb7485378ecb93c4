// The Pets promo (The Pursuit of Happiness: KS Promos rulebook §3; docs/pursuit_of_happiness.md,
// Pets): a Pet is an Item bought at level 1 with Spend and fed at each Upkeep, when it grows one
// level; its upkeep is its next level's cost and reward (Game::pet_upkeep).
// Rule parameter: `unfed_pet` (discard or stays: what a Pet not fed at Upkeep does, confidence
// low).
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// A Pet below its last level: fed at Upkeep, it grows one level.
bool Game::pet_grows(const InPlay& c) const {
  return c.kind == kItemCard && cards_.items[c.id].pet && c.level < cards_.items[c.id].num_levels;
}

// A growing Pet's upkeep: its next level's cost and reward.
std::pair<Effect, Effect> Game::pet_upkeep(const InPlay& c) const {
  const Level& next = cards_.items[c.id].levels[c.level];
  return {next.cost, next.reward};
}

// A Pet not fed at Upkeep: with unfed_pet = "stays" it stays at its level; otherwise it is
// discarded like any card whose upkeep is given up (a Pet at its last level asks no upkeep).
bool Game::unfed_pet_stays(const InPlay& c) const {
  return pet_grows(c) && rules_.unfed_pet == UnfedPet::kStays;
}

}  // namespace lifespan::pursuit_of_happiness
