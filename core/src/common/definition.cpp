// Game definitions (docs/embedding.md §2): parsing and the format/version check shared by
// every game's reader.
#include "lifespan/common/definition.hpp"

#include "json_visit.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan {

nlohmann::json parse_definition(std::string_view json_text) {
  nlohmann::json document = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) throw CardDataError("game definition: not valid JSON");
  if (!document.is_object()) throw CardDataError("game definition: not a JSON object");
  const auto format = document.find("format");
  if (format == document.end() || *format != kDefinitionFormat)
    throw CardDataError("game definition: no \"format\": \"" + std::string(kDefinitionFormat) + "\" field");
  const auto version = document.find("version");
  if (version == document.end() || !version->is_number_integer() || version->get<std::int64_t>() < 1)
    throw CardDataError("game definition: no whole-number \"version\" of 1 or more");
  if (version->get<std::int64_t>() > kDefinitionVersion)
    throw CardDataError("game definition: version " + std::to_string(version->get<std::int64_t>()) +
                        " is newer than this engine reads (" + std::to_string(kDefinitionVersion) + ")");
  const auto game = document.find("game");
  if (game == document.end() || !game->is_string()) throw CardDataError("game definition: no \"game\" name");
  return document;
}

std::string definition_game_name(std::string_view json_text) {
  return parse_definition(json_text)["game"].get<std::string>();
}

}  // namespace lifespan
