#pragma once
// Game definitions (docs/embedding.md §2): the versioned JSON document that
// `game.to_definition()` and `python -m lifespan export` write — one configured game's rule
// parameters, options and cards — and that a C++ host reads without Python. The reader lives in
// the core's sources (core/src/common/json_visit.hpp) so that installed headers need no JSON
// library.
#include <string>
#include <string_view>

namespace lifespan {

// The format's name and version, written in every definition. A reader accepts versions up to
// its own and refuses newer ones with a CardDataError.
inline constexpr std::string_view kDefinitionFormat = "lifespan-game-definition";
inline constexpr int kDefinitionVersion = 1;

// The game name a definition's "game" field holds; throws CardDataError when the text is not a
// definition (not JSON, wrong format name, newer version).
std::string definition_game_name(std::string_view json_text);

}  // namespace lifespan
