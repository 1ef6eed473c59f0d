// Many puzzles of one shape on one solver (batch): the kind's rules are
// encoded and asserted once; each puzzle brings only its clues, as
// assumption literals when every clue is a literal (sudoku givens). Other
// clues: where the kind says which of its rules are the shape's
// (Encoding::shared_rules, sudoku variants), the solver is renewed from the
// shape's rules and the puzzle's own rules and clues are asserted outright,
// its uniqueness check a clause of its own (the next puzzle renews again);
// else they sit behind a guard literal of the puzzle, assumed for its
// checks and retired afterwards. The solver is a back end
// (engine/backend.h): Z3 or CaDiCaL.
// The uniqueness check excludes the first solution for that one check
// (Backend::check_excluding: CaDiCaL's constraint clause, a retired guard
// on Z3), so nothing of one puzzle constrains the next. A push/pop scope
// per check instead kept memory flat on Z3 but cost twice the time per
// puzzle.
//
// Puzzles share a shape when Encoder::rules_key gives the same non-empty
// key; any other puzzle runs through engine::run on a fresh context. Verdicts
// are those of `check` (unique / multiple / none / unknown, at most two
// solutions, each passed through the kind's checker); no conflict is
// computed here.
//
// Learned clauses pile up in the shared solver, and on CaDiCaL the first
// model of a 17-clue sudoku took a third longer after 20,000 puzzles than
// on a new solver; the retired guards of puzzles whose clues are not
// literals pile up too. So every 1,000 puzzles (set_renewal, batch
// --renew) the solver starts afresh from the clauses of the rules, kept
// since the first puzzle (Backend::mark, renew): a few ms, where
// encoding the rules again cost about 60 ms. README, "Batch", has the
// figures.
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
  // Start the shared solver afresh from the rules every n puzzles (0:
  // never); what was learned from earlier puzzles is then gone.
  void set_renewal(uint64_t n) { renew_every_ = n; }
  uint64_t renewals() const { return renewals_; }
  static constexpr uint64_t kDefaultRenewal = 1000;

 private:
  struct State;
  const Encoder& encoder_;
  std::string encoding_;
  std::string solver_;
  std::unique_ptr<State> state_;
  uint64_t reused_ = 0;
  uint64_t renew_every_ = kDefaultRenewal, renewals_ = 0;
};

}  // namespace psmt
