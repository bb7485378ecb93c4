// The Stand-alone Jobs promo (The Pursuit of Happiness: KS Promos rulebook §4;
// docs/pursuit_of_happiness.md, Stand-alone Jobs): a Stand-alone Job is hired with its Work
// Harder times chosen, and at each Upkeep its holder may work harder, paying the printed Work
// Harder upkeep that many times on top for its reward. Its hiring is planned with the other take
// actions (Game::plan_take, plan_take.hpp); its upkeep is Game::job_upkeep. Rule parameters:
// none of its own; a Child Trait's upkeep relief comes off the card's own upkeep, not off working
// harder (Game::upkeep_cost).
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// A Job's printed upkeep, with its Work Harder upkeep `harder` times on top (only a Stand-alone
// Job works harder: 0 for any other).
std::pair<Effect, Effect> Game::job_upkeep(const JobFace& face, int harder) {
  return {face.upkeep_cost.plus(face.harder_upkeep_cost, harder), face.upkeep_reward.plus(face.harder_upkeep_reward, harder)};
}

// Paying a due Stand-alone Job's upkeep working harder `times` times.
bool Game::upkeep_harder_legal(const State& s, int times) const {
  const PlayerState& p = s.players[s.current];
  const int slot = p.job_slot;
  if (slot < 0) return false;
  const InPlay& job = p.cards[slot];
  return (job.flags & kUpkeepDue) && job_face(job).standalone && can_pay(s, s.current, upkeep_cost(p, job, times), false);
}

}  // namespace lifespan::pursuit_of_happiness
