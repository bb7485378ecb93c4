#pragma once
// What a played state remembers beyond its value: the moves played on it (history) and, for
// information states, the positions its history replays from. The core's State stays a
// fixed-size value for search; a Recall lives beside it in a host's state object (the Python
// State, the OpenSpiel bridge's State), grows by one int per move, and is read rarely, so its
// cost is paid only where OpenSpiel-style tools ask for it.
//
// A seat's information state is perfect recall of what that seat observed, in order
// (docs/ecosystem.md §2): the lines of observation_string(seat) at the start, then for every
// move, who moved (the seat's own action by name; "chance" for a chance outcome) and the lines
// of its observation that changed. Two histories give the same text exactly when the seat saw
// the same things in the same order, because each observation can be rebuilt from the text.
// It is built lazily by replaying the history from the position it started at, and kept per
// seat so that asking again after one more move replays one move.
#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lifespan {

template <class G>
class Recall {
 public:
  using State = typename G::State;

  // A record that begins at `start`, with `history` already played before it (a loaded save);
  // seats' information states begin at `start`.
  static Recall begin(const State& start, std::vector<int> history = {}) {
    Recall recall;
    auto origin = std::make_shared<Origin>();
    origin->segments.push_back({history.size(), start});
    recall.origin_ = std::move(origin);
    recall.history_ = std::move(history);
    return recall;
  }

  const std::vector<int>& history() const { return history_; }
  void record(int action) { history_.push_back(action); }

  // `now` replaces the position from here on without any seat seeing a change (a reseed):
  // replays run to this point, then continue from `now`.
  void restart_from(const State& now) {
    auto origin = std::make_shared<Origin>(*origin_);
    origin->segments.push_back({history_.size(), now});
    origin_ = std::move(origin);
  }

  // The record of a position resampled from `seat`'s point of view (determinize): the same
  // history, `seat`'s information state so far kept, the other seats' beginning at `sampled`
  // (their past in the sampled world is not known).
  Recall resampled(const G& game, const State& current, int seat, const State& sampled) const {
    Recall out = begin(sampled, history_);
    auto origin = std::make_shared<Origin>(*out.origin_);
    const SeatRecord& record = seat_record(game, current, seat);
    origin->prefix[seat] = record.text;
    origin->prefix_lines[seat] = record.last_lines;
    out.origin_ = std::move(origin);
    return out;
  }

  std::string information_state(const G& game, const State& current, int seat) const {
    return seat_record(game, current, seat).text;
  }

 private:
  struct Segment {
    std::size_t first_move;  // the history index at which `start` stands
    State start;
  };
  struct Origin {
    std::vector<Segment> segments;
    std::array<std::string, G::kMaxPlayers> prefix;  // a seat's text before the first segment
    std::array<std::vector<std::string>, G::kMaxPlayers> prefix_lines;
  };
  struct SeatRecord {
    std::size_t moves = 0;    // how much of the history `text` covers
    std::size_t segment = 0;  // the segment `cursor` is in
    State cursor{};           // the position after `moves` moves
    std::string text;
    std::vector<std::string> last_lines;  // the seat's last observation, line by line
  };

  static std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin <= text.size()) {
      const std::size_t end = text.find('\n', begin);
      if (end == std::string::npos) {
        lines.emplace_back(text.substr(begin));
        break;
      }
      lines.emplace_back(text.substr(begin, end - begin));
      begin = end + 1;
    }
    return lines;
  }

  // Appends the lines of the seat's observation of `position` that differ from the last one
  // ("i|text"), and the new line count when it changed ("#n"), so each observation is recoverable.
  static void observe(const G& game, const State& position, int seat, SeatRecord& record) {
    std::vector<std::string> lines = lines_of(game.observation_string(position, seat));
    if (lines.size() != record.last_lines.size()) record.text += "#" + std::to_string(lines.size()) + "\n";
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (i >= record.last_lines.size() || lines[i] != record.last_lines[i])
        record.text += std::to_string(i) + "|" + lines[i] + "\n";
    record.last_lines = std::move(lines);
  }

  const SeatRecord& seat_record(const G& game, const State& current, int seat) const {
    std::shared_ptr<SeatRecord>& cached = cache_[seat];
    if (!cached || cached->moves > history_.size()) {
      cached = std::make_shared<SeatRecord>();
      const Segment& first = origin_->segments.front();
      cached->moves = first.first_move;
      cached->cursor = first.start;
      cached->text = origin_->prefix[seat];
      cached->last_lines = origin_->prefix_lines[seat];
      observe(game, first.start, seat, *cached);
    }
    const std::vector<Segment>& segments = origin_->segments;
    auto next_segment_starts_here = [&](const SeatRecord& record) {
      return record.segment + 1 < segments.size() && segments[record.segment + 1].first_move == record.moves;
    };
    if (cached->moves < history_.size() || next_segment_starts_here(*cached)) {
      if (cached.use_count() > 1) cached = std::make_shared<SeatRecord>(*cached);  // shared by a clone
      SeatRecord& record = *cached;
      while (true) {
        while (next_segment_starts_here(record)) {  // a reseed: the position goes on from its new future
          record.cursor = segments[++record.segment].start;
          observe(game, record.cursor, seat, record);
        }
        if (record.moves == history_.size()) break;
        const int action = history_[record.moves];
        const int mover = game.current_player(record.cursor);
        record.text += mover == seat ? "> " + game.action_to_string(record.cursor, action) + "\n"
                                     : (mover < 0 ? std::string("> chance\n") : "> seat " + std::to_string(mover) + "\n");
        game.apply(record.cursor, action);
        ++record.moves;
        observe(game, record.cursor, seat, record);
      }
    }
    if (!(cached->cursor == current))
      throw std::logic_error("this state's history does not replay to it; its information state is unknown");
    return *cached;
  }

  std::vector<int> history_;
  std::shared_ptr<const Origin> origin_;
  // Per seat, the information state built so far; shared with clones until one of them extends
  // it (copy on write), so a clone costs a pointer copy per seat.
  mutable std::array<std::shared_ptr<SeatRecord>, G::kMaxPlayers> cache_;
};

}  // namespace lifespan
