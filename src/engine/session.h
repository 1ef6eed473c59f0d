// Many puzzles of one shape on one solver (batch): the kind's rules are
// encoded and asserted once; each puzzle brings only its clues, as
// assumption literals when every clue is a literal (sudoku givens), else
// behind a guard literal of the puzzle, assumed for its checks and retired
// afterwards. The solver is a back end (engine/backend.h): Z3 or CaDiCaL. The uniqueness check adds the first solution's blocking
// clause behind a fresh guard literal, retired afterwards, so nothing of one
// puzzle constrains the next. Retired guards pile up in the solver (214 MB
// after 49,158 sudokus, and the rate halved), so the session starts afresh
// every 2,000 puzzles; a push/pop scope per check instead kept memory flat
// but cost twice the time per puzzle.
//
// Puzzles share a shape when Encoder::rules_key gives the same non-empty
// key; any other puzzle runs through engine::run on a fresh context. Verdicts
// are those of `check` (unique / multiple / none / unknown, at most two
// solutions, each passed through the kind's checker); no conflict is
// computed here.
#pragma once

#include <memory>
#include <string>

#include "engine/engine.h"

namespace psmt {

class Session {
 public:
  Session(const Encoder& encoder, std::string encoding, std::string solver = default_solver());
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  Result check(const Puzzle& puzzle, const Limits& limits);
  uint64_t reused() const { return reused_; }  // puzzles that ran on the shared solver

 private:
  struct State;
  const Encoder& encoder_;
  std::string encoding_;
  std::string solver_;
  std::unique_ptr<State> state_;
  uint64_t reused_ = 0;
};

}  // namespace psmt
