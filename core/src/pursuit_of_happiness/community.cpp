// The Community expansion (the rules summary: Setup 6.4, Preparation 4.1 and 4.3, Action phase
// rule 7, End of Round 5 and 9; docs/pursuit_of_happiness.md §9): the Community board, the
// meeple and the Popularity cap on Hourglasses placed there, the End of Round resolution with an
// achievement chosen per token, LTH for Popularity, and a 5th seat. Rule parameters:
// `popularity_max`, `community_tokens`, `popularity_lth`.
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "views/observation_layout.hpp"
#include "views/view_text.hpp"

namespace lifespan::pursuit_of_happiness {
// Preparation: 5 cards in the 1st Adult round; from the 2nd, the resolved cards' gaps close to
// the right, the rightmost card is discarded, and the board is refilled from the left (an
// empty deck takes back its discards). Refresh Cards never touches it.
void Game::deal_community(State& s) const {
  auto& row = s.community_row;
  if (s.round > kFirstAdultRound && !row.empty()) s.community_discards.push_back(row.pop_back());
  refill_from_left(row, s.community_deck, s.community_discards, s.rng);
}

// Placing the meeple, while it is unused this round, or else an Hourglass, at most as many a
// round as the seat's Popularity (the meeple does not count).
Plan Game::plan_community(const State& s, int slot) const {
  const PlayerState& p = s.players[s.current];
  Plan plan;
  if (!community_on() || slot >= static_cast<int>(s.community_row.size())) return plan;
  plan.meeple = p.meeple < 0;
  plan.ok = plan.meeple || community_hourglasses(s, s.current) < p.popularity;
  return plan;
}

// The seat's Hourglasses on the Community board: its tokens there but the meeple (during the
// Action phase, before any is resolved).
int Game::community_hourglasses(const State& s, int seat) const {
  int tokens = 0;
  for (const auto& slot : s.community_tokens) tokens += slot[seat];
  const std::int8_t meeple = s.players[seat].meeple;
  return tokens - (meeple >= 0 && meeple < kCommunitySlots ? 1 : 0);
}

// End of Round 5: from the leftmost card, each seat with tokens on it chooses, token by token
// (or once, with community_tokens = per_player), an achievement. Returns whether a decision
// waits; false once every card with tokens is resolved (or none had any).
bool Game::begin_community(State& s) const {
  s.community_slot = 0;
  s.step = Step::kCommunity;
  return next_community_choice(s, 0);
}

// Finds the next seat to choose on the card being resolved, from `from_seat_offset` in turn
// order from the first player; a card with no tokens left is discarded and the next one taken.
// A seat whose life has ended chooses nothing: its tokens are taken off. Returns whether a
// choice waits (false: the board is resolved).
bool Game::next_community_choice(State& s, int from_seat_offset) const {
  const int n = num_players();
  while (s.community_slot < static_cast<int>(s.community_row.size())) {
    auto& tokens = s.community_tokens[s.community_slot];
    // Tokens still here: the card is being resolved (a card whose last token was just resolved
    // has already gone).
    bool had_tokens = false;
    for (int k = 0; k < n; ++k) had_tokens = had_tokens || tokens[k] > 0;
    for (int k = from_seat_offset; k < n; ++k) {
      const int seat = clockwise(s.first_player, k, n);
      if (tokens[seat] == 0) continue;
      if (!s.players[seat].alive) {
        tokens[seat] = 0;
        continue;
      }
      s.current = static_cast<std::int8_t>(seat);
      return true;
    }
    from_seat_offset = 0;
    if (had_tokens)  // only tokens of ended lives were left
      discard_resolved_card(s);
    else
      ++s.community_slot;
  }
  s.community_slot = -1;
  return false;
}

// A card whose participants are all resolved is discarded; the cards right of it move one slot
// left in the resolution's order, with their tokens.
void Game::discard_resolved_card(State& s) const {
  s.community_discards.push_back(s.community_row[s.community_slot]);
  s.community_row.erase(static_cast<std::size_t>(s.community_slot));
  for (int slot = s.community_slot; slot + 1 < kCommunitySlots; ++slot) s.community_tokens[slot] = s.community_tokens[slot + 1];
  s.community_tokens[kCommunitySlots - 1] = {};
  ++s.resolved_community;
}

bool Game::achievement_legal(const State& s, const Action& a) const {
  if (a.kind == ActionKind::kNoAchievement) return true;
  const int k = a.slot;
  const CommunitySpec& card = cards_.community[s.community_row[s.community_slot]];
  if (k < 0 || k >= card.num_achievements) return false;
  const PlayerState& p = s.players[s.current];
  return meets(p, card.achievements[k].requirement) && can_pay(s, s.current, card.achievements[k].cost, false);
}

void Game::community_options(const State& s, ActionList& out) const {
  for (int k = 0; k < kMaxAchievements; ++k) {
    const int action = encode(ActionKind::kAchievement, k);
    if (achievement_legal(s, decode(action))) out.push_back(static_cast<std::uint16_t>(action));
  }
  out.push_back(encode(ActionKind::kNoAchievement));
}

// One token resolved: the achievement's cost paid and its reward gained (or nothing), and the
// token removed; with community_tokens = per_player all the seat's tokens on the card go.
void Game::choose_achievement(State& s, const Action& action) const {
  const int seat = s.current;
  if (action.kind != ActionKind::kNoAchievement) {
    const Achievement& a = cards_.community[s.community_row[s.community_slot]].achievements[action.slot];
    pay_set_cost(s, seat, a.cost, a.reward);
  }
  auto& tokens = s.community_tokens[s.community_slot];
  tokens[seat] = rules_.community_tokens == CommunityTokens::kPerPlayer ? 0 : static_cast<std::uint8_t>(tokens[seat] - 1);
  const int n = num_players();
  const int offset = places_after(s.first_player, seat, n);
  int from = tokens[seat] > 0 ? offset : offset + 1;
  if (std::all_of(tokens.begin(), tokens.end(), [](std::uint8_t t) { return t == 0; })) {
    discard_resolved_card(s);
    from = 0;
  }
  if (!next_community_choice(s, from)) finish_end_of_round(s);
}

// End of Round 5.3: LTH equal to Popularity for every player, also one whose life has ended,
// while someone still plays; once a round, or once for each Community card resolved (rule
// popularity_lth).
void Game::popularity_lth(State& s) const {
  const int times = everyone_dead(s) ? 0  // nobody is still in the game
                    : rules_.popularity_lth == PopularityLth::kPerCard ? s.resolved_community : 1;
  for (int seat = 0; seat < num_players(); ++seat)
    add_lth(s.players[seat], times * s.players[seat].popularity, false);
  s.resolved_community = 0;
}

// The observation's Community block: the board, the card being resolved, then per seat its
// tokens per card, Popularity, where its meeple is and its Hourglasses on the board.
void Game::observe_community(const State& s, int player, float* block) const {
  using namespace observation_layout;
  const int n = num_players();
  for (std::uint8_t k : s.community_row) block[k] = 1.0f;
  float* resolving = block + cards_.community.size();
  if (s.community_slot >= 0) resolving[s.community_slot] = 1.0f;
  for (int k = 0; k < n; ++k) {
    const int seat = clockwise(player, k, n);
    float* mine = resolving + kCommunitySlots + k * kCommunitySeatBlock;
    for (int slot = 0; slot < kCommunitySlots; ++slot) mine[slot] = s.community_tokens[slot][seat] / 3.0f;
    mine[kCommunitySlots] = s.players[seat].popularity / static_cast<float>(rules_.popularity_max);
    const int meeple = s.players[seat].meeple == kCommunitySlots ? kCommunitySlots : view_text::meeple_slot_now(s, seat);
    if (meeple >= 0) mine[kCommunitySlots + 1 + meeple] = 1.0f;
    mine[2 * kCommunitySlots + 2] = s.community_slot < 0 ? scaled(community_hourglasses(s, seat), 9) : 0.0f;
  }
}

// The printed position's Community board, with the seats' tokens on each card.
std::string Game::community_board_text(const State& s) const {
  std::string out = "  Community board:";
  if (s.community_row.empty()) out += " -";
  for (std::size_t k = 0; k < s.community_row.size(); ++k) {
    out += (k ? ", " : " ") + cards_.community[s.community_row[k]].name;
    std::string on;
    for (int seat = 0; seat < num_players(); ++seat)
      for (int t = 0; t < s.community_tokens[k][seat]; ++t) on.append(on.empty() ? "" : " ").append(std::to_string(seat));
    if (!on.empty()) out += " [seats " + on + "]";
  }
  return out + " (deck " + std::to_string(s.community_deck.size()) + ", discard " + std::to_string(s.community_discards.size()) + ")\n";
}

// A seat's Popularity and where its meeple is.
std::string Game::community_seat_text(const State& s, int seat) const {
  const PlayerState& p = s.players[seat];
  std::string out = ", Popularity " + std::to_string(p.popularity);
  const int meeple = view_text::meeple_slot_now(s, seat);
  if (p.meeple < 0) return out + ", meeple unused";
  if (p.meeple == kCommunitySlots) return out + ", meeple given up";
  if (meeple >= 0) return out + ", meeple on " + cards_.community[s.community_row[meeple]].name;
  return out + ", meeple's card resolved";
}

// The board, deck and discards hold each card once at most; the board is dealt from the 1st Adult
// round; tokens lie only on the cards shown, while the board is played or resolved.
void Game::check_community_board(const State& s) const {
  std::array<int, kMaxDeck> community_seen{};
  auto note_community = [&](std::uint8_t k) {
    require_state(k < cards_.community.size() && ++community_seen[k] == 1, "community_row/deck/discards: bad or repeated Community card");
  };
  for (std::uint8_t k : s.community_row) note_community(k);
  for (std::uint8_t k : s.community_deck) note_community(k);
  for (std::uint8_t k : s.community_discards) note_community(k);
  const bool resolving = s.step == Step::kCommunity;
  require_state(resolving ? s.community_slot >= 0 && s.resolved_community <= kCommunitySlots
                          : s.community_slot == -1 && s.resolved_community == 0,
                "community_slot and resolved_community are set only while the Community board is resolved");
  require_state(s.round >= kFirstAdultRound || s.community_row.empty(), "community_row: dealt in the 1st Adult round");
  const bool played = s.step == Step::kAction || s.step == Step::kPay || s.step == Step::kKids || s.step == Step::kTrigger;
  for (int slot = 0; slot < kCommunitySlots; ++slot)
    for (int seat = 0; seat < kMaxPlayers; ++seat) {
      const int tokens = s.community_tokens[slot][seat];
      require_state(tokens == 0 || (seat < num_players() && slot < static_cast<int>(s.community_row.size()) &&
                                    (played || (resolving && slot >= s.community_slot))),
                    "community_tokens: tokens only on the Community cards shown, during the Action phase or its resolution");
    }
}

// A seat's Popularity on its track and its meeple (-1 unused, a slot, or given up), none without
// the expansion; outside the resolution its tokens are the meeple and the Hourglasses placed this
// round, within Popularity.
void Game::check_community_seat(const State& s, int seat, const std::string& who) const {
  const PlayerState& p = s.players[seat];
  const bool meeple_placed = p.meeple >= 0 && p.meeple < kCommunitySlots;
  if (s.step != Step::kCommunity) {
    const int on_board = community_hourglasses(s, seat);
    require_state((!meeple_placed || s.community_tokens[p.meeple][seat] > 0) && on_board >= 0 &&
                      on_board <= p.popularity && on_board <= p.hourglasses_spent,
                  who + ": Hourglasses on the Community board within Popularity, the meeple on a card with its token");
  }
  require_state(p.popularity <= rules_.popularity_max && p.meeple >= -1 && p.meeple <= kCommunitySlots &&
                    (community_on() || (p.popularity == 0 && p.meeple == -1)),
                who + ": Popularity on its track, the meeple -1, a slot or 5, with Community only");
}

// Community's actions by name: placing on a board card, and an achievement of the card resolved.
std::string Game::community_action_name(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current >= 0 ? s.current : 0];
  const int k = a.slot;
  switch (a.kind) {
    case ActionKind::kNoAchievement: return "No achievement";
    case ActionKind::kAchievement: {
      if (s.community_slot < 0 || s.community_slot >= static_cast<int>(s.community_row.size())) return "Achievement " + std::to_string(k + 1);
      const CommunitySpec& card = cards_.community[s.community_row[s.community_slot]];
      return k < card.num_achievements ? "Achievement: " + card.name + " (" + card.achievements[k].name + ")"
                                       : "Achievement " + std::to_string(k + 1);
    }
    default: {  // kCommunityPlace
      const std::string card = k < static_cast<int>(s.community_row.size()) ? cards_.community[s.community_row[k]].name
                                                                            : "Community board slot " + std::to_string(k + 1);
      return "Community: " + card + (p.meeple < 0 ? " (the meeple)" : " (an Hourglass)");
    }
  }
}

// Placing on a Community card: a token there, the meeple's slot kept when it is the meeple.
void Game::place_on_community(State& s, int seat, const Action& a, const Plan& plan) const {
  if (plan.meeple) s.players[seat].meeple = static_cast<std::int8_t>(a.slot);
  ++s.community_tokens[a.slot][seat];
}

// The resolution waits on a living seat to move with a token on the card being resolved.
void Game::check_community_decision(const State& s) const {
  require_state(s.community_slot >= 0 && s.community_slot < static_cast<int>(s.community_row.size()) &&
                    s.community_tokens[s.community_slot][s.current] > 0 && s.players[s.current].alive,
                "community_slot: the seat to move has no token on the Community card being resolved");
}

}  // namespace lifespan::pursuit_of_happiness
