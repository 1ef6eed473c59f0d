// Logic-grid puzzles (the Zebra/Einstein family): n entities, categories of n
// items each (names, colours, house positions, birth years...), every item of
// every category belonging to exactly one entity, and clues over the items.
//
// Categories whose items are all integers are numeric (birth years, dollars,
// days, house numbers); a category of names may be declared "ordered" (1st,
// 2nd, ...: values 1..n in the order listed). Clues may compare and do
// arithmetic on numeric and ordered categories only.
//
// The first category is the key: entity k is the one holding its k-th item
// (entities are interchangeable, so fixing the key removes n! copies of every
// solution); solutions are tables with one row per key item.
//
// Clue language (JSON, the contract; every clue may carry a "text", the
// sentence as published, used as its label):
//   {"same": [a, b, ...]}              one entity holds all of them
//   {"different": [a, b, ...]}         pairwise different entities (all-different)
//   {"at": a, "position": v, "in": C}  a's value in category C is v
//   {"left": a, "op": "<", "right": b|v, "offset": k, "in": C}
//                                      C(a) op C(b) + k   (op: == != < <= > >=)
//   {"next_to": [a, b], "in": C}       |C(a) - C(b)| == 1 ("distance": d for others)
//   {"of": [a, b], "are": [c, d]}      of a and b, one is c and the other is d
//                                      (a, b different; c, d different)
//   {"not": clue}, {"and": [clues]}, {"or": [clues]}, {"xor": [clues]} (exactly one)
// Items are named by their text (case-insensitive) or, for numbers, by value;
// "category:item" disambiguates. "in" may be left out when the puzzle has
// exactly one numeric or ordered category.
//
// Encodings:
//   bool  a Boolean per (item, entity): exactly one entity per item and one
//         item per entity in every category (pairwise clauses); every clue
//         compiled to clauses over item pairs (QF_FD)
//   int   an Int per item (its entity), Distinct per category; values by
//         if-then-else chains, comparisons as linear integer arithmetic
//
// The model, the clue evaluator and the checker use no Z3 (logic_grid_check.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::logic_grid {

inline constexpr int kMaxEntities = 32;
inline constexpr int kMaxCategories = 16;
inline constexpr int kMaxClueDepth = 16;
inline constexpr int64_t kMaxValue = 1000000000;

struct Category {
  std::string name;
  std::vector<std::string> items;  // as written (numbers in decimal)
  std::vector<int64_t> values;     // numeric: the numbers; ordered: 1..n; else empty
  bool numeric = false;
  bool ordered = false;
  bool comparable() const { return numeric || ordered; }
};

struct ItemRef {
  int cat = 0, idx = 0;
  auto operator<=>(const ItemRef&) const = default;
};

enum class Op { Same, Different, At, Compare, NextTo, OneEach, Not, And, Or, Xor };

struct Cond {
  Op op = Op::Same;
  std::vector<ItemRef> items;  // Same/Different: the list; At/Compare: [left(, right)]; NextTo: 2; OneEach: a b c d
  int in = -1;                 // category compared in (At, Compare, NextTo)
  std::string cmp = "==";      // Compare
  bool right_is_value = false; // Compare: right side is a number; At: always
  int64_t value = 0;           // At: the position/value; Compare: right value
  int64_t offset = 0;          // Compare: added to the right side
  int64_t distance = 1;        // NextTo
  std::vector<Cond> subs;      // Not (1), And/Or/Xor
};

struct LClue {
  std::string id;    // "clues/3"
  std::string text;  // as published; else a rendering of the clue
  Cond cond;
};

struct Question {
  std::string text;
  int which = 0;  // category asked for
  ItemRef has;
};

struct Grid : Puzzle {
  std::vector<Category> cats;
  int n = 0;  // entities = items per category
  std::vector<LClue> clues;
  std::vector<Question> questions;
  std::string item_label(ItemRef r) const;  // "ivory", "house 3" for numbers
};

// l op r for op in == != < <= > >= (numbers, or Z3 terms in the encoder).
template <class T>
auto apply_comparison(const std::string& op, const T& l, const T& r) {
  if (op == "==") return l == r;
  if (op == "!=") return l != r;
  if (op == "<") return l < r;
  if (op == "<=") return l <= r;
  if (op == ">") return l > r;
  return l >= r;
}

// entity[cat][idx]: which entity holds the item (a full assignment).
using Assignment = std::vector<std::vector<int>>;

bool holds(const Grid& g, const Cond& c, const Assignment& a);
std::string describe_cond(const Grid& g, const Cond& c);
// Canonical solution: {category name: [item per entity, in key order]}
// (numbers as JSON numbers).
nlohmann::json solution_json(const Grid& g, const Assignment& a);
// The assignment of a solution, or a violation if it is not a table of
// permutations of the categories.
bool assignment_of(const Grid& g, const nlohmann::json& solution, Assignment& a, std::vector<Violation>& out);
std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& solution);
// {"question": text, "answer": item} per question.
nlohmann::json answers(const Grid& g, const nlohmann::json& solution);
std::string render_table(const Grid& g, const nlohmann::json* solution);

const Encoder& logic_grid_encoder();

}  // namespace psmt::logic_grid
