// C++ unit tests of the core as a host sees it (docs/embedding.md): game definitions, errors,
// rejected actions leaving the state unchanged, state records. A small runner: each check
// prints its name and failures; the exit status is the number of failures.
//
//   core_tests game.json   (a Time of Your Life definition from `python -m lifespan export`)
#include <cctype>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>

#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/definition.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: core_tests game.json\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string definition = buffer.str();

  const toyl::Game game = toyl::game_from_definition(definition);
  check(game.num_players() >= 2, "a definition builds a game");
  check(lifespan::definition_game_name(definition) == "time_of_your_life", "the definition names its game");
  check(toyl::game_from_definition(definition).same_rules_and_cards(game), "the same definition, the same game");

  check_throws<lifespan::CardDataError>([] { toyl::game_from_definition("not json"); }, "text that is not JSON");
  check_throws<lifespan::CardDataError>([&] { toyl::game_from_definition(replaced(definition, "\"version\": 1", "\"version\": 99")); },
                                        "a newer version is refused");
  check_throws<lifespan::CardDataError>(
      [&] { toyl::game_from_definition(replaced(definition, "lifespan-game-definition", "other")); }, "a wrong format name");
  check_throws<lifespan::CardDataError>(
      [&] { toyl::game_from_definition(replaced(definition, "\"game\": \"time_of_your_life\"", "\"game\": \"chess\"")); },
      "a definition of another game");
  check_throws<lifespan::RulesError>(
      [&] { toyl::game_from_definition(replaced(definition, "\"icon_matching\": \"edges\"", "\"icon_matching\": \"nowhere\"")); },
      "an unknown option");
  check_throws<lifespan::CardDataError>(
      [&] { toyl::game_from_definition(replaced(definition, "\"age\":", "\"aged\":")); }, "a card without its age");

  toyl::State state = game.new_state(3);
  const toyl::State before = state;
  check_throws<lifespan::IllegalAction>([&] { game.apply(state, toyl::Game::kNumDistinctActions); },
                                        "an out-of-range action is refused");
  check(state == before, "a refused action leaves the state unchanged");

  toyl::Game::ActionList legal;
  game.legal_actions(state, legal);
  check(!legal.empty(), "the opening has legal actions");
  game.apply(state, legal[0]);
  const std::string record = toyl::state_record_json(game, state);
  check(toyl::state_from_record_json(game, record) == state, "a state record round-trips");
  check_throws<lifespan::StateFormatError>([&] { toyl::state_from_record_json(game, "{}"); }, "an empty record is refused");
  check_throws<lifespan::StateFormatError>([&] { toyl::state_from_record_json(game, with_number(record, "round", "99")); },
                                           "a record breaking an invariant is refused");
  // As Python's reader: an unknown field, at the top or in a player's record, is an error.
  check_throws<lifespan::StateFormatError>([&] { toyl::state_from_record_json(game, replaced(record, "\"round\":", "\"colour\":1,\"round\":")); },
                                           "a record with an unknown field is refused");
  check_throws<lifespan::StateFormatError>([&] { toyl::state_from_record_json(game, replaced(record, "\"hand\":", "\"colour\":1,\"hand\":")); },
                                           "a player record with an unknown field is refused");

  std::cout << failures << " failure(s)\n";
  return failures;
}
