#pragma once
// The Game / State classes every game exposes, written once. A game type G provides the
// methods of time_of_your_life::Game (new_state, legal_actions, apply, scores, …) and a
// fixed-size G::State; this template mirrors them into Python with the names of the public contract (README.md).
// JSON, pickle and the card list are added in Python (lifespan/_api.py).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "lifespan/common/errors.hpp"
#include "lifespan/common/mcts.hpp"
#include "lifespan/common/playouts.hpp"
#include "lifespan/common/score_part.hpp"
#include "play_loop.hpp"
#include "lifespan/common/recall.hpp"
#include "state_record.hpp"

namespace lifespan::bindings {
namespace py = pybind11;

// What Python holds for a game: the shared, immutable C++ game.
template <class G>
struct GameHandle {
  std::shared_ptr<const G> game;
};

// A Python State: the game it belongs to (kept alive through the Python object) and the value.
template <class G>
struct StateHandle {
  py::object owner;  // the Python GameHandle
  const G* game;
  typename G::State state;
  Recall<G> recall;  // the moves played on it, for history() and information_state_string
};

// The text of an action given as a Python str. A str that UTF-8 cannot encode (a lone
// surrogate) is no action's name, so it is refused like any other unknown name.
inline std::string action_text(py::handle text) {
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (utf8 == nullptr) {
    PyErr_Clear();
    throw IllegalAction("no legal action is called " + std::string(py::repr(text)));
  }
  return std::string(utf8, static_cast<std::size_t>(size));
}

// An action given as a Python integer other than int (PyIndex_Check has passed, and it is no
// bool): its id, which must be in range.
inline int indexed_action(py::handle action, int num_actions) {
  const auto id = py::reinterpret_steal<py::int_>(PyNumber_Index(action.ptr()));
  if (id < py::int_(0) || id >= py::int_(num_actions)) throw_action_out_of_range(std::string(py::str(id)), num_actions);
  return id.cast<int>();
}

template <class G>
int parse_action(const StateHandle<G>& self, py::handle action) {
  if (PyLong_CheckExact(action.ptr())) {  // the common case, kept cheap for Python-driven loops
    int overflow = 0;
    const long id = PyLong_AsLongAndOverflow(action.ptr(), &overflow);
    if (overflow != 0 || id < 0 || id >= G::kNumDistinctActions)
      throw_action_out_of_range(std::string(py::str(action)), G::kNumDistinctActions);
    return static_cast<int>(id);
  }
  if (py::isinstance<py::str>(action)) return string_to_action(self, action_text(action));
  if (py::isinstance<py::bool_>(action) || !PyIndex_Check(action.ptr()))
    throw py::type_error("an action is an int id or the text of action_to_string, not " +
                         std::string(py::str(py::type::handle_of(action).attr("__name__"))));
  return indexed_action(action, G::kNumDistinctActions);
}

template <class G>
int string_to_action(const StateHandle<G>& self, const std::string& raw) {
  const auto first = raw.find_first_not_of(" \t\r\n");
  const auto last = raw.find_last_not_of(" \t\r\n");
  const std::string text = first == std::string::npos ? "" : raw.substr(first, last - first + 1);
  typename G::ActionList legal;
  self.game->legal_actions(self.state, legal);
  for (auto a : legal)
    if (self.game->action_to_string(self.state, a) == text) return a;
  throw IllegalAction("no legal action is called '" + text + "'" +
                      (legal.empty() ? std::string(" (the game is over)") : std::string()));
}

// A seat given from Python: any integer but a bool (numpy's too), with the rule and wording of
// lifespan's check_integer: another type is a TypeError, an integer out of range a ValueError.
template <class G>
int check_player(const G& game, py::handle given) {
  const int last = game.num_players() - 1;
  const std::string range = "player must be an integer from 0 to " + std::to_string(last);
  if (PyBool_Check(given.ptr()) || !PyIndex_Check(given.ptr()))
    throw py::type_error(range + ", got " + py::repr(given).cast<std::string>());
  const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(given.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long player = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow == 0 && player >= 0 && player <= last) return static_cast<int>(player);
  throw py::value_error(range + ", got " + py::repr(given).cast<std::string>());
}

// The text argument of string_to_action: a str, or a TypeError in the API's words.
inline std::string action_name(py::handle text) {
  if (!py::isinstance<py::str>(text))
    throw py::type_error("string_to_action takes the text of an action (a str), not " +
                         std::string(py::str(py::type::handle_of(text).attr("__name__"))));
  return action_text(text);
}

// Games come from load_game and states from new_state, clone or a saved record. pybind11 would
// also make one from `__new__` alone, with memory no constructor has set, which every method
// then reads (a crash or nonsense): refused instead, in the API's words. pybind11 makes the
// objects it returns without calling `__new__`, so nothing else changes.
template <class Class>
void refuse_bare_new(Class& cls, std::string where) {
  cls.attr("__new__") = py::staticmethod(py::cpp_function(
      [where](py::args, py::kwargs) -> py::none { throw py::type_error(where); }, py::name("__new__")));
}

template <class G>
py::array_t<std::int32_t> playouts(const G& game, const typename G::State* start, std::int64_t n,
                                   std::uint64_t seed, int threads, py::array_t<double>* returns = nullptr,
                                   std::int64_t first = 0) {
  if (n < 0) throw py::value_error("n must be an integer >= 0, got " + std::to_string(n));
  if (first < 0) throw py::value_error("first must be an integer >= 0, got " + std::to_string(first));
  check_thread_count(threads);  // before the arrays are made; run_playouts checks again for any host
  const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(game.num_players())};
  py::array_t<std::int32_t> out(shape);
  std::int32_t* data = out.mutable_data();
  double* returns_data = nullptr;
  if (returns) {
    *returns = py::array_t<double>(shape);
    returns_data = returns->mutable_data();
  }
  {
    py::gil_scoped_release release;
    run_playouts(game, start, n, seed, threads, data, returns_data, first);
  }
  return out;
}

template <class G>
void bind_game(py::module_& m, const char* game_class, const char* state_class) {
  using Game = GameHandle<G>;
  using State = StateHandle<G>;

  auto make_state = [](py::object owner, const typename G::State& value) {
    const G* game = owner.cast<const Game&>().game.get();
    return State{std::move(owner), game, value, Recall<G>::begin(value)};
  };

  // The native objects behind the Python ones, for Cython and C hosts (docs/embedding.md §3):
  // a PyCapsule named after the class ("TimeOfYourLifeGame", "TimeOfYourLifeState") holding a `const Game*` or a `State*`. The pointer
  // lives as long as the Python object it came from; a State's may be changed in place.
  py::class_<Game> game_cls(m, game_class, py::dynamic_attr());
  game_cls
      .def("native_capsule",
           [game_class](const Game& g) {
             return py::capsule(const_cast<G*>(g.game.get()), game_class);
           },
           "A PyCapsule holding this game's `const Game*` (docs/embedding.md §3).")
      .def_property_readonly("num_players", [](const Game& g) { return g.game->num_players(); })
      .def_property_readonly("num_distinct_actions", [](const Game&) { return G::kNumDistinctActions; })
      .def("max_chance_outcomes", [](const Game& g) { return g.game->max_chance_outcomes(); },
           "An upper bound of the outcome ids of any chance node (explicit chance mode).")
      .def_property_readonly("observation_shape",
                             [](const Game& g) { return py::make_tuple(g.game->observation_size()); })
      .def("max_game_length", [](const Game& g) { return g.game->max_game_length(); },
           "No game takes more moves than this, chance nodes included in explicit chance mode "
           "(the engine docs derive it).")
      .def("observation_bounds",
           [](const Game& g) {
             const auto size = static_cast<py::ssize_t>(g.game->observation_size());
             py::array_t<float, py::array::c_style> low(size), high(size);
             g.game->observation_bounds(low.mutable_data(), high.mutable_data());
             return py::make_tuple(low, high);
           },
           "(low, high): float32 arrays bounding every observation entry in any reachable state.")
      .def("_new_state",
           [make_state](py::object self, std::uint64_t seed) {
             return make_state(self, self.cast<const Game&>().game->new_state(seed));
           },
           py::arg("seed"))
      .def("_state_from_record",
           [make_state](py::object self, py::handle record, std::vector<int> history) {
             const G& game = *self.cast<const Game&>().game;
             typename G::State value{};
             FromRecord reader(record, "state");
             value.visit(reader, game.num_players());
             reader.finish();
             game.validate(value);
             if constexpr (requires { game.rebuild_derived(value); }) game.rebuild_derived(value);
             State loaded = make_state(self, value);
             for (int action : history)
               if (action < 0 || action >= G::kNumDistinctActions)
                 throw py::value_error("a saved history holds action " + std::to_string(action) +
                                       ", which is no action id of this game");
             loaded.recall = Recall<G>::begin(value, std::move(history));
             return loaded;
           },
           py::arg("record"), py::arg("history") = std::vector<int>{})
      // `first`: the index of the batch's first game, so that shards of a batch (lifespan's
      // process and Ray backends) give exactly the rows of the whole batch.
      .def("_playouts", [](const Game& g, std::int64_t n, std::uint64_t seed, int threads, std::int64_t first) {
        return playouts(*g.game, nullptr, n, seed, threads, nullptr, first);
      }, py::arg("n"), py::arg("seed"), py::arg("threads"), py::arg("first") = 0)
      .def("_playouts_with_returns",  // the same games, with each game's returns() (selfplay's wins)
           [](const Game& g, std::int64_t n, std::uint64_t seed, int threads, std::int64_t first) {
             py::array_t<double> returns;
             py::array_t<std::int32_t> scores = playouts(*g.game, nullptr, n, seed, threads, &returns, first);
             return py::make_tuple(scores, returns);
           },
           py::arg("n"), py::arg("seed"), py::arg("threads"), py::arg("first") = 0);
  game_cls.def("max_chance_nodes", [](const Game& g) { return g.game->max_chance_nodes(); },
               "An upper bound of the chance nodes of one game in explicit chance mode.");

  py::class_<State> state_cls(m, state_class);
  state_cls
      .def("native_capsule",
           [state_class](State& s) { return py::capsule(&s.state, state_class); },
           "A PyCapsule holding this state's `State*`, valid while the state lives (docs/embedding.md §3).")
      .def_property_readonly_static("state_bytes", [](py::handle) { return sizeof(typename G::State); },
                                    "sizeof the C++ state value: what a clone copies")
      .def_property_readonly("game", [](const State& s) { return s.owner; })
      .def_property_readonly("current_player", [](const State& s) { return s.game->current_player(s.state); })
      .def("is_chance_node", [](const State& s) { return s.game->is_chance_node(s.state); })
      .def("chance_outcomes",
           [](const State& s) {
             if (!s.game->is_chance_node(s.state))
               throw py::value_error("not a chance node: chance_outcomes lists a chance node's outcomes "
                                     "(explicit chance mode; current_player is -1 there)");
             typename G::ActionList outcomes;
             s.game->legal_actions(s.state, outcomes);
             const double probability = 1.0 / static_cast<double>(outcomes.size());
             py::list list;
             for (auto outcome : outcomes) list.append(py::make_tuple(outcome, probability));
             return list;
           })
      .def("_reseed",  // the seed is checked by lifespan._api first
           [](State& s, std::uint64_t seed) {
             if (s.state.rng.mode != ChanceMode::kSampled)
               throw py::value_error("reseed: in explicit chance mode the future is chosen at its chance "
                                     "nodes, and the state holds none of it to re-draw");
             s.state = s.game->reseed(s.state, seed);
             s.recall.restart_from(s.state);  // the history replays to here, then goes on from the new future
           },
           py::arg("seed"))
      .def("legal_actions_mask",
           [](const State& s) {
             py::array_t<bool> mask(G::kNumDistinctActions);
             bool* data = mask.mutable_data();
             std::fill(data, data + G::kNumDistinctActions, false);
             typename G::ActionList legal;
             s.game->legal_actions(s.state, legal);
             for (auto a : legal) data[a] = true;
             return mask;
           })
      // is_terminal, legal_actions and apply: play_loop.hpp; this is apply's checked path.
      .def("_apply",
           [](State& s, py::handle action) {
             const int id = parse_action(s, action);
             s.game->apply(s.state, id);
             s.recall.record(id);
           },
           py::arg("action"))
      .def("child",
           [](const State& s, py::handle action) {
             State next = s;
             const int id = parse_action(s, action);
             next.game->apply(next.state, id);
             next.recall.record(id);
             return next;
           },
           py::arg("action"))
      .def("clone", [](const State& s) { return s; })
      .def("__copy__", [](const State& s) { return s; })
      .def("__deepcopy__", [](const State& s, py::handle) { return s; }, py::arg("memo"))
      .def("action_to_string",
           [](const State& s, py::handle action) {
             return s.game->action_to_string(s.state, parse_action(s, action));
           },
           py::arg("action"))
      .def("string_to_action", [](const State& s, py::handle text) { return string_to_action(s, action_name(text)); },
           py::arg("text"))
      .def("scores",
           [](const State& s) {
             std::array<std::int32_t, G::kMaxPlayers> out{};
             s.game->scores(s.state, out.data());
             py::list list;
             for (int p = 0; p < s.game->num_players(); ++p) list.append(out[p]);
             return list;
           })
      .def("_score_parts",  // (source, label, points) tuples; lifespan._api checks the seat
           [](const State& s, int seat) {
             py::list list;
             for (const lifespan::ScorePart& part : s.game->score_parts(s.state, seat))
               list.append(py::make_tuple(part.source, part.label, part.points));
             return list;
           })
      .def("returns",
           [](const State& s) {
             std::array<double, G::kMaxPlayers> out{};
             s.game->returns(s.state, out.data());
             py::list list;
             for (int p = 0; p < s.game->num_players(); ++p) list.append(out[p]);
             return list;
           })
      .def("observation_string",
           [](const State& s, py::handle player) {
             return s.game->observation_string(s.state, check_player(*s.game, player));
           },
           py::arg("player"))
      .def("observation",
           [](const State& s, py::handle player_given, py::object out) {
             const int player = check_player(*s.game, player_given);
             const auto size = static_cast<py::ssize_t>(s.game->observation_size());
             py::array_t<float, py::array::c_style> buffer;
             if (out.is_none()) {
               buffer = py::array_t<float, py::array::c_style>(size);
             } else {
               if (!py::isinstance<py::array_t<float, py::array::c_style>>(out))
                 throw py::type_error("out must be a C-contiguous numpy float32 array");
               buffer = out.cast<py::array_t<float, py::array::c_style>>();
               if (buffer.ndim() != 1 || buffer.shape(0) != size)
                 throw py::value_error("out must have shape (" + std::to_string(size) + ",)");
             }
             s.game->observation(s.state, player, buffer.mutable_data());
             return buffer;
           },
           py::arg("player"), py::arg("out") = py::none())
      .def("_determinize",  // player and seed are checked by lifespan._api first
           [](const State& s, py::handle player, std::uint64_t seed) {
             const int seat = check_player(*s.game, player);
             State d = s;
             d.state = s.game->determinize(s.state, seat, seed);
             d.recall = s.recall.resampled(*s.game, s.state, seat, d.state);
             return d;
           },
           py::arg("player"), py::arg("seed"))
      .def("_to_record",
           [](const State& s) {
             ToRecord writer;
             const_cast<typename G::State&>(s.state).visit(writer, s.game->num_players());
             return writer.dict;
           })
      .def("_playouts",
           [](const State& s, std::int64_t n, std::uint64_t seed, int threads, std::int64_t first) {
             // A copy: with the GIL released another Python thread may change `s`.
             const typename G::State start = s.state;
             return playouts(*s.game, &start, n, seed, threads, nullptr, first);
           },
           py::arg("n"), py::arg("seed"), py::arg("threads"), py::arg("first") = 0)
      .def("_mcts",
           [](const State& s, std::int64_t iterations, double seconds, int threads, std::uint64_t seed,
              double exploration, int max_rollout) {
             // lifespan.mcts checks its arguments in the API's words; mcts() checks them again
             // (check_options), for any caller. The search holds no Python objects.
             if (s.game->is_terminal(s.state)) throw py::value_error("mcts needs a state that is not terminal");
             if (s.game->is_chance_node(s.state))
               throw py::value_error("mcts searches for the player to move, and this state is a chance node: "
                                     "apply one of its chance_outcomes() first");
             MctsOptions options{iterations, seconds, threads, seed, exploration, max_rollout};
             const typename G::State root = s.state;  // another Python thread may change `s`
             MctsResult result;
             {
               py::gil_scoped_release release;
               result = mcts(*s.game, root, options);
             }
             return py::make_tuple(result.action, result.actions, result.visits, result.values,
                                   result.iterations, result.simulated_moves);
           },
           py::arg("iterations"), py::arg("seconds"), py::arg("threads"), py::arg("seed"), py::arg("exploration"),
           py::arg("max_rollout"))
      .def("_sample_actions",
           [](const State& s, std::int64_t n, std::uint64_t seed) {
             // The random playout policy's draws from this position (for tests).
             if (s.game->is_terminal(s.state)) throw py::value_error("the game is over: nothing to sample");
             if (n < 0) throw py::value_error("n must be an integer >= 0, got " + std::to_string(n));
             SplitMix64 rng{seed};
             py::list out;
             for (std::int64_t i = 0; i < n; ++i) out.append(s.game->sample_action(s.state, rng));
             return out;
           },
           py::arg("n"), py::arg("seed"))
      .def("history", [](const State& s) { return s.recall.history(); },
           "Every action applied to this state since it began, in order (a new list).")
      .def("information_state_string",
           [](const State& s, py::handle player) {
             return s.recall.information_state(*s.game, s.state, check_player(*s.game, player));
           },
           py::arg("player"),
           "Perfect recall: everything `player` has observed since this state's game began, in order.")
      .def("__str__", [](const State& s) { return s.game->to_string(s.state); })
      .def("__eq__",
           [](const State& a, py::handle other) {
             if (!py::isinstance<State>(other)) return false;
             const State& b = other.cast<const State&>();
             return (a.game == b.game || a.game->same_rules_and_cards(*b.game)) && a.state == b.state;
           })
      .attr("__hash__") = py::none();  // states change in place, so they are not hashable
  refuse_bare_new(game_cls, std::string(game_class) + " objects come from lifespan.load_game()");
  refuse_bare_new(state_cls, std::string(state_class) +
                                 " objects come from game.new_state(), state.clone() or a saved state");
  PlayLoopMethods<G>::install(state_cls);
}

}  // namespace lifespan::bindings
