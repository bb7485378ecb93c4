// The observation tensor of The Pursuit of Happiness (docs/pursuit_of_happiness_engine.md §6):
// the base game's header, seat, goal, row and play-area blocks, then one block per expansion in
// play. What a seat may see follows The Pursuit of Happiness rulebook (docs/sources.md): the
// decks and the other seats' Nostalgia hands are hidden.
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/pursuit_of_happiness/game.hpp"
#include "observation_layout.hpp"
#include "view_text.hpp"

namespace lifespan::pursuit_of_happiness {

using namespace view_text;
using namespace observation_layout;

// Observation tensor (float32, docs/pursuit_of_happiness_engine.md §6): a header, one block per
// seat, the Life Goals, the rows, the discard piles and each seat's play area, then one block per
// expansion in play. Seats are counted clockwise from the observer (0: the observer), so the
// same position seen from any seat reads the same way.
namespace {
constexpr int kObsPayment = 8;  // resources still to choose, STH discount, owed and paid per kind
// Round, the step (one-hot), the seat to move and the first player (one-hot seat offsets), the
// Unavailable tokens by space, the payment in progress.
constexpr int kObsHeader = 1 + kNumSteps + 2 * kMaxPlayers + kNumSpaces + kObsPayment;
constexpr int kObsSeatTracks = 18;  // tracks, resources and counts (the `values` of observation)

// Per seat: the tracks, the board spaces holding its Hourglasses, its Child Trait (one-hot) and
// the traits it is offered (the observer's own offer only: the others' are hidden).
int seat_block(const CardTables& cards) { return kObsSeatTracks + kNumSpaces + 2 * static_cast<int>(cards.traits.size()); }

// Per Life Goal card: face up, tied, and claimed by each seat.
int goal_block(const CardTables& cards, int players) { return static_cast<int>(cards.goals.size()) * (2 + players); }

// Per seat: each card face's level / 4 when held, 1 if it takes an Active slot, and per Project
// the roles the seat holds on it as a Group Project (out of 4).
int play_area_block(const CardTables& cards) { return 2 * card_faces(cards) + static_cast<int>(cards.projects.size()); }

}  // namespace

// The expansion blocks, each per seat offset where it is about a seat (docs/pursuit_of_happiness_engine.md §6):
// Trends face up; Events revealed and in effect, each seat's two Event flags; Experiences on the
// board, then per seat its planned Experiences, its Dream board (each dreamt card by Desire),
// Experiences completed and where the Cloud is; Kids per seat by level, then the Kids awaiting a keep-or-discard decision; Nostalgia: the observer's
// hand, then per seat its board (by Check Marks), its realized cards (by level) and its hand
// size; Relatives per seat by the number marked; School per seat, progress to each degree;
// Community: the board, the card being resolved, then per seat its tokens per card, Popularity,
// where its meeple is and its Hourglasses on the board.
std::array<int, Game::kNumObsBlocks> Game::observation_blocks() const {
  const int n = num_players();
  const auto count = [](const auto& table) { return static_cast<int>(table.size()); };
  const int experiences = count(cards_.experiences), nostalgia = count(cards_.nostalgia);
  std::array<int, kNumObsBlocks> size{};
  size[kObsTrends] = count(cards_.trends);
  size[kObsEvents] = cards_.events.empty() ? 0 : 2 * count(cards_.events) + 2 * n;
  size[kObsExperiences] = experiences_on() ? experiences + n * experiences_seat_block(cards_) : 0;
  size[kObsKids] = (n + 1) * count(cards_.kids);
  size[kObsNostalgia] = nostalgia_on() ? nostalgia + n * nostalgia_seat_block(cards_) : 0;
  size[kObsRelatives] = n * count(cards_.relatives);
  size[kObsSchool] = rules_.school ? 3 * n : 0;
  size[kObsCommunity] = community_on() ? count(cards_.community) + kCommunitySlots + n * kCommunitySeatBlock : 0;
  return size;
}

int Game::observation_size() const {
  const int n = num_players();
  int size = kObsHeader + n * seat_block(cards_) + goal_block(cards_, n) + 2 * card_faces(cards_) + n * play_area_block(cards_);
  for (int block : observation_blocks()) size += block;
  return size;
}

void Game::observation(const State& s, int player, float* out) const {
  std::fill(out, out + observation_size(), 0.0f);
  const int n = num_players();
  const auto offset_of = [&](int seat) { return places_after(player, seat, n); };
  out[0] = static_cast<float>(s.round) / kMaxRounds;
  out[1 + static_cast<int>(s.step)] = 1.0f;
  float* seats_header = out + 1 + kNumSteps;
  if (s.current >= 0) seats_header[offset_of(s.current)] = 1.0f;
  seats_header[kMaxPlayers + offset_of(s.first_player)] = 1.0f;
  float* unavailable = seats_header + 2 * kMaxPlayers;
  for (int space = 0; space < kNumSpaces; ++space) unavailable[space] = bit(s.unavailable, space);
  if (s.step == Step::kPay) {
    float* pay = unavailable + kNumSpaces;
    pay[0] = scaled(s.payment.units, 10);
    pay[1] = scaled(s.payment.discount, 10);
    for (int r = 0; r < kNumResources; ++r) {
      pay[2 + r] = scaled(s.payment.owed[r], 10);
      pay[2 + kNumResources + r] = scaled(s.payment.paid[r], 10);
    }
  }
  const int traits = static_cast<int>(cards_.traits.size());
  for (int k = 0; k < n; ++k) {
    const PlayerState& p = s.players[clockwise(player, k, n)];
    float* row = out + kObsHeader + seat_block(cards_) * k;
    int items = 0, partners = 0, job_level = 0;
    for (const InPlay& c : p.cards) {
      items += c.kind == kItemCard;
      partners += c.kind == kPartnerCard;
      if (c.kind == kJobCard) job_level = c.level;
    }
    const float values[kObsSeatTracks] = {
        scaled(p.resources[0], 10), scaled(p.resources[1], 10), scaled(p.resources[2], 10), scaled(p.money, 20),
        scaled(p.sth, 3), scaled(p.lth, 50), scaled(p.stress, track_length()),
        scaled(p.hourglasses, 9), p.alive ? 1.0f : 0.0f, scaled(active_count(p), 3),
        scaled(p.completed_projects, 5), scaled(items, 5), scaled(job_level, 3), scaled(partners, 2),
        scaled(p.goals, 3), p.trait >= 0 ? 1.0f : 0.0f, scaled(p.hourglasses_next, 9), scaled(p.upkeep_relief, 5)};
    std::copy(values, values + kObsSeatTracks, row);
    for (int space = 0; space < kNumSpaces; ++space) row[kObsSeatTracks + space] = bit(p.spaces_used, space);
    float* trait = row + kObsSeatTracks + kNumSpaces;
    if (p.trait >= 0 && !trait_hidden(s, player, clockwise(player, k, n))) trait[p.trait] = 1.0f;
    if (k == 0)
      for (std::uint8_t t : p.trait_offer) trait[traits + t] = 1.0f;
  }
  float* goals = out + kObsHeader + seat_block(cards_) * n;
  for (std::size_t g = 0; g < s.goals.size(); ++g) {
    float* goal = goals + s.goals[g] * (2 + n);
    goal[0] = 1.0f;
    const int by = s.goals_claimed_by[g];
    if (by == kGoalTied) goal[1] = 1.0f;
    else if (by > 0) goal[2 + offset_of(by - 1)] = 1.0f;
  }
  const std::array<int, kNumRows> offsets = face_offsets(cards_);
  float* rows = goals + goal_block(cards_, n);
  float* discards = rows + card_faces(cards_);
  float* play_areas = discards + card_faces(cards_);
  for (int r = 0; r < kNumRows; ++r) {
    for (std::uint8_t entry : s.rows[r]) rows[offsets[r] + entry] = 1.0f;
    for (std::uint8_t entry : s.discards[r]) discards[offsets[r] + entry] = 1.0f;
  }
  for (std::uint8_t entry : s.friend_row) rows[offsets[kItemRow] + entry] = 1.0f;  // Best Friends are Item ids
  for (std::uint8_t entry : s.friend_discards) discards[offsets[kItemRow] + entry] = 1.0f;
  for (int seat = 0; seat < n; ++seat) {
    float* area = play_areas + offset_of(seat) * play_area_block(cards_);
    for (const InPlay& c : s.players[seat].cards) {
      if (c.kind == kProjectCard)  // a Group Project's roles, wherever the role holder sits
        for (int r = 0; r < project_roles_[c.id]; ++r)
          if (c.roles[r] >= 0) play_areas[offset_of(c.roles[r]) * play_area_block(cards_) + 2 * card_faces(cards_) + c.id] += 1.0f / kMaxRoles;
      if (c.kind > kPartnerCard) continue;  // Experiences, Kids and Nostalgia cards: in their own parts
      area[face_of(offsets, c)] = c.level / 4.0f;
      area[card_faces(cards_) + face_of(offsets, c)] = flag(c.flags, kInActiveSlot);
    }
  }
  observe_expansions(s, player, play_areas + n * play_area_block(cards_));
}

// Most entries are flags, one-hots or a level, a share or a position read against their last
// value: 0 to 1. The counts are read against a typical scale and may pass it: each is bounded by
// what holds it (a byte, the cards of its kind, the engine's capacities) or by a rule.
void Game::observation_bounds(float* low, float* high) const {
  const int size = observation_size(), n = num_players();
  std::fill(low, low + size, 0.0f);
  std::fill(high, high + size, 1.0f);
  const auto bounded = [](int most, int scale) { return std::max(1.0f, scaled(most, scale)); };
  constexpr int kByte = 255;
  float* pay = high + 1 + kNumSteps + 2 * kMaxPlayers + kNumSpaces;
  std::fill(pay, pay + kObsPayment, scaled(kByte, 10));  // units, discount, owed and paid: bytes
  const auto count = [](const auto& table) { return static_cast<int>(table.size()); };
  for (int k = 0; k < n; ++k) {
    float* most = high + kObsHeader + seat_block(cards_) * k;
    float* least = low + kObsHeader + seat_block(cards_) * k;
    most[0] = most[1] = most[2] = scaled(kByte, 10);  // resources: a byte each, stopping at 255
    most[3] = scaled(kByte, 20);                      // money
    least[4] = scaled(rules_.sth_min, 3);
    most[4] = scaled(rules_.sth_max, 3);
    least[5] = scaled(-kLthLimit, 50);
    most[5] = scaled(kLthLimit, 50);
    most[9] = bounded(kMaxInPlay, 3);                     // Active cards: taking a 4th costs Stress
    most[10] = bounded(count(cards_.projects), 5);        // completed Projects
    most[11] = bounded(kMaxInPlay, 5);                    // Items
    most[13] = bounded(kMaxInPlay, 2);                    // Partners
    most[14] = bounded(count(cards_.goals), 3);           // Life Goals claimed
    most[16] = scaled(kByte, 9);                          // Overtime Hourglasses for next round
    most[17] = scaled(kByte, 5);                          // upkeep relief
  }
  float* expansions = high + observation_size();
  for (int block : observation_blocks()) expansions -= block;
  const std::array<int, kNumObsBlocks> blocks = observation_blocks();
  std::array<float*, kNumObsBlocks> at{};
  for (int b = 0; b < kNumObsBlocks; ++b) at[b] = b ? at[b - 1] + blocks[b - 1] : expansions;
  if (blocks[kObsExperiences]) {  // Experiences completed, per seat
    const int experiences = count(cards_.experiences);
    for (int k = 0; k < n; ++k)
      at[kObsExperiences][experiences + k * experiences_seat_block(cards_) + experiences + card_faces(cards_) + experiences] =
          bounded(experiences, 5);
  }
  if (blocks[kObsRelatives]) {  // the number marked over the die's sides
    int most = 0;
    for (const RelativeSpec& r : cards_.relatives)
      for (int level = 0; level < r.num_levels; ++level) most = std::max<int>(most, r.numbers[level]);
    std::fill(at[kObsRelatives], at[kObsRelatives] + blocks[kObsRelatives], bounded(most, rules_.relative_die));
  }
  if (blocks[kObsCommunity]) {  // tokens on one card over 3: a seat places its meeple and 9 Hourglasses a round
    for (int k = 0; k < n; ++k) {
      float* mine = at[kObsCommunity] + count(cards_.community) + kCommunitySlots + k * kCommunitySeatBlock;
      std::fill(mine, mine + kCommunitySlots, bounded(1 + kHourglassesPerColour, 3));
    }
  }
}

void Game::observe_expansions(const State& s, int player, float* out) const {
  const std::array<int, kNumObsBlocks> size = observation_blocks();
  std::array<float*, kNumObsBlocks> at{};
  for (int b = 0; b < kNumObsBlocks; ++b) at[b] = b ? at[b - 1] + size[b - 1] : out;
  // Each block is filled by its expansion's or module's own file.
  observe_trends(s, at[kObsTrends]);
  if (size[kObsEvents]) observe_events(s, player, at[kObsEvents]);
  if (size[kObsExperiences]) observe_experiences(s, player, at[kObsExperiences]);
  if (size[kObsKids]) observe_kids(s, player, at[kObsKids]);
  if (size[kObsNostalgia]) observe_nostalgia(s, player, at[kObsNostalgia]);
  if (size[kObsRelatives]) observe_relatives(s, player, at[kObsRelatives]);
  if (size[kObsSchool]) observe_school(s, player, at[kObsSchool]);
  if (size[kObsCommunity]) observe_community(s, player, at[kObsCommunity]);
}


}  // namespace lifespan::pursuit_of_happiness
