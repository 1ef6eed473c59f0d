// Constraint families of the sudoku kind (variant sudoku): killer cages,
// thermometers, arrows, kropki dots, lines, outside clues, global rules...
//
// A family is one unit: it reads its JSON field into items (each with a
// stable clue id and a label in the setter's words), encodes each item
// through the Builder (one formulation per encoding, side by side), checks a
// solution against it in plain C++, offers changed versions of an item for
// "change" repairs, and draws it. Nothing here includes Z3: the Builder is a
// façade whose implementation (builder.cpp) is the only place the families'
// formulas become the engine's formulas (native in the Boolean encodings, Z3
// terms in the integer one), so every family's checker is independent of
// any solver by construction.
//
// The sudoku encoder (sudoku.cpp) keeps the grid, the regions and the loop
// over the families present; adding a family touches one new file in
// families/ and one line in families/registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grid/grid.h"
#include "io/json_node.h"
#include "render/svg.h"

namespace psmt::sudoku {

struct Grid;

// One clue of a family: a cage, a line, a dot, an outside clue, a global rule.
// Families use the fields they need; the meaning of each is the family's.
struct Item {
  std::string id;             // stable clue id: "killer/3", "kropki/black/12", "anti_knight"
  std::string label;          // for people: "killer cage 4 at r3c4–r4c4, total 17"
  std::string variant;        // sub-kind: "white", "black", "x", "v", "rows", "negative", ...
  std::vector<Cell> cells;    // the cells it constrains (a cage, a line, a pair, a circle)
  std::vector<Cell> cells2;   // a second list: an arrow's line, a clone's copy
  std::optional<int> value;   // a total, a difference, a ratio, a sum
  std::vector<int> digits;    // a quadruple's digits
  std::optional<Cell> clue;   // where an outside clue is written (row or column -1 or n)
  int index = 0;              // position in its JSON list (a sandwich's row, an item's number)
  // A value the setters' editors let one type but the rules can never meet
  // (a sandwich of 36 on a 9x9, whose most is 35): not malformed input, a
  // clue that cannot hold. The item encodes as false, so the puzzle has no
  // solution and diagnose names this clue.
  bool beyond_reach = false;
};

// A formula of the encoding being built, as an opaque handle.
struct F {
  int id = -1;
};
// An integer term (integer encoding only).
struct T {
  int id = -1;
};

// What families build their formulas with. One implementation per encoding
// (builder.cpp): one-hot Booleans with pairwise clauses (plain CNF), one-hot
// Booleans with pseudo-Boolean constraints, or one Int per cell.
class Builder {
 public:
  enum class Mode { Pairwise, Onehot, Int };
  virtual ~Builder() = default;

  virtual Mode mode() const = 0;
  bool integer() const { return mode() == Mode::Int; }
  virtual int n() const = 0;  // digits are 1..n

  // Propositional structure.
  virtual F is(Cell c, int d) = 0;  // cell c holds d
  virtual F truth(bool b) = 0;
  virtual F negate(F f) = 0;
  virtual F all(const std::vector<F>& fs) = 0;
  virtual F any(const std::vector<F>& fs) = 0;
  F implies(F a, F b) { return any({negate(a), b}); }
  // c holds one of the digits for which ok(d) is true. Boolean encodings: one
  // literal per cell and set of digits, shared by every family that asks,
  // that excludes the other digits as soon as it is true (and the set's
  // digits as soon as it is false). As a disjunct of a clause (some cell of
  // a window holds an odd digit) the plain digits are better: `is` them.
  virtual F among(Cell c, const std::function<bool(int)>& ok);
  // A killer cage (distinct_sum_is with cage) lies in a house whose other
  // cells are `rest`: a digit the cage holds is in none of them. Implied by
  // the house (a rule, never blamed); Boolean encodings say it of the
  // cage's "digit d is present" literal, so that a digit every remaining
  // set holds leaves the rest of the house at once. Nothing elsewhere.
  virtual void cage_in_house(const std::vector<Cell>& cage, const std::vector<Cell>& rest) { (void)cage, (void)rest; }

  // Cell constraints, each formulated for the encoding at hand.
  // (digit(a), digit(b)) is a pair for which ok is true (a table relation).
  virtual F pair(Cell a, Cell b, const std::function<bool(int, int)>& ok) = 0;
  // digit(a) < digit(b).
  virtual F less(Cell a, Cell b) = 0;
  // The cells hold different digits.
  virtual F distinct(const std::vector<Cell>& cells) = 0;
  // sum of coeff * digit(cell) == target. Boolean encodings: a
  // pseudo-Boolean equality over the digit literals; integer: a linear sum.
  virtual F sum_is(const std::vector<std::pair<Cell, int>>& terms, int target) = 0;
  // The cells hold different digits that sum to target (a killer cage).
  // Boolean encodings: the no-repeat rule, and "the set of digits in the
  // cells is one of the sets of that many digits with that total" (one
  // defined literal per digit and per such set); integer: Distinct and a
  // linear sum. With `cage` (a killer cage: the formula is asserted as it
  // stands) also the no-repeat rule and, per digit, "the digit is present
  // only if a remaining set holds it, absent only if one lacks it" (unit
  // propagation then strikes a digit no remaining set holds from every cell:
  // the collection's killer sudokus 231 -> 178 ms, Killer Blister 11.1 ->
  // 9.7 ms). Without it (a part of a larger formula: a total of a group,
  // an arrow's sum under its circle's value; cells of one row, whose rules
  // say no-repeat already) neither: under a condition those clauses cost
  // more than they propagate (the published variants 146 -> 181 ms).
  virtual F distinct_sum_is(const std::vector<Cell>& cells, int target, bool cage = true) = 0;
  // The digits of all cells of the groups, plus coeff * digit of the extra
  // terms, sum to target; the cells of a group hold different digits (the
  // caller knows: they see each other). Boolean encodings: a group of two or
  // more cells counts through its total, one literal per total (the group
  // holds one of the sets of digits with that total, distinct_sum_is),
  // exactly one true, in one pseudo-Boolean equality; integer: a linear sum.
  virtual F grouped_sum_is(const std::vector<std::vector<Cell>>& groups,
                           const std::vector<std::pair<Cell, int>>& extra, int target) = 0;
  // Sum of the weights whose condition holds == target. Boolean encodings
  // define each condition as a fresh variable (a definition, never blamed)
  // and state that the true ones are one of the sets with that total (up to
  // 12 conditions, with each condition's supports) or a pseudo-Boolean
  // equality over them; integer: a sum of if-then-else terms.
  virtual F weighted_count_is(const std::vector<std::pair<F, int>>& terms, int target) = 0;
  // Digit d occurs in the cells at least k times.
  virtual F count_at_least(const std::vector<Cell>& cells, int d, int k) = 0;
  // Exactly k of the conditions hold. Boolean encodings define each
  // condition as a fresh variable (a definition, never blamed) and state a
  // pseudo-Boolean equality over them; integer: a sum of if-then-else terms.
  virtual F count_is(const std::vector<F>& conds, int k) = 0;

  // Integer terms (Mode::Int only; Boolean encodings throw).
  virtual T value(Cell c) = 0;
  virtual T num(int v) = 0;
  virtual T add(const std::vector<T>& ts) = 0;
  virtual T scale(int k, T t) = 0;
  virtual T ite(F cond, T a, T b) = 0;
  virtual F eq(T a, T b) = 0;
  virtual F le(T a, T b) = 0;
  virtual F lt(T a, T b) = 0;
  T sub(T a, T b) { return add({a, scale(-1, b)}); }
};

// Digits of a complete grid, row-major.
struct Values {
  int n = 0;
  std::vector<int> v;
  int at(Cell c) const { return v[static_cast<std::size_t>(c.row) * n + c.col]; }
};

class Family {
 public:
  virtual ~Family() = default;
  // The JSON field of our puzzle format ("killer"), and a line for `kinds`.
  virtual std::string_view key() const = 0;
  virtual std::string_view summary() const = 0;
  // The field's JSON Schema (src/io/schema.h), as JSON text, with a
  // description for people; "#/$defs/cell" and "#/$defs/cells" are defined
  // by the sudoku kind. Documentation and the format tests come from it.
  virtual std::string schema() const = 0;
  // Read the field (InputError with the JSON path on any violation). Items
  // get their ids and labels here. `g` has the size and regions already.
  virtual std::vector<Item> parse(const JsonNode& node, const Grid& g) const = 0;
  // The item as a formula. `g` is the whole puzzle (negative constraints look
  // at the other items of their family).
  virtual F encode(const Item& item, const Grid& g, Builder& b) const = 0;
  // Plain C++: why a complete grid breaks the item, or nothing.
  virtual std::optional<std::string> check(const Item& item, const Grid& g, const Values& v) const = 0;
  // Changed versions of the item (another total, the other dot colour), each
  // with its own label; "change" repairs choose among them.
  virtual std::vector<Item> alternatives(const Item& item, const Grid& g) const {
    (void)item;
    (void)g;
    return {};
  }
  // Shapes in grid units; `marked` when diagnosis blames the item.
  virtual void draw(const Item& item, const Grid& g, bool marked, std::vector<Shape>& out) const = 0;
  // Space outside the grid the drawing needs (outside clues), in cells.
  virtual int margin(const std::vector<Item>& items) const {
    (void)items;
    return 0;
  }
};

// Every family, in the order their fields are listed.
const std::vector<const Family*>& all_families();
const Family* find_family(std::string_view key);

}  // namespace psmt::sudoku
