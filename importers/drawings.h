// Drawings read through the rules text (SudokuPad, f-puzzles' cosmetic
// shapes): lines, arrows and shapes that only the puzzle's own words give a
// meaning, mapped to constraint families of the sudoku kind.
//
// SudokuPad draws a thermometer, a whispers line, a renban line and a
// palindrome with the same primitive (a coloured line), an arrow with an
// arrow and a circle, a little killer with a small arrow and a number. The
// community's conventions (a bulb at one end of a thermometer, a circle at
// an arrow's tail) say which drawings belong together; only the rules text
// says what a line of a given colour means. So a drawing is mapped only when
// the text pins it down:
//   - thermometers: a line with a round bulb at one end, and a sentence
//     about thermometers (a "slow" or "may stay the same" one is not read);
//   - arrows: an arrow starting in a circled cell (or a pill), and a sentence
//     saying the digits on an arrow sum to its circle;
//   - little killers: a short diagonal arrow outside the grid beside a
//     number, and a sentence about sums along diagonals;
//   - lines of one colour: a sentence naming a line family (whispers,
//     renban, palindrome) and that colour; or, when the text names one line
//     family without a colour and one colour of line is left, those lines;
//   - odd and even cells: circles or squares in cells, and a sentence saying
//     which shape (of which colour) holds odd or even digits;
//   - global rules stated only in words: anti-knight and anti-king;
//   - the negative constraints "all dots are given", "all such pairs are
//     given".
// Anything else stays unmapped and the importer refuses it, naming it. Each
// mapping is reported with the sentence it came from, and the caller checks
// the setter's solution (when the puzzle carries one) against every mapped
// rule before answering (cli/common.cpp), refusing a mapping it breaks.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/importer.h"

namespace psmt::importers {

struct Point {
  double y = 0, x = 0;  // grid units: the centre of r1c1 is (0.5, 0.5)
};

struct Drawing {
  enum class Type { Line, Arrow, Shape };
  Type type = Type::Shape;
  std::string name;    // as refusals list it: "line 3 #cccccc from r1c1 to r3c1"
  std::string colour;  // "#rrggbb[aa]" in lower case: a line's colour, a shape's fill
  std::string border;  // a shape's border colour
  double thickness = 0;
  std::vector<Point> points;  // a line's or an arrow's way points
  Point centre;               // a shape's centre
  double width = 0, height = 0;
  bool rounded = false;
  std::string text;
  bool used = false;  // mapped to a rule (or part of a mapped rule)
};

// Map what the rules text pins down into `puzzle` (the sudoku JSON being
// built, `n` x `n`); mapped drawings get `used`. Returns one line per
// mapping for the report: what was read as what, and from which sentence.
std::vector<std::string> map_drawings(std::vector<Drawing>& drawings, const std::string& rules, int n,
                                      nlohmann::json& puzzle);

// Rules read through the rules text must fit the setter's solution when the
// puzzle carries one (expect.solution): a rule it breaks was read wrong, and
// the import is refused (InputError "input.mapping" naming the rule broken)
// rather than answered for another puzzle. Nothing to check without either.
void check_reading_against_solution(const Imported& imported, const std::string& origin);

// Global rules stated only in words (anti-knight, anti-king) and negative
// constraints ("all dots are given"), set in `puzzle` where the text says
// so plainly; one report line each.
std::vector<std::string> map_rules_text(const std::string& rules, nlohmann::json& puzzle);

// The sentences of a rules text, in lower case, bullets removed ("little
// killer" written "littlekiller"), as rules_text.cpp reads them.
std::vector<std::string> rule_sentences(const std::string& rules);

// True when a sentence has a word that no usual reading of any family has
// ("prime", "product", "parity", "snake", ...).
bool changes_usual_meaning(const std::string& sentence);

// The family a sentence states in full, in words that would otherwise read
// as a change of the usual meaning ("how many circles", "a coloured line"):
// "counting_circles", "difference_count", "mixed_parity_triples"; "" for
// any other sentence. `sentence` as rule_sentences gives it.
std::string exact_rule(const std::string& sentence);

// A colour's name as setters write it ("grey", "green", "purple", ...),
// blended onto white by its alpha; "" if none fits.
std::string colour_name(const std::string& colour);

}  // namespace psmt::importers
