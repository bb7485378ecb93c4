// Scores and returns (docs/pursuit_of_happiness.md §5–6), the LTH by source (score_parts, for
// front ends), and the measures Life Goals compare. Rule parameters: `inheritance_timing`,
// `solo_lth_target`.
#include <algorithm>

#include "lifespan/common/returns.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

int Game::measure(const State& s, int seat, Measure what) const {
  const PlayerState& p = s.players[seat];
  int count = 0;
  switch (what) {
    case Measure::kMoney: return p.money;
    case Measure::kKnowledge: return p.resources[kKnowledge];
    case Measure::kCreativity: return p.resources[kCreativity];
    case Measure::kInfluence: return p.resources[kInfluence];
    case Measure::kResources: return p.resources[0] + p.resources[1] + p.resources[2];
    case Measure::kCompletedProjects: return p.completed_projects;
    case Measure::kLthFromCards: return p.lth_from_cards;
    case Measure::kSth: return p.sth;
    case Measure::kExperiences: return p.experiences;
    case Measure::kPopularity: return p.popularity;
    case Measure::kItems:
      for (const InPlay& c : p.cards) count += c.kind == kItemCard && !cards_.items[c.id].pet && !cards_.items[c.id].best_friend;
      return count;
    // Taking a Partner to level 3 and retiring are done once in a life: they still count after
    // the card is gone. A save from before the counts were kept has only the cards held.
    case Measure::kPartnerLevel3:
      for (const InPlay& c : p.cards) count += c.kind == kPartnerCard && c.level == 3;
      return std::max<int>(count, p.partners_to_level_3);
    case Measure::kJobLevel:
      for (const InPlay& c : p.cards)
        if (c.kind == kJobCard) count = std::max<int>(count, c.level);
      return count;
    case Measure::kRetired:
      for (const InPlay& c : p.cards) count += (c.flags & kRetired) != 0;
      return std::max<int>(count, p.jobs_retired);
    case Measure::kKids:
      for (const InPlay& c : p.cards) count += c.kind == kKidCard;
      return count;
    case Measure::kNumMeasures: break;
  }
  return 0;
}

// The LTH track: during the game what each player has so far; at the end it includes
// Inheritance and Life Goals.
void Game::scores(const State& s, std::int32_t* out) const {
  for (int seat = 0; seat < num_players(); ++seat) out[seat] = s.players[seat].lth;
}

// The LTH track by source. The state keeps the total and the LTH from card rewards, with the
// part of it Nostalgia cards gave; the sources scored once are found again from the position:
// the Life Goals the seat claimed,
// Inheritance once taken, and at the end the Trends and the unfulfilled Desire. What is left
// (STH past either end of its track, Dreams, Popularity, a Kid's missed upkeep) is the last part, so the parts always
// add up to the track, saturation included.
std::vector<ScorePart> Game::score_parts(const State& s, int seat) const {
  const PlayerState& p = s.players[seat];
  int goals = 0;
  for (std::size_t g = 0; g < s.goals.size(); ++g)
    if (s.goals_claimed_by[g] == seat + 1) goals += cards_.goals[s.goals[g]].lth;
  const bool over = is_terminal(s);
  std::vector<ScorePart> parts{
      {"life_goals", "Life Goals", goals},
      {"cards", "Card rewards", p.lth_from_cards - p.lth_from_nostalgia},
      {"nostalgia", "Nostalgia", p.lth_from_nostalgia},
      {"inheritance", "Inheritance", p.inherited ? inheritance(p) : 0},
      {"trends", "Trends", over ? trend_lth(s, seat) : 0},
      {"unfulfilled_desire", "Unfulfilled Desire", over ? -unfulfilled_desire(p) : 0},
  };
  int named = 0;
  for (const ScorePart& part : parts) named += part.points;
  parts.push_back({"other", "STH past its track, Dreams, Popularity, Kids", p.lth - named});
  return parts;
}

// Solo: 1 for a win (every Life Goal and the LTH target), −1 for a loss. Otherwise the players
// with the most LTH share a win (no tie-break is known).
void Game::returns(const State& s, double* out) const {
  const int n = num_players();
  std::fill(out, out + n, 0.0);
  if (!is_terminal(s)) return;
  if (n == 1) {
    const PlayerState& p = s.players[0];
    // Each expansion in play raises the target (Experiences +10, Nostalgia +5: their rulebooks).
    const int target = rules_.solo_lth_target + (experiences_on() ? kSoloExperiencesLth : 0) +
                       (nostalgia_on() ? kSoloNostalgiaLth : 0);
    const bool won = p.goals == static_cast<int>(s.goals.size()) && p.lth >= target;
    out[0] = won ? 1.0 : -1.0;
    return;
  }
  int best = s.players[0].lth;
  for (int seat = 1; seat < n; ++seat) best = std::max<int>(best, s.players[seat].lth);
  std::array<bool, kMaxPlayers> wins{};
  for (int seat = 0; seat < n; ++seat) wins[seat] = s.players[seat].lth == best;
  shared_win_returns(wins.data(), n, out);
}

}  // namespace lifespan::pursuit_of_happiness
