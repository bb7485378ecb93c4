// Time of Your Life from a game definition (docs/embedding.md §2): the rule parameters of
// docs/time_of_your_life.md §7 and the 80 Life cards, read through Rules::visit and
// CardSpec::visit.
#include "lifespan/time_of_your_life/definition.hpp"

#include "../common/json_visit.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan::time_of_your_life {

Definition read_definition(std::string_view json_text) {
  const nlohmann::json document = parse_definition(json_text);
  if (document["game"] != kGameName)
    throw CardDataError("game definition: it defines " + document["game"].get<std::string>() + ", not " +
                        std::string(kGameName));
  Definition d;
  const auto parameters = document.find("parameters");
  if (parameters == document.end()) throw CardDataError("game definition: no \"parameters\"");
  JsonFieldReader<RulesError> rules(*parameters, "game definition: parameters");
  d.rules.visit(rules);

  const auto traits = document.find("traits");
  if (traits == document.end() || !traits->is_array() || traits->size() != kNumTraits)
    throw CardDataError("game definition: \"traits\" must list exactly 5 trait names");
  for (std::size_t i = 0; i < kNumTraits; ++i) {
    if (!(*traits)[i].is_string()) throw CardDataError("game definition: a trait name is not text");
    d.trait_names[i] = (*traits)[i].get<std::string>();
  }

  const auto cards = document.find("cards");
  if (cards == document.end() || !cards->is_array()) throw CardDataError("game definition: no \"cards\" list");
  for (std::size_t i = 0; i < cards->size(); ++i) {
    JsonFieldReader<CardDataError> card((*cards)[i], "game definition: cards[" + std::to_string(i) + "]");
    d.cards.emplace_back().visit(card);
  }
  return d;
}

std::string state_record_json(const Game& game, const State& state) {
  JsonFieldWriter writer;
  const_cast<State&>(state).visit(writer, game.num_players());
  return writer.object.dump();
}

State state_from_record_json(const Game& game, std::string_view json_text) {
  const nlohmann::json record = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (record.is_discarded()) throw StateFormatError("state record: not valid JSON");
  State state{};
  JsonFieldReader<StateFormatError> reader(record, "state", /*strict=*/true);
  state.visit(reader, game.num_players());
  reader.finish();
  game.validate(state);
  return state;
}

}  // namespace lifespan::time_of_your_life
