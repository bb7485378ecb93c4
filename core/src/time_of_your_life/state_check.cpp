// Invariants of a reachable position. A state read from JSON must pass all of them before the
// engine touches it, so a hand-edited or corrupt document is refused with the reason instead of
// being played in an inconsistent state.
#include <algorithm>
#include <string>

#include "lifespan/common/checked_apply.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {
namespace {


std::string seat_field(int seat, const char* field) {
  return "players[" + std::to_string(seat) + "]." + field;
}

// The most cards a hand can hold: the 7 dealt, less one placed a round until the midpoint
// refills every hand to 7 (a short deck may deal fewer).
int hand_limit(const State& s) {
  return s.midpoint_reached ? kHandSize : kHandSize + 1 - s.round;
}

}  // namespace

// A hand's size in the draft, from how far it has gone (round, midpoint), the step and whether
// the seat has acted in it. The engine draws and deals into hands of fixed capacity, so a size
// that play cannot reach is refused here rather than overflowing one later.
void Game::check_hand_size(const State& s, int seat) const {
  const std::size_t held = s.players[seat].hand.size();
  const std::string field = seat_field(seat, "hand");
  const std::string size = " holds " + std::to_string(held) + (held == 1 ? " card" : " cards") + ", but ";
  if (s.step == Step::kMidpoint) {  // hands of 2; the seat to move may have discarded one
    const std::size_t now = s.midpoint_discard == kNoCard ? 2u : 1u;
    require_state(seat < s.current ? held <= kMidpointHandSize : held == (seat == s.current ? now : 2u),
                  field + size + "at the midpoint a seat holds 2 until it discards (1 after a first discard)");
    return;
  }
  const bool swapped = s.step == Step::kSwap && seat < s.current;  // discarded 1, draws 1 later
  require_state(s.step != Step::kSwap || swapped || held > 0,
                field + ": the swap comes only when every seat holds a card, so a seat yet to swap holds one");
  const int most = std::max(0, hand_limit(s) - (swapped ? 1 : 0));
  require_state(static_cast<int>(held) <= most,
                field + size + (s.midpoint_reached ? "after the midpoint" : "in round " + std::to_string(s.round)) +
                    " it can hold at most " + std::to_string(most));
}

void Game::validate(const State& s) const {
  const State before = check_chance_fields(s, rules_.chance);
  if (s.rng.chance_node()) {
    if (s.rng.pending == kSetupPending) {
      State blank{};
      blank.rng = before.rng;
      require_state(before == blank, "chance: a chance node of the setup holds a dealt position");
    } else {
      validate(before);
      require_state(is_legal(before, s.rng.pending), "chance.pending: not a legal action of the position");
    }
    check_chance_node(s, before, [this](State& t, int p) { resume(t, p); });
    return;
  }
  const int n = num_players();
  require_state(s.round >= 1 && s.round <= kRounds, "round must be from 1 to 10");
  require_state(static_cast<int>(s.step) < kNumSteps, "step out of range");
  const bool over = s.step == Step::kGameOver;
  const bool drafting = s.step == Step::kMidpoint || s.step == Step::kSwap || s.step == Step::kChoose;
  require_state(over ? s.current == kTerminalPlayer : s.current >= 0 && s.current < n,
          "current must be a seat (0 to players-1), or -4 once the game is over");

  // Every card is in exactly one place.
  std::array<int, kNumCards> seen{};
  auto note = [&](std::uint8_t card, const std::string& where) {
    require_state(card < kNumCards, where + ": card " + std::to_string(card) + " does not exist");
    require_state(++seen[card] == 1, where + ": card " + std::to_string(card) + " is in two places");
  };
  for (std::uint8_t c : s.deck) note(c, "deck");
  for (std::uint8_t c : s.discards) note(c, "discards");
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    const PlayerState& p = s.players[seat];
    if (seat >= n) {
      require_state(p == PlayerState{}, "players beyond the player count must be empty");
      continue;
    }
    for (std::uint8_t c : p.hand) note(c, seat_field(seat, "hand"));
    for (std::uint8_t c : p.timeline) note(c, seat_field(seat, "timeline"));
    for (std::size_t i = 1; i < p.hand.size(); ++i)
      require_state(p.hand[i - 1] < p.hand[i], seat_field(seat, "hand") + " must be ascending");
    for (std::size_t i = 1; i < p.timeline.size(); ++i)
      require_state(order_rank_[p.timeline[i - 1]] < order_rank_[p.timeline[i]],
              seat_field(seat, "timeline") + " must be in age order");
    const std::size_t placed_before_now = drafting ? s.round - 1u : kRounds;
    require_state(p.timeline.size() <= placed_before_now,
            seat_field(seat, "timeline") + " holds more cards than rounds played");
    require_state(drafting || p.hand.empty(), seat_field(seat, "hand") + " must be empty after round 10");
    if (drafting) check_hand_size(s, seat);

    require_state(p.happiness <= kMaxEmotionTokens && p.inspiration <= kMaxEmotionTokens,
            seat_field(seat, "happiness") + " and inspiration: at most " + std::to_string(kMaxEmotionTokens) +
                " each (10 placements of 2 pairs, 6 icons a pair)");
    require_state(p.inspiration_unplaced <= p.inspiration,
            seat_field(seat, "inspiration_unplaced") + " exceeds inspiration");
    require_state(p.trait_tokens.size() + p.inspiration_unplaced == p.inspiration,
            seat_field(seat, "trait_tokens") + " must number inspiration - inspiration_unplaced");
    for (std::size_t i = 0; i < p.trait_tokens.size(); ++i) {
      const int code = p.trait_tokens[i];
      require_state(code / kNumTraits < static_cast<int>(p.timeline.size()),
              seat_field(seat, "trait_tokens") + " names a slot beyond the timeline");
      require_state(i == 0 || p.trait_tokens[i - 1] <= code,
              seat_field(seat, "trait_tokens") + " must be non-decreasing");
    }
    require_state(p.trait_tokens.empty() || !drafting,
            seat_field(seat, "trait_tokens") + " are placed only after round 10");

    // In the choose step, every seat before the one to move that holds cards has picked.
    const bool has_chosen = s.step == Step::kChoose && seat < s.current;
    require_state(p.pick == kNoCard || (has_chosen && p.hand.contains(static_cast<std::uint8_t>(p.pick))),
            seat_field(seat, "pick") + " must be -1, or a card in hand of a seat that already chose");
    require_state(!has_chosen || p.hand.empty() || p.pick != kNoCard,
            seat_field(seat, "pick") + " is missing: the seat holds cards and its turn to choose has passed");
  }
  for (int c = 0; c < kNumCards; ++c)
    require_state(seen[c] == 1, "card " + std::to_string(c) + " is missing");

  // Token supplies move only when the supply is limited.
  int happiness = 0, inspiration = 0;
  std::array<int, kNumTraits> traits{};
  for (int seat = 0; seat < n; ++seat) {
    happiness += s.players[seat].happiness;
    inspiration += s.players[seat].inspiration;
    for (std::uint8_t code : s.players[seat].trait_tokens) ++traits[code % kNumTraits];
  }
  const bool limited = rules_.limited_token_supply;
  require_state(s.happiness_supply == (limited ? kHappinessTokenSupply - happiness : kHappinessTokenSupply),
          "happiness_supply does not match the tokens held");
  require_state(s.inspiration_supply ==
              (limited ? kInspirationTokenSupply - inspiration : kInspirationTokenSupply),
          "inspiration_supply does not match the tokens held");
  for (int t = 0; t < kNumTraits; ++t)
    require_state(s.trait_supply[t] == (limited ? kTraitTokensPerTrait - traits[t] : kTraitTokensPerTrait),
            "trait_supply does not match the Trait tokens placed");

  // The step's own conditions.
  require_state(s.midpoint_discard == kNoCard || s.step == Step::kMidpoint,
          "midpoint_discard is set outside the midpoint");
  switch (s.step) {
    case Step::kMidpoint: {
      require_state(s.midpoint_reached, "the midpoint step requires midpoint_reached");
      std::size_t discarded = 0;  // every hand was 2 (check_hand_size has bounded each by 2)
      for (int seat = 0; seat < n; ++seat) discarded += kMidpointHandSize - s.players[seat].hand.size();
      require_state(s.discards.size() >= discarded,
                    "discards: the pile lacks the cards the seats before the one to move discarded at the midpoint");
      require_state(s.midpoint_discard == kNoCard ||
                  (!s.discards.empty() && s.discards.back() == s.midpoint_discard),
              "midpoint_discard must be the top card of the discard pile");
      break;
    }
    case Step::kSwap:
      require_state(n == 2, "the swap step exists only with 2 players");
      require_state(!s.players[s.current].hand.empty(), "the seat to swap holds no card");
      break;
    case Step::kChoose:
      require_state(!s.players[s.current].hand.empty(), "the seat to choose holds no card");
      break;
    case Step::kInspiration:
      require_state(s.round == kRounds && can_place_trait_token(s, s.current),
              "the inspiration step needs round 10 and a token the current seat can place");
      for (int seat = 0; seat < s.current; ++seat)  // seats place in order: those before are done
        require_state(!can_place_trait_token(s, seat),
                "in the inspiration step, a seat before the one placing can still place a Trait token");
      break;
    case Step::kGameOver:
      require_state(s.round == kRounds, "a finished game is in round 10");
      for (int seat = 0; seat < n; ++seat)
        require_state(!can_place_trait_token(s, seat),
                "a finished game has a seat that can still place a Trait token");
      break;
  }
  require_a_decision(*this, s);
}

}  // namespace lifespan::time_of_your_life
