// Legal actions and applying them (docs §10). A checked apply refuses before it changes
// anything, so a rejected action leaves the state exactly as it was.
#include <string>

#include "lifespan/common/checked_apply.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {

// Calls visit(action) for each Trait token placement open to `seat`, in ascending order, until
// visit returns false.
template <class Visit>
void Game::for_each_trait_placement(const State& s, int seat, Visit&& visit) const {
  const PlayerState& p = s.players[seat];
  if (p.inspiration_unplaced == 0 || p.trait_tokens.full()) return;
  const int cap = rules_.max_trait_tokens_per_card;
  const int end = static_cast<int>(p.timeline.size()) * kNumTraits;
  // Codes are non-decreasing (docs §6), so the options start at the last code placed.
  const int first = p.trait_tokens.empty() ? 0 : p.trait_tokens.back();
  for (int code = first; code < end; ++code) {
    const int slot = code / kNumTraits, trait = code % kNumTraits;
    if (cap > 0 && (trait == 0 || code == first)) {  // entering a card: is it full?
      int on_card = 0;
      for (std::uint8_t placed : p.trait_tokens) on_card += placed / kNumTraits == slot;
      if (on_card >= cap) {
        code += kNumTraits - 1 - trait;  // the card is full: skip to the next slot
        continue;
      }
    }
    if (rules_.limited_token_supply && s.trait_supply[trait] == 0) continue;
    if (!visit(static_cast<std::uint16_t>(kTraitBase + code))) return;
  }
}

void Game::inspiration_options(const State& s, int seat, ActionList& out) const {
  out.clear();
  for_each_trait_placement(s, seat, [&](std::uint16_t action) {
    out.push_back(action);
    return true;
  });
}

bool Game::can_place_trait_token(const State& s, int seat) const {
  bool any = false;
  for_each_trait_placement(s, seat, [&](std::uint16_t) { return !(any = true); });
  return any;
}

void Game::legal_actions(const State& s, ActionList& out) const {
  out.clear();
  if (s.rng.chance_node()) {
    for (int outcome = 0; outcome < s.rng.bound; ++outcome) out.push_back(static_cast<std::uint16_t>(outcome));
    return;
  }
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

int Game::sample_action(const State& s, SplitMix64& rng) const {
  if (s.rng.chance_node()) return static_cast<int>(rng.below(s.rng.bound));  // outcomes are uniform
  // Choosing is most of a game: draw from the hand directly. The hand is the legal list, so
  // this is the same draw as legal[below(size)].
  if (s.step == Step::kChoose) {
    const auto& hand = s.players[s.current].hand;
    return kPlayBase + hand[rng.below(static_cast<std::uint32_t>(hand.size()))];
  }
  // Without a supply limit or a per-card cap the Trait placements are the contiguous codes from
  // the last one placed to the end of the timeline.
  const PlayerState& p = s.players[s.current];
  if (s.step == Step::kInspiration && !rules_.limited_token_supply &&
      rules_.max_trait_tokens_per_card == 0 && !p.trait_tokens.full()) {
    const int first = p.trait_tokens.empty() ? 0 : p.trait_tokens.back();
    const int end = static_cast<int>(p.timeline.size()) * kNumTraits;
    return kTraitBase + first + static_cast<int>(rng.below(static_cast<std::uint32_t>(end - first)));
  }
  ActionList legal;
  legal_actions(s, legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

bool Game::is_legal(const State& s, int action) const {
  if (s.rng.chance_node()) return action >= 0 && action < s.rng.bound;
  ActionList legal;
  legal_actions(s, legal);
  for (std::uint16_t a : legal)
    if (a == action) return true;
  return false;
}

void Game::apply(State& s, int action) const { checked_apply(*this, s, action); }

void Game::apply_unchecked(State& s, int action) const {
  if (s.rng.mode != ChanceMode::kExplicit) [[likely]] {
    transition(s, action);
    return;
  }
  play_explicit(s, action, [this](State& t, int pending) { resume(t, pending); });
}

void Game::transition(State& s, int action) const {
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
