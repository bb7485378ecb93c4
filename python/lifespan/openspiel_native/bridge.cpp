// Both lifespan games as native OpenSpiel games (docs/ecosystem.md §1). lifespan.openspiel
// compiles this file once against the installed pyspiel's own headers and library and
// lifespan's C++ package (lifespan.get_cmake_dir()), then registers the games with it. Being
// C++, the games cost an OpenSpiel caller what a C++ OpenSpiel game costs, and OpenSpiel's C++
// algorithms (MCTSBot, ISMCTSBot, random_sim_test) run on them.
//
// The lifespan Game itself is built by the Python package (cards, rule parameters) with
// explicit chance; this module borrows its `const Game*` through the game's native_capsule and
// keeps the Python game alive. Python is called only to build a game and to release it.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lifespan/common/errors.hpp"
#include "lifespan/common/recall.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "lifespan/time_of_your_life/game.hpp"
#include "open_spiel/spiel.h"

namespace {
namespace py = pybind11;
namespace os = open_spiel;

// A reference to a Python object that may be dropped from C++ at any time: it takes the GIL
// to release it, and after the interpreter has finished it leaves the object be.
class PythonRef {
 public:
  explicit PythonRef(py::object object) : object_(object.release().ptr()) {}
  PythonRef(const PythonRef&) = delete;
  PythonRef& operator=(const PythonRef&) = delete;
  ~PythonRef() {
    if (!Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    Py_XDECREF(object_);
  }

 private:
  PyObject* object_;
};

// The lifespan error of an illegal action or bad call, as OpenSpiel reports errors.
template <class Call>
auto reported(Call&& call) -> decltype(call()) {
  try {
    return call();
  } catch (const std::exception& error) {
    os::SpielFatalError(error.what());
  }
}

template <class G>
class LifespanGame;

template <class G>
class LifespanState : public os::State {
 public:
  LifespanState(std::shared_ptr<const os::Game> game, const G* core, const typename G::State& value)
      : os::State(std::move(game)), core_(core), value_(value), recall_(lifespan::Recall<G>::begin(value)) {}

  os::Player CurrentPlayer() const override {
    return core_->is_terminal(value_) ? os::kTerminalPlayerId : core_->current_player(value_);
  }
  bool IsTerminal() const override { return core_->is_terminal(value_); }

  std::vector<os::Action> LegalActions() const override {
    if (IsTerminal()) return {};
    typename G::ActionList legal;
    core_->legal_actions(value_, legal);
    return {legal.begin(), legal.end()};
  }

  std::vector<std::pair<os::Action, double>> ChanceOutcomes() const override {
    SPIEL_CHECK_TRUE(IsChanceNode());
    typename G::ActionList outcomes;
    core_->legal_actions(value_, outcomes);  // uniform, docs/chance.md
    const double probability = 1.0 / static_cast<double>(outcomes.size());
    std::vector<std::pair<os::Action, double>> out;
    out.reserve(outcomes.size());
    for (int outcome : outcomes) out.emplace_back(outcome, probability);
    return out;
  }

  std::string ActionToString(os::Player, os::Action action) const override {
    if (action < 0 || action >= G::kNumDistinctActions) return "action " + std::to_string(action);
    try {
      return core_->action_to_string(value_, static_cast<int>(action));
    } catch (const std::exception&) {  // not an action of this position: named by its id
      return "action " + std::to_string(action);
    }
  }

  std::string ToString() const override { return core_->to_string(value_); }

  std::vector<double> Returns() const override {
    std::vector<double> out(static_cast<std::size_t>(core_->num_players()));
    core_->returns(value_, out.data());
    return out;
  }

  std::string InformationStateString(os::Player player) const override {
    check_seat(player);
    return reported([&] { return recall_.information_state(*core_, value_, static_cast<int>(player)); });
  }

  std::string ObservationString(os::Player player) const override {
    check_seat(player);
    return core_->observation_string(value_, static_cast<int>(player));
  }

  void ObservationTensor(os::Player player, absl::Span<float> values) const override {
    check_seat(player);
    SPIEL_CHECK_EQ(values.size(), static_cast<std::size_t>(core_->observation_size()));
    core_->observation(value_, static_cast<int>(player), values.data());
  }

  std::unique_ptr<os::State> Clone() const override { return std::make_unique<LifespanState>(*this); }

  // lifespan's determinize: what `player` cannot see, re-dealt from a seed OpenSpiel draws.
  std::unique_ptr<os::State> ResampleFromInfostate(int player, std::function<double()> rng) const override {
    check_seat(player);
    const auto seed = static_cast<std::uint64_t>(rng() * 9007199254740992.0);  // 2^53
    auto resampled = std::make_unique<LifespanState>(*this);
    resampled->value_ = core_->determinize(value_, player, seed);
    resampled->recall_ = recall_.resampled(*core_, value_, player, resampled->value_);
    return resampled;
  }

  const typename G::State& value() const { return value_; }

 protected:
  void DoApplyAction(os::Action action) override {
    if (action < 0 || action >= G::kNumDistinctActions)
      os::SpielFatalError("action " + std::to_string(action) + " is no action of this game");
    reported([&] { core_->apply(value_, static_cast<int>(action)); });
    recall_.record(static_cast<int>(action));
  }

 private:
  void check_seat(os::Player player) const {
    if (player < 0 || player >= core_->num_players())
      os::SpielFatalError("player must be from 0 to " + std::to_string(core_->num_players() - 1) + ", got " +
                          std::to_string(player));
  }

  const G* core_;
  typename G::State value_;
  lifespan::Recall<G> recall_;
};

template <class G>
class LifespanGame : public os::Game {
 public:
  LifespanGame(const os::GameType& type, const os::GameParameters& params, py::object lifespan_game, const G* core,
               int max_game_length)
      : os::Game(type, params),
        owner_(std::make_shared<PythonRef>(std::move(lifespan_game))),
        core_(core),
        max_game_length_(max_game_length) {}

  int NumDistinctActions() const override { return G::kNumDistinctActions; }
  int MaxChanceOutcomes() const override { return core_->max_chance_outcomes(); }
  int NumPlayers() const override { return core_->num_players(); }
  double MinUtility() const override { return -1.0; }
  double MaxUtility() const override { return 1.0; }
  // Win shares sum to 0 (docs/search.md); a solo game's ±1 has no fixed sum.
  absl::optional<double> UtilitySum() const override {
    if (core_->num_players() > 1) return 0.0;
    return absl::nullopt;
  }
  int MaxGameLength() const override { return max_game_length_; }
  std::vector<int> ObservationTensorShape() const override { return {core_->observation_size()}; }
  std::unique_ptr<os::State> NewInitialState() const override {
    return std::make_unique<LifespanState<G>>(shared_from_this(), core_, core_->new_state(0));
  }

 private:
  std::shared_ptr<PythonRef> owner_;  // the Python lifespan Game that owns *core_
  const G* core_;
  int max_game_length_;  // the lifespan game's max_game_length(): moves and chance nodes
};

// Python values for OpenSpiel's parameters: the keywords of lifespan.load_game.
py::dict keywords(const os::GameParameters& params) {
  py::dict out;
  for (const auto& [name, value] : params) {
    if (value.has_int_value()) out[py::str(name)] = value.int_value();
    else if (value.has_bool_value()) out[py::str(name)] = value.bool_value();
    else if (value.has_double_value()) out[py::str(name)] = value.double_value();
    else if (value.has_string_value()) out[py::str(name)] = value.string_value();
    else os::SpielFatalError("parameter " + name + " has a type lifespan games do not take");
  }
  return out;
}

os::GameParameter parameter_of(py::handle value) {
  if (py::isinstance<py::bool_>(value)) return os::GameParameter(value.cast<bool>());
  if (py::isinstance<py::int_>(value)) return os::GameParameter(value.cast<int>());
  if (py::isinstance<py::float_>(value)) return os::GameParameter(value.cast<double>());
  return os::GameParameter(py::str(value).cast<std::string>());
}

// Registers a game. `load(keywords)` returns the lifespan Game for OpenSpiel's parameters (or
// raises); `capsule_name` names what its native_capsule holds.
template <class G>
void register_game(const std::string& short_name, const std::string& long_name, int min_players, int max_players,
                   const py::dict& defaults, py::object load, const std::string& capsule_name) {
  os::GameParameters specification;
  for (auto item : defaults) specification[item.first.cast<std::string>()] = parameter_of(item.second);
  const os::GameType type{short_name,
                          long_name,
                          os::GameType::Dynamics::kSequential,
                          os::GameType::ChanceMode::kExplicitStochastic,
                          os::GameType::Information::kImperfectInformation,
                          os::GameType::Utility::kZeroSum,
                          os::GameType::RewardModel::kTerminal,
                          max_players,
                          min_players,
                          /*provides_information_state_string=*/true,
                          /*provides_information_state_tensor=*/false,
                          /*provides_observation_string=*/true,
                          /*provides_observation_tensor=*/true,
                          specification};
  // The loader lives as long as the registry, which outlives the interpreter: it is never released.
  PyObject* loader = load.release().ptr();
  os::GameRegisterer::RegisterGame(type, [type, loader, capsule_name](const os::GameParameters& params)
                                             -> std::shared_ptr<const os::Game> {
    py::gil_scoped_acquire gil;
    py::object game;
    try {
      game = py::reinterpret_borrow<py::object>(loader)(keywords(params));
    } catch (py::error_already_set& error) {
      os::SpielFatalError(error.what());
    }
    const auto* core = static_cast<const G*>(
        PyCapsule_GetPointer(game.attr("native_capsule")().ptr(), capsule_name.c_str()));
    if (core == nullptr) throw py::error_already_set();
    const int max_game_length = game.attr("max_game_length")().cast<int>();
    os::GameType instance_type = type;
    if (core->num_players() == 1) instance_type.utility = os::GameType::Utility::kGeneralSum;
    return std::make_shared<LifespanGame<G>>(instance_type, params, std::move(game), core, max_game_length);
  });
}

}  // namespace

PYBIND11_MODULE(_openspiel_native, m) {
  m.doc() = "lifespan's games as native OpenSpiel games (built by lifespan.openspiel)";
  m.def("register_time_of_your_life", &register_game<lifespan::time_of_your_life::Game>);
  m.def("register_pursuit_of_happiness", &register_game<lifespan::pursuit_of_happiness::Game>);
}
