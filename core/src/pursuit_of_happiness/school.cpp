// The School module (the rules summary, Setup 11.1; docs/pursuit_of_happiness.md, School): in the
// Teen round the School board covers Get a Job, Start a Relationship and Work Overtime with one
// course per Job category; a course gives a resource and a credit, and enough credits make a
// degree that takes resources off getting a Job of its category. The sources give no numbers:
// the rule parameters `school`, `school_resources`, `degree_credits` and `degree_discount` cover
// them. Observation and state checks of the module: views/observation.cpp (kObsSchool), state_check.cpp.
#include <string>

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

std::string Game::school_course_name(const Action& a) {
  static constexpr const char* kCourses[3] = {"Science (1 Knowledge)", "Social Studies (1 Influence)", "Arts (1 Creativity)"};
  return std::string("School: ") + kCourses[a.slot];
}

}  // namespace lifespan::pursuit_of_happiness
