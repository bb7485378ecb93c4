// Setup of The Pursuit of Happiness (the rules summary, Setup; docs/pursuit_of_happiness.md §3):
// the piles in card order, the tracks and tokens, the rows dealt (Jobs and Partners from the
// bottom of their decks), the Life Goals, the Child Trait offers and the first player, and each
// expansion's deal (its own file's deal_*). Rule parameters: `row_size`, `job_row`,
// `teen_job_partner_rows`, `stress_start_section`, `first_player` (docs/pursuit_of_happiness.md §3).
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

namespace {

bool dealt_from_bottom(int row) { return row == kJobRow || row == kPartnerRow; }

}  // namespace

// An empty deck takes its discard pile back, shuffled. Its cards keep the faces they were
// discarded with, seen by all (faces_kept).
void Game::restock(State& s, int row) const {
  if (s.decks[row].empty() && !s.discards[row].empty()) s.faces_kept |= static_cast<std::uint8_t>(1u << row);
  restock_if_empty(s.decks[row], s.discards[row], s.rng);
}

// Sampled mode chose every face at setup; drawn lazily, a face nobody has seen is chosen when
// its card is drawn, with the same odds.
std::uint8_t Game::with_face(State& s, int row, std::uint8_t entry) const {
  if (!s.rng.lazy() || (s.faces_kept >> row) & 1u) return entry;
  return face_entry(entry >> 1, static_cast<int>(s.rng.below(2)));
}

bool Game::draw(State& s, int row, std::uint8_t& card) const {
  auto& deck = s.decks[row];
  restock(s, row);
  if (deck.empty()) return false;
  if (dealt_from_bottom(row)) {
    pick_to(deck, 0, s.rng);
    card = with_face(s, row, deck.pop_front());  // Jobs and Partners come from the bottom: their top shows a cover
  } else {
    card = take_top(deck, s.rng);
  }
  return true;
}

void Game::deal_row(State& s, int row, int at_most) const {
  int size = rules_.row_size;
  // One Job per player; solo is set up as for 2 players.
  if (row == kJobRow && rules_.job_row == JobRow::kPlayers) size = std::max(num_players(), kSoloSetupPlayers);
  size = std::min({size, kMaxRow, at_most});
  auto& cards = s.rows[row];
  if (dealt_from_bottom(row) && !s.rng.lazy()) {  // the cards from the bottom in one move, as draw() would take them
    auto& deck = s.decks[row];
    while (static_cast<int>(cards.size()) < size) {
      restock(s, row);
      const auto count = std::min<std::size_t>(static_cast<std::size_t>(size) - cards.size(), deck.size());
      if (count == 0) break;
      for (std::size_t k = 0; k < count; ++k) cards.push_back(deck[k]);
      deck.erase_front(count);
    }
  } else {  // one card at a time, as draw() takes them
    std::uint8_t card = 0;
    while (static_cast<int>(cards.size()) < size && draw(s, row, card)) cards.push_back(card);
  }
  recount_row(s, row);
}

// What every new game starts from before its generator is used: the piles in card order, the
// tracks, the tokens. Made once per Game; a new state copies it (a State{} followed by filling
// every pile card by card was about 1% of a random playout).
State Game::blank_state() const {
  State s{};
  auto identity = [](auto& pile, std::size_t count, auto keep) {
    for (std::size_t k = 0; k < count; ++k)
      if (keep(k)) pile.push_back(static_cast<std::uint8_t>(k));
  };
  const auto every = [](std::size_t) { return true; };
  identity(s.decks[kProjectRow], cards_.projects.size(), every);
  // The Best Friends deck's cards are not in the Item deck.
  identity(s.decks[kItemRow], cards_.items.size(), [&](std::size_t k) { return !cards_.items[k].best_friend; });
  identity(s.trait_deck, cards_.traits.size(), every);
  identity(s.event_deck, cards_.events.size(), every);
  if (experiences_on()) identity(s.experience_deck, cards_.experiences.size(), every);
  identity(s.kid_deck, cards_.kids.size(), every);
  if (community_on()) identity(s.community_deck, cards_.community.size(), every);
  if (friends_on()) identity(s.friend_deck, cards_.items.size(), [&](std::size_t k) { return cards_.items[k].best_friend; });
  const int start = (rules_.stress_start_section - 1) * rules_.stress_section_spaces;
  for (int seat = 0; seat < num_players(); ++seat) {
    s.players[seat].stress = static_cast<std::uint8_t>(start);
    s.players[seat].hourglasses = kStartingHourglasses;
  }
  s.unavailable = (1u << kGetJob) | (1u << kStartRelationship) | (1u << kOvertime);
  if (experiences_on()) s.unavailable |= 1u << kPlanExperience;  // not in the Teen round
  s.step = Step::kChooseTrait;
  return s;
}

State Game::new_state(std::uint64_t seed) const {
  State s = blank_;
  if (rules_.chance == ChanceMode::kExplicit) {  // the outcomes, not a seed, choose the game
    s.rng.mode = ChanceMode::kExplicit;
    run_on_tape(s, kSetupPending, [this](State& t, int p) { resume(t, p); });  // a chance node: the first draw
  } else {
    s.rng.state = seed;
    setup(s);
  }
  return s;
}

void Game::sample_chance(State& s, std::uint64_t seed) const {
  s.rng.state = seed;
  if (s.rng.mode == ChanceMode::kSampled) return;
  s.rng.mode = ChanceMode::kExplicitSampled;
  if (s.rng.chance_node()) run_on_tape(s, s.rng.pending, [this](State& t, int p) { resume(t, p); });  // the tape's outcomes, then the generator's
}

// A chance node draws from a deck or a pile of the setup, picks a face or a seat, or rolls a
// Relative's die.
int Game::max_chance_outcomes() const {
  const std::size_t piles = std::max({cards_.projects.size(), cards_.items.size(), cards_.jobs.size(),
                                      cards_.partners.size(), cards_.goals.size(), cards_.traits.size(),
                                      cards_.trends.size(), cards_.events.size(), cards_.experiences.size(),
                                      cards_.kids.size(), cards_.nostalgia.size(), cards_.community.size(),
                                      cards_.relatives.size()});
  return std::max({static_cast<int>(piles), rules_.relative_die, num_players(), 2});
}

void Game::setup(State& s) const {
  const int n = num_players();
  // Every shuffle and face in this order: a seed deals the same game as before the blank state.
  // Drawn lazily (explicit chance), decks are not shuffled and faces are chosen when drawn.
  shuffle_deck(s.decks[kProjectRow], s.rng);
  shuffle_deck(s.decks[kItemRow], s.rng);
  auto two_faced = [&](int row, int count) {
    for (int i = 0; i < count; ++i)
      s.decks[row].push_back(face_entry(static_cast<int>(i), s.rng.lazy() ? 0 : static_cast<int>(s.rng.below(2))));
    shuffle_deck(s.decks[row], s.rng);
  };
  two_faced(kJobRow, static_cast<int>(cards_.jobs.size()));
  two_faced(kPartnerRow, static_cast<int>(cards_.partners.size()));
  deal_row(s, kProjectRow);
  deal_row(s, kItemRow);
  // Experiences deals the Job and Partner rows at setup too: they can be dreamt in the Teen round.
  if (rules_.teen_job_partner_rows || experiences_on()) {
    deal_row(s, kJobRow);
    deal_row(s, kPartnerRow);
  }

  FixedVector<std::uint8_t, kMaxDeck> goals;
  for (std::size_t g = 0; g < cards_.goals.size(); ++g) goals.push_back(static_cast<std::uint8_t>(g));
  const int shown = n == 1 ? kSoloLifeGoals : n;
  shuffle_to_deal(goals, static_cast<std::size_t>(shown), s.rng);
  for (int g = 0; g < shown; ++g) {
    s.goals.push_back(goals[g]);
    s.goals_claimed_by.push_back(0);
  }
  if (nostalgia_on()) deal_nostalgia(s);  // just before the Child Traits (Nostalgia rulebook)
  shuffle_deck(s.trait_deck, s.rng);
  for (int seat = 0; seat < n; ++seat)
    for (int i = 0; i < kTraitOffer; ++i) s.players[seat].trait_offer.push_back(take_top(s.trait_deck, s.rng));
  s.first_player = rules_.first_player == FirstPlayer::kRandom
                       ? static_cast<std::uint8_t>(s.rng.below(static_cast<std::uint32_t>(n)))
                       : 0;
  s.current = static_cast<std::int8_t>(s.first_player);
  deal_trends(s);  // drawn last, so games without Trends deal as before
  shuffle_deck(s.event_deck, s.rng);  // after the rest, for the same reason; an empty deck draws nothing
  if (experiences_on()) {
    shuffle_deck(s.experience_deck, s.rng);
    while (s.experience_row.size() < kExperienceSlots && !s.experience_deck.empty())
      s.experience_row.push_back(take_top(s.experience_deck, s.rng));
  }
  shuffle_deck(s.kid_deck, s.rng);
  if (relatives_on()) deal_relatives(s);  // last, so that games without them deal as before
  if (community_on()) shuffle_deck(s.community_deck, s.rng);  // the board is dealt in the 1st Adult round
  if (friends_on()) {  // the board is dealt at setup (summary, Setup 3), then each Adult round
    shuffle_deck(s.friend_deck, s.rng);
    deal_friends(s);
  }
}

}  // namespace lifespan::pursuit_of_happiness
