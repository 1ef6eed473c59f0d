// Step-by-step explanations of a unique puzzle, for every kind through the
// encoder interface: which facts follow, from which clues and rules, in
// what order (explain), the next step from a player's position (hint), and
// a difficulty from the steps (grade).
//
// The model is that of Demystify (Espasa, Gent, Jefferson et al. 2021) and
// of step-wise explanations (Bogaerts, Gamba, Guns 2021): a fact is the
// value of one Boolean decision variable in the solution ("r3c4 is 5",
// "r3c4 is not 5", "the edge above r2c2 is on"); the items an explanation
// cites are the puzzle's clues and the kind's rule instances
// (Encoding::named_rules: "row 3 holds each digit once"; the graph rules,
// "the lines form one loop"); the facts known so far are free. A step is a
// smallest set of items from which, with what is known, new facts follow:
// the rules left out of every group, the known facts, the items and the
// negation of each fact are unsatisfiable together, and dropping any item
// of the set makes them satisfiable (a minimal unsatisfiable subset over
// the items).
//
// Search, on one incremental solver with a selector per item (never a
// fresh solver per candidate fact): each round first takes what follows
// from the known facts alone (size 0), then from every item alone (size
// 1), then from every two items that share a variable (size 2): each of
// these is the backbone of the candidate facts under the items' selectors
// (a model that breaks one of the candidates drops those it breaks; unsat
// proves the rest). These sizes are exhaustive: a step of size 1 or 2 is a
// smallest one. Beyond, each unknown fact's failed-assumption core under
// every item is shrunk by deletion, the facts with the smallest cores
// first, and the smallest set found is the step (not shown smallest: the
// report says so). Facts found in one round are applied together; facts
// with the same explanation are one step.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"

namespace psmt {

struct ExplainOptions {
  std::string encoding;  // empty: the kind's default, or its first encoding with Boolean decision variables
  std::string solver = default_solver();  // empty: the encoding's own
  Limits limits;
  // Explanations larger than this are not searched exhaustively (the
  // shrinking of cores takes over beyond size 2 in any case); a step larger
  // than this is reported as needing a case split.
  unsigned case_split = 5;
  // Stop after this many steps (hint: 1); 0: until the solution is known.
  std::size_t max_steps = 0;
  // Facts the player has entered (hint), in the words of
  // Encoder::fact_label ("r3c4 is 5"; "r3c4=5" is read as "r3c4 is 5");
  // an entry that names no fact is an InputError. Entries that disagree
  // with the solution are mistakes: the run reports them and stops.
  std::vector<std::string> entries;
  // The player's partial solution (hint; engine/progress.h): the kind's
  // solution form with "?" where nothing is filled in yet, or an object of
  // places and values. Each place filled in is known, or a mistake.
  std::optional<nlohmann::json> progress;
  std::string progress_path;    // its JSON pointer in its file ("/progress", or "" for a file of its own)
  std::string progress_origin;  // that file, for messages
  bool progress_is_text = false;  // read from lines of text: messages name the line, not a JSON pointer
  // Stop after the first step that decides a place (hint): a fact that is
  // true in a place of several variables (a digit placed), or any fact of a
  // place of one variable (a cell shaded or not, an edge on or off).
  bool stop_at_decision = false;
};

struct ExplainItem {
  std::string id, label;
  std::vector<Cell> cells;
  bool rule = false;  // a rule of the kind (else a clue of the puzzle)
};

struct ExplainFact {
  std::size_t var = 0;
  bool value = false;
  std::string label;
  std::optional<Cell> cell;  // where it is drawn: its place's cell
  std::optional<std::size_t> place;  // its place (an index into Encoder::places), if any
};

struct ExplainStep {
  std::vector<ExplainFact> facts;
  std::vector<std::size_t> items;  // indices into Explanation::items
  bool smallest = true;            // no fact was left that follows from fewer items
  bool case_split = false;         // larger than ExplainOptions::case_split
  std::size_t round = 0;
  std::size_t width = 0;           // facts not yet known that the items speak of, when taken (open facts)
  std::size_t size() const { return items.size(); }
};

// The difficulty read off the steps: the largest step; then how wide the
// widest step of that size was (its open facts) and how many steps are
// that large (wider, more: harder).
struct Grade {
  std::size_t hardest = 0;
  std::size_t hardest_steps = 0;
  std::size_t hardest_width = 0;  // the most open facts a hardest step spoke of
  std::size_t steps = 0;
  std::size_t case_splits = 0;
  double score = 0;   // hardest + (s(hardest_width) + s(hardest_steps))/2, s(n) = 1 - 1/(1+n): orders by all three
  std::string level;  // for people: trivial, easy, moderate, hard, fiendish, needs a case split
};

// A player's entry that cannot be right (hint): the entry, and the
// smallest set of clues and rules that, with the other entries that agree
// with the solution, rule it out.
struct Mistake {
  ExplainFact fact;  // as entered
  std::vector<std::size_t> items;
};

struct Explanation {
  Result verdict;  // check of the puzzle first: explain needs one solution
  std::string encoding, solver;
  std::vector<ExplainItem> items;
  std::vector<ExplainStep> steps;
  std::vector<Mistake> mistakes;
  // Clues that are themselves a fact (a given digit, a cell given shaded):
  // known from the start, never a step.
  std::vector<ExplainFact> givens;
  bool rules_named = false;  // the kind names its rules (else they are always applied, uncited)
  std::size_t facts = 0;     // decision variables: facts to establish
  std::size_t known_at_start = 0;
  // Places of the player's progress read as filled in, the givens' places
  // left out.
  std::size_t progress_places = 0;
  // Decision variables of each place (Encoder::places): a place is known
  // once that many of its facts are (the pictures draw it then).
  std::vector<std::size_t> place_vars;
  bool complete = false;     // every fact established
  Grade grade;
  std::vector<std::string> notes;
  uint64_t checks = 0;
  double wall_ms = 0;
};

Explanation explain(const Encoder& encoder, const Puzzle& puzzle, const ExplainOptions& options);
// The encodings explain tries, in order: the one asked for; else the one
// check used, the kind's tracked one, then the kind's others. It takes the
// first that explain_refuses does not (that returns why, or "").
std::vector<std::string> explain_encodings(const Encoder& encoder, const std::string& asked, const std::string& checked);
std::string explain_refuses(const Encoding& enc);

Grade grade_of(const std::vector<ExplainStep>& steps, unsigned case_split);

nlohmann::json explanation_json(const Explanation& e);

}  // namespace psmt
