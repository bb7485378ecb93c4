// C++ unit tests of the core as a host sees it (docs/embedding.md), for both games: game
// definitions, errors, rejected actions leaving the state unchanged, state records; and the
// Pursuit core's word-at-a-time cost arithmetic. A small runner: each check prints its name
// and failures; the exit status is the number of failures.
//
//   core_tests toyl.json pursuit.json   (definitions from `python -m lifespan export`)
#include <cctype>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/definition.hpp"
#include "lifespan/time_of_your_life/definition.hpp"

namespace poh = lifespan::pursuit_of_happiness;
namespace toyl = lifespan::time_of_your_life;

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok   " : "FAIL ") << what << '\n';
  if (!ok) ++failures;
}

template <class Error>
void check_throws(const std::function<void()>& body, const std::string& what) {
  try {
    body();
  } catch (const Error&) {
    check(true, what);
    return;
  } catch (const std::exception& other) {
    check(false, what + " (threw another error: " + other.what() + ")");
    return;
  }
  check(false, what + " (did not throw)");
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The record with a whole-number field's first value set to `value`.
std::string with_number(std::string text, const std::string& key, const std::string& value) {
  const auto at = text.find("\"" + key + "\":");
  if (at == std::string::npos) return text;
  const auto start = at + key.size() + 3;
  auto end = start;
  while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '-')) ++end;
  return text.replace(start, end - start, value);
}

std::string read_file(const char* path) {
  std::ifstream file(path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

// One game's reader and state-record functions, and the text edits that must make its
// definition fail.
template <class Game>
struct GameApi {
  std::string name;
  Game (*from_definition)(std::string_view);
  std::string (*record_json)(const Game&, const typename Game::State&);
  typename Game::State (*from_record_json)(const Game&, std::string_view);
  std::string option_from, option_to;  // an option value, and a name that is no option
  std::vector<std::pair<std::string, std::string>> bad_cards;  // (from, to): a CardDataError
};

template <class Game>
void check_game(const GameApi<Game>& api, const std::string& definition) {
  const std::string& n = api.name;
  const Game game = api.from_definition(definition);
  check(game.num_players() >= 2, n + ": a definition builds a game");
  check(lifespan::definition_game_name(definition) == n, n + ": the definition names its game");
  check(api.from_definition(definition).same_rules_and_cards(game), n + ": the same definition, the same game");

  check_throws<lifespan::CardDataError>([&] { api.from_definition("not json"); }, n + ": text that is not JSON");
  check_throws<lifespan::CardDataError>([&] { api.from_definition(replaced(definition, "\"version\": 1", "\"version\": 99")); },
                                        n + ": a newer version is refused");
  check_throws<lifespan::CardDataError>(
      [&] { api.from_definition(replaced(definition, "lifespan-game-definition", "other")); }, n + ": a wrong format name");
  check_throws<lifespan::CardDataError>(
      [&] { api.from_definition(replaced(definition, "\"game\": \"" + n + "\"", "\"game\": \"chess\"")); },
      n + ": a definition of another game");
  check_throws<lifespan::RulesError>([&] { api.from_definition(replaced(definition, api.option_from, api.option_to)); },
                                     n + ": an unknown option");
  for (const auto& [from, to] : api.bad_cards)
    check_throws<lifespan::CardDataError>([&] { api.from_definition(replaced(definition, from, to)); },
                                          n + ": a bad card (" + from + " -> " + to + ")");

  typename Game::State state = game.new_state(3);
  const typename Game::State before = state;
  check_throws<lifespan::IllegalAction>([&] { game.apply(state, Game::kNumDistinctActions); },
                                        n + ": an out-of-range action is refused");
  check(state == before, n + ": a refused action leaves the state unchanged");

  typename Game::ActionList legal;
  game.legal_actions(state, legal);
  check(!legal.empty(), n + ": the opening has legal actions");
  game.apply(state, legal[0]);
  const std::string record = api.record_json(game, state);
  check(api.from_record_json(game, record) == state, n + ": a state record round-trips");
  check_throws<lifespan::StateFormatError>([&] { api.from_record_json(game, "{}"); }, n + ": an empty record is refused");
  check_throws<lifespan::StateFormatError>([&] { api.from_record_json(game, with_number(record, "round", "99")); },
                                           n + ": a record breaking an invariant is refused");
  // As Python's reader: an unknown field, at the top or in a player's record, is an error.
  check_throws<lifespan::StateFormatError>(
      [&] { api.from_record_json(game, replaced(record, "\"round\":", "\"colour\":1,\"round\":")); },
      n + ": a record with an unknown field is refused");
  check_throws<lifespan::StateFormatError>(
      [&] { api.from_record_json(game, replaced(record, "\"players\":[{", "\"players\":[{\"colour\":1,")); },
      n + ": a player record with an unknown field is refused");
}

// Effect::plus and Effect::with_more add a word at a time; each amount must come out as the
// byte-wise sum wrapped to an int8_t, with no carry into its neighbours, for every pair of
// values in every lane.
void check_effect_arithmetic() {
  bool plus_ok = true, more_ok = true;
  for (int lane = 0; lane < poh::kNumAmounts; ++lane)
    for (int a = -128; a < 128; ++a)
      for (int b = -128; b < 128; ++b) {
        poh::Effect base, extra;
        for (int i = 0; i < poh::kNumAmounts; ++i) base.amount[i] = extra.amount[i] = static_cast<std::int8_t>(i == lane ? 0 : -1);
        base.amount[lane] = static_cast<std::int8_t>(a);
        extra.amount[lane] = static_cast<std::int8_t>(b);
        for (int times = 0; times <= 3; ++times) {
          const poh::Effect sum = base.plus(extra, times);
          for (int i = 0; i < poh::kNumAmounts; ++i)
            plus_ok &= sum.amount[i] == static_cast<std::int8_t>(base.amount[i] + times * extra.amount[i]);
        }
        const poh::Effect more = base.with_more(static_cast<poh::Amount>(lane), b);
        for (int i = 0; i < poh::kNumAmounts; ++i)
          more_ok &= more.amount[i] == static_cast<std::int8_t>(base.amount[i] + (i == lane ? b : 0));
      }
  check(plus_ok, "pursuit_of_happiness: Effect::plus adds each amount alone, wrapping as an int8_t");
  check(more_ok, "pursuit_of_happiness: Effect::with_more changes one amount alone, wrapping as an int8_t");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: core_tests time_of_your_life.json pursuit_of_happiness.json\n";
    return 2;
  }
  check_game<toyl::Game>({"time_of_your_life", toyl::game_from_definition, toyl::state_record_json,
                          toyl::state_from_record_json, "\"icon_matching\": \"edges\"", "\"icon_matching\": \"nowhere\"",
                          {{"\"age\":", "\"aged\":"}}},
                         read_file(argv[1]));
  check_game<poh::Game>({"pursuit_of_happiness", poh::game_from_definition, poh::state_record_json,
                         poh::state_from_record_json, "\"sth_overflow\": \"excess\"", "\"sth_overflow\": \"nowhere\"",
                         {{"\"table\": \"projects\"", "\"table\": \"castles\""},   // no such table
                          {"\"category\":", "\"categories\":"},                     // a required field missing
                          {"\"knowledge\":", "\"knowlege\":"},                      // a misspelt amount
                          {"\"type\": 0", "\"type\": 9"},                           // an enumerated field out of range
                          {"\"bonus_min\": 0", "\"bonus_min\": 1000"}}},          // a number too large for its field
                        read_file(argv[2]));
  check_effect_arithmetic();
  std::cout << failures << " failure(s)\n";
  return failures;
}
