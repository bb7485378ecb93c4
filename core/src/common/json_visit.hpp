#pragma once
// Reads a struct with a visit() method from a nlohmann::json object, and writes one, field by
// field: the one decoder for every game's rules and card specs in a game definition, and the
// C++ side of a state's record (docs/embedding.md §2–3, docs/state-format.md).
// nlohmann/json (a well-kept header library, from PyPI's nlohmann-json or Debian's
// nlohmann-json3-dev) does the parsing; this file only maps its values onto typed fields and
// reports a wrong one in the project's words. Private to the core's sources.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "lifespan/common/errors.hpp"
#include "lifespan/common/fixed_vector.hpp"

namespace lifespan {

template <class T>
struct IsFixedVector : std::false_type {};
template <class T, std::size_t N>
struct IsFixedVector<FixedVector<T, N>> : std::true_type {};

// Writes the fields a visit() names into a JSON object (enums as their integer).
class JsonFieldWriter {
 public:
  nlohmann::json object = nlohmann::json::object();

  template <class T>
  void operator()(const char* name, const T& field) { object[name] = convert(field); }
  template <class T>
  void optional(const char* name, const T& field) { (*this)(name, field); }
  template <class T>
  void list(const char* name, const T* items, int count) {
    nlohmann::json out = nlohmann::json::array();
    for (int i = 0; i < count; ++i) out.push_back(convert(items[i]));
    object[name] = std::move(out);
  }
  template <class Enum>
  void option(const char* name, const Enum& field, std::initializer_list<std::string_view> options) {
    object[name] = std::string(options.begin()[static_cast<std::size_t>(field)]);
  }
  // The first `count` items of a fixed array (a card's levels, achievements, …).
  template <class T, std::size_t N>
  void counted(const char* name, const std::uint8_t& count, const std::array<T, N>& items) {
    list(name, items.data(), count);
  }
  // As counted, each item an object that also holds its name, kept beside the array.
  template <class T, std::size_t N>
  void named_list(const char* name, const std::uint8_t& count, const std::array<T, N>& items,
                  const std::array<std::string, N>& names) {
    nlohmann::json out = nlohmann::json::array();
    for (int i = 0; i < count; ++i) {
      nlohmann::json item = convert(items[i]);
      item["name"] = names[i];
      out.push_back(std::move(item));
    }
    object[name] = std::move(out);
  }

 private:
  template <class T>
  static nlohmann::json convert(const T& field) {
    if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T> || std::is_same_v<T, std::string>) {
      return field;
    } else if constexpr (std::is_enum_v<T>) {
      return static_cast<std::underlying_type_t<T>>(field);
    } else if constexpr (IsFixedVector<T>::value || requires { std::tuple_size<T>::value; }) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : field) out.push_back(convert(item));
      return out;
    } else {
      JsonFieldWriter nested;
      const_cast<T&>(field).visit(nested);  // visit() only reads when given a writer
      return nested.object;
    }
  }
};

// Error: the exception type for a bad value (CardDataError for cards, RulesError for rules).
template <class Error>
class JsonFieldReader {
 public:
  // strict: every key of the object (and of the objects nested in it) must be a field the
  // visit reads, as the Python reader of state records requires; card records are not strict,
  // since they carry fields only Python reads (provenance, text).
  JsonFieldReader(const nlohmann::json& object, std::string where, bool strict = false)
      : object_(object), where_(std::move(where)), strict_(strict) {
    if (!object_.is_object()) fail(where_, "is not an object");
  }

  // With strict: an unknown field is an error, not silently dropped.
  void finish() const {
    if (!strict_) return;
    for (const auto& item : object_.items())
      if (std::find(read_.begin(), read_.end(), item.key()) == read_.end()) fail(where_ + "." + item.key(), "unknown field");
  }

  template <class T>
  void operator()(const char* name, T& field) {
    read(member(name), field, where_ + "." + name);
  }

  // A field added to a format after documents of it were written: absent keeps the default.
  template <class T>
  void optional(const char* name, T& field) {
    if (object_.contains(name)) (*this)(name, field);
  }

  template <class T>
  void list(const char* name, T* items, int count) {
    const nlohmann::json& value = member(name);
    const std::string path = where_ + "." + name;
    if (!value.is_array() || value.size() != static_cast<std::size_t>(count))
      fail(path, "must hold " + std::to_string(count) + " entries, one per player");
    for (int i = 0; i < count; ++i) read(value[i], items[i], path + "[" + std::to_string(i) + "]");
  }

  template <class T, std::size_t N>
  void counted(const char* name, std::uint8_t& count, std::array<T, N>& items) {
    const nlohmann::json& value = member(name);
    const std::string path = where_ + "." + name;
    if (!value.is_array() || value.size() > N) fail(path, "is not a list of at most " + std::to_string(N) + " entries");
    count = static_cast<std::uint8_t>(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) read(value[i], items[i], path + "[" + std::to_string(i) + "]");
  }

  template <class T, std::size_t N>
  void named_list(const char* name, std::uint8_t& count, std::array<T, N>& items, std::array<std::string, N>& names) {
    const nlohmann::json& value = member(name);
    const std::string path = where_ + "." + name;
    if (!value.is_array() || value.size() > N) fail(path, "is not a list of at most " + std::to_string(N) + " entries");
    count = static_cast<std::uint8_t>(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
      JsonFieldReader nested(value[i], path + "[" + std::to_string(i) + "]", strict_);
      nested("name", names[i]);
      items[i].visit(nested);
      nested.finish();
    }
  }

  template <class Enum>
  void option(const char* name, Enum& field, std::initializer_list<std::string_view> options) {
    const nlohmann::json& value = member(name);
    const std::string path = where_ + "." + name;
    if (!value.is_string()) fail(path, "is not text");
    const auto& text = value.get_ref<const std::string&>();
    int index = 0;
    std::string known;
    for (std::string_view option : options) {
      if (option == text) {
        field = static_cast<Enum>(index);
        return;
      }
      known += (known.empty() ? "" : ", ") + std::string(option);
      ++index;
    }
    fail(path, "has no option '" + text + "' (options: " + known + ")");
  }

 private:
  [[noreturn]] static void fail(const std::string& path, const std::string& what) {
    throw Error(path + " " + what);
  }

  const nlohmann::json& member(const char* name) {
    const auto found = object_.find(name);
    if (found == object_.end()) fail(where_, std::string("has no field '") + name + "'");
    if (strict_) read_.emplace_back(name);
    return *found;
  }

  template <class T>
  void read(const nlohmann::json& value, T& field, const std::string& path) {
    if constexpr (std::is_same_v<T, bool>) {
      if (!value.is_boolean()) fail(path, "is not true or false");
      field = value.get<bool>();
    } else if constexpr (std::is_enum_v<T>) {
      std::underlying_type_t<T> raw{};
      read(value, raw, path);
      field = static_cast<T>(raw);
    } else if constexpr (std::is_integral_v<T>) {
      if (!value.is_number_integer()) fail(path, "is not a whole number");
      if (value.is_number_unsigned()) {
        const auto n = value.get<std::uint64_t>();
        if (n > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) fail(path, "is too large");
        field = static_cast<T>(n);
      } else {
        const auto n = value.get<std::int64_t>();
        if constexpr (std::is_unsigned_v<T>) {
          if (n < 0) fail(path, "is negative");
          if (static_cast<std::uint64_t>(n) > std::numeric_limits<T>::max()) fail(path, "is too large");
        } else {
          if (n < std::numeric_limits<T>::min() || n > std::numeric_limits<T>::max()) fail(path, "is out of range");
        }
        field = static_cast<T>(n);
      }
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!value.is_string()) fail(path, "is not text");
      field = value.get<std::string>();
    } else if constexpr (IsFixedVector<T>::value) {
      if (!value.is_array() || value.size() > T::capacity())
        fail(path, "is not a list of at most " + std::to_string(T::capacity()) + " values");
      field.clear();
      for (std::size_t i = 0; i < value.size(); ++i) {
        typename T::value_type item{};
        read(value[i], item, path + "[" + std::to_string(i) + "]");
        field.push_back(item);
      }
    } else if constexpr (requires { std::tuple_size<T>::value; }) {
      if (!value.is_array() || value.size() != std::tuple_size<T>::value)
        fail(path, "is not a list of " + std::to_string(std::tuple_size<T>::value) + " values");
      for (std::size_t i = 0; i < field.size(); ++i) read(value[i], field[i], path + "[" + std::to_string(i) + "]");
    } else {
      JsonFieldReader nested(value, path, strict_ || closed_record<T>());
      field.visit(nested);
      nested.finish();
    }
  }

  // A struct that declares kClosedRecord (an Effect's amounts) refuses unknown keys even in a
  // record that is not read strictly.
  template <class T>
  static constexpr bool closed_record() {
    if constexpr (requires { T::kClosedRecord; }) return T::kClosedRecord;
    return false;
  }

  const nlohmann::json& object_;
  std::string where_;
  bool strict_;
  std::vector<std::string> read_;  // with strict: the fields visited, for finish()
};

// Parses a definition and checks its format name and version; throws CardDataError.
nlohmann::json parse_definition(std::string_view json_text);

// Parses a definition of `game_name` (CardDataError for another game's) and reads its
// "parameters" object through Rules::visit (RulesError for a bad value).
template <class Rules>
nlohmann::json parse_definition_of(std::string_view json_text, std::string_view game_name, Rules& rules) {
  nlohmann::json document = parse_definition(json_text);
  if (document["game"] != game_name)
    throw CardDataError("game definition: it defines " + document["game"].get<std::string>() + ", not " +
                        std::string(game_name));
  const auto parameters = document.find("parameters");
  if (parameters == document.end()) throw CardDataError("game definition: no \"parameters\"");
  JsonFieldReader<RulesError> reader(*parameters, "game definition: parameters");
  rules.visit(reader);
  return document;
}

// The "cards" list of a definition; CardDataError when there is none.
inline const nlohmann::json& definition_cards(const nlohmann::json& document) {
  const auto cards = document.find("cards");
  if (cards == document.end() || !cards->is_array()) throw CardDataError("game definition: no \"cards\" list");
  return *cards;
}

// A state's record (the "state" object of a saved state, docs/state-format.md) as JSON text,
// and back: written and read through State::visit, then checked by the game's validate().
template <class Game>
std::string state_record_json_of(const Game& game, const typename Game::State& state) {
  JsonFieldWriter writer;
  const_cast<typename Game::State&>(state).visit(writer, game.num_players());  // a writer only reads
  return writer.object.dump();
}

template <class Game>
typename Game::State state_from_record_json_of(const Game& game, std::string_view json_text) {
  const nlohmann::json record = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (record.is_discarded()) throw StateFormatError("state record: not valid JSON");
  typename Game::State state{};
  JsonFieldReader<StateFormatError> reader(record, "state", /*strict=*/true);
  state.visit(reader, game.num_players());
  reader.finish();
  game.validate(state);
  // Fields a record leaves out because they follow from the rest (Pursuit's row sums), as
  // Python's reader restores them.
  if constexpr (requires { game.rebuild_derived(state); }) game.rebuild_derived(state);
  return state;
}

}  // namespace lifespan
