// Time of Your Life from a game definition (docs/embedding.md §2): the rule parameters of
// docs/time_of_your_life.md §7 and the 80 Life cards, read through Rules::visit and
// CardSpec::visit.
#include "lifespan/time_of_your_life/definition.hpp"

#include "../common/json_visit.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan::time_of_your_life {

Definition read_definition(std::string_view json_text) {
  Definition d;
  const nlohmann::json document = parse_definition_of(json_text, kGameName, d.rules);
  const auto traits = document.find("traits");
  if (traits == document.end() || !traits->is_array() || traits->size() != kNumTraits)
    throw CardDataError("game definition: \"traits\" must list exactly 5 trait names");
  for (std::size_t i = 0; i < kNumTraits; ++i) {
    if (!(*traits)[i].is_string()) throw CardDataError("game definition: a trait name is not text");
    d.trait_names[i] = (*traits)[i].get<std::string>();
  }
  const nlohmann::json& cards = definition_cards(document);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    JsonFieldReader<CardDataError> card(cards[i], "game definition: cards[" + std::to_string(i) + "]");
    d.cards.emplace_back().visit(card);
  }
  return d;
}

std::string state_record_json(const Game& game, const State& state) { return state_record_json_of(game, state); }

State state_from_record_json(const Game& game, std::string_view json_text) {
  return state_from_record_json_of(game, json_text);
}

}  // namespace lifespan::time_of_your_life
