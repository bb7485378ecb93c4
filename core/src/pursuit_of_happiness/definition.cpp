// The Pursuit of Happiness from a game definition (docs/embedding.md §2): the rule parameters of
// docs/pursuit_of_happiness.md §8 and one record per card, each naming its table ("projects",
// "jobs", …) and holding the fields of that table's spec, read through CardTables::visit_tables.
#include "lifespan/pursuit_of_happiness/definition.hpp"

#include <array>
#include <type_traits>

#include "../common/json_visit.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

// Appends one card record to the table its "table" field names.
class TableDispatch {
 public:
  TableDispatch(const nlohmann::json& record, std::string where) : record_(record), where_(std::move(where)) {}

  template <class Spec>
  void operator()(const char* table, std::vector<Spec>& specs) {
    known_ += (known_.empty() ? "" : ", ") + std::string(table);
    if (record_["table"] != table) return;
    JsonFieldReader<CardDataError> reader(record_, where_);
    if constexpr (requires { std::tuple_size<Spec>::value; }) {
      reader("faces", specs.emplace_back());  // a Job or Partner card: its two faces
    } else {
      specs.emplace_back().visit(reader);
    }
    found_ = true;
  }
  bool found() const { return found_; }
  const std::string& known() const { return known_; }

 private:
  const nlohmann::json& record_;
  std::string where_;
  bool found_ = false;
  std::string known_;  // the table names, for the error when none matches
};

}  // namespace

Definition read_definition(std::string_view json_text) {
  Definition d;
  const nlohmann::json document = parse_definition_of(json_text, kGameName, d.rules);
  const nlohmann::json& cards = definition_cards(document);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::string where = "game definition: cards[" + std::to_string(i) + "]";
    if (!cards[i].is_object() || !cards[i].contains("table") || !cards[i]["table"].is_string())
      throw CardDataError(where + " has no \"table\" naming its card table");
    TableDispatch dispatch(cards[i], where);
    d.cards.visit_tables(dispatch);
    if (!dispatch.found())
      throw CardDataError(where + ".table: no card table '" + cards[i]["table"].get<std::string>() +
                          "' (tables: " + dispatch.known() + ")");
  }
  return d;
}

std::string state_record_json(const Game& game, const State& state) { return state_record_json_of(game, state); }

State state_from_record_json(const Game& game, std::string_view json_text) {
  return state_from_record_json_of(game, json_text);
}

}  // namespace lifespan::pursuit_of_happiness
