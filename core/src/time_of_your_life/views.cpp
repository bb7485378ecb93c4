// What people and agents see: move names, the printed position, observations (docs §11) and
// determinization for search over hidden hands.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {
namespace {

std::string two_digits(int number) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", number);
  return buf;
}

std::string capitalised(std::string word) {
  if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 32);
  return word;
}

}  // namespace

std::string Game::action_to_string(const State& s, int action) const {
  if (s.rng.chance_node() && action >= 0 && action < kNumDistinctActions) return chance_outcome_name(s, action);
  auto card_label = [&](int number) { return two_digits(number) + " " + cards_[number].name; };
  if (action >= kPlayBase && action < kDiscardBase) return "Play " + card_label(action - kPlayBase);
  if (action >= kDiscardBase && action < kKeepAction)
    return "Discard " + card_label(action - kDiscardBase);
  if (action == kKeepAction) return "Keep";
  if (action >= kTraitBase && action < kNumDistinctActions) {
    const int code = action - kTraitBase, slot = code / kNumTraits;
    const std::string trait = capitalised(trait_names_[code % kNumTraits]) + " token on ";
    const int seat = s.current >= 0 ? s.current : 0;
    const auto& timeline = s.players[seat].timeline;
    if (slot < static_cast<int>(timeline.size())) return trait + card_label(timeline[slot]);
    return trait + "slot " + std::to_string(slot);
  }
  throw_action_out_of_range(std::to_string(action), kNumDistinctActions);
}

// Every chance node draws a card from the deck. The number leads every name, as in Pursuit's.
std::string Game::chance_outcome_name(const State& s, int outcome) const {
  const std::string label = "chance " + std::to_string(outcome) + ": ";
  const std::string which = label + "outcome " + std::to_string(outcome) + " of " + std::to_string(s.rng.bound);
  if (outcome < 0 || outcome >= s.rng.bound) return which + " (no such outcome)";
  const State t = name_draw(s, outcome, [this](State& u, int p) { resume(u, p); });
  if (t.rng.named_pile != &t.deck) return which;
  return label + "draws " + two_digits(t.rng.named_card) + " " + cards_[t.rng.named_card].name + " from the deck";
}

// The midpoint's choices are made one seat after another, but what a seat discards stays hidden
// until every seat has chosen (docs §3): to a viewer, another seat still holds the 2 cards it
// was handed, and the pile has grown only by the viewer's own discards.
int Game::shown_hand_size(const State& s, int seat, int viewer) const {
  const bool hidden = s.step == Step::kMidpoint && viewer >= 0 && seat != viewer;
  return hidden ? kMidpointHandSize : static_cast<int>(s.players[seat].hand.size());
}

std::size_t Game::shown_discards(const State& s, int viewer) const {
  std::size_t size = s.discards.size();
  for (int seat = 0; seat < num_players(); ++seat)
    size -= static_cast<std::size_t>(shown_hand_size(s, seat, viewer)) - s.players[seat].hand.size();
  return size;
}

// One renderer serves str(state) (viewer < 0: everything) and observation_string(viewer).
std::string Game::render(const State& s, int viewer) const {
  const int n = num_players();
  std::array<std::int32_t, kMaxPlayers> score{};
  scores(s, score.data());
  std::string out = "Time of Your Life - round " + std::to_string(s.round) + "/" +
                    std::to_string(kRounds) + ", " + kStepNames[static_cast<int>(s.step)] +
                    ", hands pass " + (s.midpoint_reached ? "anticlockwise" : "clockwise") +
                    ", deck " + std::to_string(s.deck.size()) + ", discards " +
                    std::to_string(shown_discards(s, viewer)) + "\n";
  if (viewer >= 0) out += "Seen by seat " + std::to_string(viewer) + "\n";
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    out += "Seat " + std::to_string(seat) + (seat == s.current ? " (to move)" : "") + ": score " +
           std::to_string(score[seat]) + ", happiness " + std::to_string(p.happiness) +
           ", inspiration " + std::to_string(p.inspiration);
    if (p.inspiration_unplaced) out += " (" + std::to_string(p.inspiration_unplaced) + " to place)";
    out += "\n  timeline:";
    if (p.timeline.empty()) out += " -";
    for (std::size_t slot = 0; slot < p.timeline.size(); ++slot) {
      out += (slot ? " | " : " ") + two_digits(p.timeline[slot]) + " " + cards_[p.timeline[slot]].name;
      for (std::uint8_t code : p.trait_tokens)
        if (code / kNumTraits == static_cast<int>(slot)) out += " +" + trait_names_[code % kNumTraits];
    }
    const bool visible = viewer < 0 || viewer == seat;
    out += "\n  hand (" + std::to_string(shown_hand_size(s, seat, viewer)) + "):";
    if (visible) {
      for (std::uint8_t card : p.hand) out.append(" ").append(two_digits(card));
      if (p.pick != kNoCard) out += "; picked " + two_digits(p.pick);
    } else if (p.pick != kNoCard) {
      out += " hidden; has picked";
    } else {
      out += " hidden";
    }
    out += "\n";
  }
  if (is_terminal(s)) out += "Game over\n";
  return out;
}

std::string Game::to_string(const State& s) const { return render(s, -1); }

std::string Game::observation_string(const State& s, int player) const {
  return render(s, player);
}

void Game::observation(const State& s, int player, float* out) const {
  const int n = num_players();
  std::fill(out, out + observation_size(), 0.0f);
  out[static_cast<int>(s.step)] = 1.0f;
  float* header = out + kObsStepOneHot;
  header[0] = static_cast<float>(s.round) / kRounds;
  header[1] = s.midpoint_reached ? 1.0f : 0.0f;
  header[2] = static_cast<float>(s.deck.size()) / kNumCards;
  header[3] = static_cast<float>(shown_discards(s, player)) / kNumCards;
  header[4] = s.current == player ? 1.0f : 0.0f;
  const PlayerState& me = s.players[player];
  float* hand = out + kObsHeader;
  for (std::uint8_t card : me.hand) hand[card] = 1.0f;
  if (me.pick != kNoCard) hand[kObsOwnHand + me.pick] = 1.0f;

  std::array<std::int32_t, kMaxPlayers> score{};
  scores(s, score.data());
  for (int k = 0; k < n; ++k) {
    const int seat = (player + k) % n;
    const PlayerState& p = s.players[seat];
    float* row = out + kObsHeader + kObsOwnHand + kObsOwnPick + kObsPerPlayer * k;
    for (std::uint8_t card : p.timeline) row[card] = 1.0f;
    for (std::uint8_t code : p.trait_tokens) row[kNumCards + code % kNumTraits] += 1.0f;
    float* tail = row + kNumCards + kNumTraits;
    tail[0] = p.happiness;
    tail[1] = p.inspiration;
    tail[2] = p.inspiration_unplaced;
    tail[3] = p.pick != kNoCard ? 1.0f : 0.0f;
    tail[4] = static_cast<float>(shown_hand_size(s, seat, player)) / kHandSize;
    tail[5] = static_cast<float>(score[seat]) / 100.0f;
  }
}

State Game::determinize(const State& s, int player, std::uint64_t seed) const { return redeal(s, player, seed); }

// What nobody has seen is the deck's order: the discard pile and every hand are known to the
// seats that discarded or hold them.
State Game::reseed(const State& s, std::uint64_t seed) const { return redeal(s, -1, seed); }

// Flags, one-hots, and counts over their largest value lie in 0–1; the token counts are raw, and
// the score, over 100, is bounded from the cards: no objective's count passes the traits a
// timeline can hold (printed, plus the Trait tokens a player stores), the Emotion tokens it can
// earn, or the 10 cards it holds.
void Game::observation_bounds(float* low, float* high) const {
  const int n = num_players();
  std::fill(low, low + observation_size(), 0.0f);
  std::fill(high, high + observation_size(), 1.0f);
  int most_printed = 0, most_points = 0;
  for (const CardSpec& c : cards_) {
    int printed = 0;
    for (std::uint8_t t : c.traits) printed += t;
    most_printed = std::max(most_printed, printed);
    most_points = std::max(most_points, std::abs(int{c.objective.points}));
  }
  const int largest_count = std::max({kRounds * most_printed + kMaxTraitTokens, kMaxEmotionTokens, kRounds});
  const int objectives = kRounds * most_points * largest_count;
  // Neighbours counts two cards: twice the count at most.
  const float score_high = static_cast<float>(2 * objectives + happiness_points(kMaxEmotionTokens) + kHappinessBonus) / 100.0f;
  const float score_low = -static_cast<float>(2 * objectives) / 100.0f;
  for (int k = 0; k < n; ++k) {
    float* most = high + kObsHeader + kObsOwnHand + kObsOwnPick + kObsPerPlayer * k;
    float* least = low + kObsHeader + kObsOwnHand + kObsOwnPick + kObsPerPlayer * k;
    std::fill(most + kNumCards, most + kNumCards + kNumTraits, static_cast<float>(kMaxTraitTokens));
    float* tail = most + kNumCards + kNumTraits;
    tail[0] = tail[1] = tail[2] = static_cast<float>(kMaxEmotionTokens);  // Happiness, Inspiration, unplaced
    tail[5] = score_high;
    least[kNumCards + kNumTraits + 5] = score_low;
  }
}

// Re-deals every card `player` cannot see (deck, discard pile, other hands and their picks),
// keeping every pile's size that `player` can see, and re-seeds the generator so later chance
// differs too. For nobody (player < 0) that is the deck alone.
State Game::redeal(const State& s, int player, std::uint64_t seed) const {
  State d = s;
  SplitMix64 rng{seed};
  const bool nobody = player < 0;
  FixedVector<std::uint8_t, kNumCards> hidden;
  for (std::uint8_t c : d.deck) hidden.push_back(c);
  // A midpoint discard of the seat to move stays on top of the pile: that seat knows it, and
  // its second discard must be higher (docs §3).
  const bool keep_top = d.step == Step::kMidpoint && d.midpoint_discard != kNoCard &&
                        d.current == player;
  const std::size_t redealt_discards = nobody ? 0 : d.discards.size() - (keep_top ? 1 : 0);
  for (std::size_t i = 0; i < redealt_discards; ++i) hidden.push_back(d.discards[i]);
  for (int seat = 0; seat < num_players() && !nobody; ++seat)
    if (seat != player)
      for (std::uint8_t c : d.players[seat].hand) hidden.push_back(c);
  // Sorted first, so the result depends on what `player` knows and the seed only: a state and
  // any determinization of it from this view give the same determinizations.
  sort_distinct_cards(hidden);
  shuffle(hidden, rng);

  // How many cards each other seat holds. At the midpoint, what the seats that have chosen
  // discarded is hidden from `player` (shown_hand_size): a count is drawn for each, up to 2, and
  // up to 1 for a seat in the middle of its choice; the pile grows or shrinks to match.
  std::array<std::size_t, kMaxPlayers> held{};
  std::size_t pile = redealt_discards;
  bool current_discarded = d.midpoint_discard != kNoCard;
  for (int seat = 0; seat < num_players(); ++seat) {
    held[seat] = d.players[seat].hand.size();
    if (d.step != Step::kMidpoint || seat == player || nobody) continue;
    const int at_most = seat < d.current ? kMidpointMaxDiscards : seat == d.current ? 1 : 0;
    const std::uint32_t discarded = at_most ? rng.below(static_cast<std::uint32_t>(at_most) + 1) : 0;
    const std::size_t now = static_cast<std::size_t>(kMidpointHandSize) - discarded;
    pile = pile + held[seat] - now;
    held[seat] = now;
    if (seat == d.current) current_discarded = discarded == 1;
  }
  std::size_t next = 0;
  for (auto& c : d.deck) c = hidden[next++];
  if (nobody) {
    d.rng.state = rng.next();
    return d;
  }
  const std::uint8_t top = keep_top ? d.discards.back() : 0;
  d.discards.clear();
  for (std::size_t i = 0; i < pile; ++i) d.discards.push_back(hidden[next++]);
  if (keep_top) d.discards.push_back(top);
  if (d.step == Step::kMidpoint && !keep_top)
    d.midpoint_discard = current_discarded ? static_cast<std::int8_t>(d.discards.back()) : kNoCard;
  for (int seat = 0; seat < num_players(); ++seat) {
    if (seat == player) continue;
    PlayerState& p = d.players[seat];
    const std::size_t size = held[seat];
    p.hand.clear();
    for (std::size_t i = 0; i < size; ++i) p.hand.insert_sorted(hidden[next++]);
    if (p.pick != kNoCard) p.pick = static_cast<std::int8_t>(p.hand[rng.below(static_cast<std::uint32_t>(size))]);
  }
  d.rng.state = rng.next();
  return d;
}

}  // namespace lifespan::time_of_your_life
