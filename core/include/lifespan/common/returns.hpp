#pragma once
// Returns for search when the winners share one win: each of k winners gets
// (N/k − 1)/(N − 1), every other player −1/(N − 1). A sole winner gets 1 and the returns
// sum to 0.
namespace lifespan {

inline void shared_win_returns(const bool* wins, int num_players, double* out) {
  int winners = 0;
  for (int seat = 0; seat < num_players; ++seat) winners += wins[seat];
  for (int seat = 0; seat < num_players; ++seat) {
    const double share = wins[seat] ? 1.0 / winners : 0.0;
    out[seat] = (num_players * share - 1.0) / (num_players - 1);
  }
}

}  // namespace lifespan
