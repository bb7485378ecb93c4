// The School module (the rules summary, Setup 11.1; docs/pursuit_of_happiness.md, School): in the
// Teen round the School board covers Get a Job, Start a Relationship and Work Overtime with one
// course per Job category; a course gives a resource and a credit, and enough credits make a
// degree that takes resources off getting a Job of its category. The sources give no numbers:
// the rule parameters `school`, `school_resources`, `degree_credits` and `degree_discount` cover
// them. The views and the state checks call the module's parts here.
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// A course sits on the space the School board covers, in the Teen round only.
Plan Game::plan_school_course(const State& s, const Action& a) const {
  Plan plan;
  if (!school_course_open(s)) return plan;
  plan.ok = true;
  plan.space = kSchoolSpaces[a.slot];
  return plan;
}

// A course: its category's resource, and a credit towards that category's degree.
void Game::take_school_course(State& s, int seat, const Action& a) const {
  PlayerState& p = s.players[seat];
  const int category = a.slot;
  static constexpr int kCourseResource[3] = {kKnowledge, kInfluence, kCreativity};  // science, social, arts
  p.resources[kCourseResource[category]] = raised(p.resources[kCourseResource[category]], rules_.school_resources);
  p.school_credits[category] = raised(p.school_credits[category], 1);
  if (p.school_credits[category] >= rules_.degree_credits) p.degrees = static_cast<std::uint8_t>(p.degrees | (1u << category));
}

// A degree in the Job's category takes `degree_discount` resources off getting it.
Effect Game::degree_discounted(const PlayerState& p, const Effect& cost, int category) const {
  return (p.degrees >> category) & 1u ? resources_off(cost, rules_.degree_discount) : cost;
}

std::string Game::school_course_name(const Action& a) {
  static constexpr const char* kCourses[3] = {"Science (1 Knowledge)", "Social Studies (1 Influence)", "Arts (1 Creativity)"};
  return std::string("School: ") + kCourses[a.slot];
}

// A seat's line in the text view: its courses per category and its degrees.
std::string Game::school_text(const PlayerState& p) const {
  if (!rules_.school) return "";
  static constexpr const char* kFields[3] = {"science", "social", "arts"};
  std::string out = ", School courses " + std::to_string(p.school_credits[0]) + "/" + std::to_string(p.school_credits[1]) +
                    "/" + std::to_string(p.school_credits[2]);
  for (int f = 0; f < 3; ++f)
    if ((p.degrees >> f) & 1u) out += std::string(", ") + kFields[f] + " degree";
  return out;
}

// Per seat from `player` clockwise, the progress to each degree (courses over degree_credits).
void Game::observe_school(const State& s, int player, float* block) const {
  const int n = num_players();
  for (int k = 0; k < n; ++k)
    for (int f = 0; f < 3; ++f)
      block[3 * k + f] = std::min(1.0f, s.players[clockwise(player, k, n)].school_credits[f] / static_cast<float>(rules_.degree_credits));
}

// A degree exactly for each category with degree_credits courses; none of either without the module.
void Game::check_school(const PlayerState& p, const std::string& who) const {
  std::uint8_t earned = 0;
  for (int f = 0; f < 3; ++f)
    if (p.school_credits[f] >= rules_.degree_credits) earned = static_cast<std::uint8_t>(earned | (1u << f));
  require_state((rules_.school || (p.school_credits == std::array<std::uint8_t, 3>{} && p.degrees == 0)) && p.degrees == earned,
                who + ".degrees: one per category with degree_credits courses, with the School module only");
}

}  // namespace lifespan::pursuit_of_happiness
