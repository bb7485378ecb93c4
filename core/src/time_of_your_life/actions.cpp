// Legal actions and applying them (docs §10). A checked apply refuses before it changes
// anything, so a rejected action leaves the state exactly as it was.
#include <string>

#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {

void Game::inspiration_options(const State& s, int seat, ActionList& out) const {
  out.clear();
  const PlayerState& p = s.players[seat];
  if (p.inspiration_unplaced == 0 || p.trait_tokens.full()) return;
  const int last_code = p.trait_tokens.empty() ? 0 : p.trait_tokens.back();
  const int cap = rules_.max_trait_tokens_per_card;
  for (int slot = 0; slot < static_cast<int>(p.timeline.size()); ++slot) {
    if (cap > 0) {
      int on_card = 0;
      for (std::uint8_t code : p.trait_tokens) on_card += code / kNumTraits == slot;
      if (on_card >= cap) continue;
    }
    for (int trait = 0; trait < kNumTraits; ++trait) {
      const int code = slot * kNumTraits + trait;
      if (code < last_code) continue;
      if (rules_.limited_token_supply && s.trait_supply[trait] == 0) continue;
      out.push_back(static_cast<std::uint16_t>(kTraitBase + code));
    }
  }
}

void Game::legal_actions(const State& s, ActionList& out) const {
  out.clear();
  if (s.step == Step::kGameOver) return;
  const PlayerState& p = s.players[s.current];
  switch (s.step) {
    case Step::kChoose:
      for (std::uint8_t card : p.hand) out.push_back(static_cast<std::uint16_t>(kPlayBase + card));
      return;
    case Step::kSwap:
      for (std::uint8_t card : p.hand)
        out.push_back(static_cast<std::uint16_t>(kDiscardBase + card));
      return;
    case Step::kMidpoint: {
      // A second discard must have a higher number than the first (docs §3).
      const int above = s.midpoint_discard;
      for (std::uint8_t card : p.hand)
        if (card > above) out.push_back(static_cast<std::uint16_t>(kDiscardBase + card));
      out.push_back(kKeepAction);
      return;
    }
    case Step::kInspiration:
      inspiration_options(s, s.current, out);
      return;
    case Step::kGameOver:
      return;
  }
}

bool Game::is_legal(const State& s, int action) const {
  ActionList legal;
  legal_actions(s, legal);
  for (std::uint16_t a : legal)
    if (a == action) return true;
  return false;
}

void Game::apply(State& s, int action) const {
  if (action < 0 || action >= kNumDistinctActions)
    throw IllegalAction("action " + std::to_string(action) + " is out of range: ids run from 0 to " +
                        std::to_string(kNumDistinctActions - 1));
  if (s.step == Step::kGameOver)
    throw IllegalAction("the game is over: no action is legal, and '" +
                        action_to_string(s, action) + "' cannot be applied");
  if (!is_legal(s, action)) {
    ActionList legal;
    legal_actions(s, legal);
    std::string names;
    for (std::uint16_t a : legal) names += (names.empty() ? "" : ", ") + std::to_string(a);
    throw IllegalAction("action " + std::to_string(action) + " ('" + action_to_string(s, action) +
                        "') is not legal now: round " + std::to_string(s.round) + ", step " +
                        kStepNames[static_cast<int>(s.step)] + ", seat " +
                        std::to_string(s.current) + " to move; legal: " + names);
  }
  apply_unchecked(s, action);
}

void Game::apply_unchecked(State& s, int action) const {
  PlayerState& p = s.players[s.current];
  switch (s.step) {
    case Step::kChoose:
      p.pick = static_cast<std::int8_t>(action - kPlayBase);
      end_choose_turn(s);
      return;
    case Step::kSwap: {
      const auto card = static_cast<std::uint8_t>(action - kDiscardBase);
      p.hand.erase(static_cast<std::size_t>(p.hand.find(card)));
      s.discards.push_back(card);
      end_swap_turn(s);
      return;
    }
    case Step::kMidpoint: {
      if (action == kKeepAction) {
        end_midpoint_turn(s);
        return;
      }
      const auto card = static_cast<std::uint8_t>(action - kDiscardBase);
      p.hand.erase(static_cast<std::size_t>(p.hand.find(card)));
      s.discards.push_back(card);
      // The turn ends by itself after the second discard (kMidpointMaxDiscards).
      if (s.midpoint_discard != kNoCard || p.hand.empty()) {
        end_midpoint_turn(s);
      } else {
        s.midpoint_discard = static_cast<std::int8_t>(card);
      }
      return;
    }
    case Step::kInspiration: {
      const int code = action - kTraitBase;
      p.trait_tokens.push_back(static_cast<std::uint8_t>(code));
      --p.inspiration_unplaced;
      if (rules_.limited_token_supply) --s.trait_supply[code % kNumTraits];
      seat_next_inspiration(s, s.current);
      return;
    }
    case Step::kGameOver:
      return;
  }
}

}  // namespace lifespan::time_of_your_life
