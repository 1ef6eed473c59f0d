// Shakashaka (puzz.link's shakashaka): put black triangles, each half a
// cell cut along a diagonal, in some white cells so that every white area
// left (joined across cell sides) is a rectangle, upright or turned 45°; a
// number in a black cell is how many triangles are beside it (up, down,
// left, right). pzprjs also asks for at least one triangle.
//
// Input: "grid", one string per row: '.' a white cell, '#' a black cell
// without a number, 0-4 a black cell with its number.
// Solution: one string per row: '.' a white cell left empty, '#' a black
// cell, and a triangle named by the black cell corner it fills, drawn as
// the letter of that corner's two sides: 'L' lower left, 'J' lower right,
// '7' upper right, 'F' upper left.
//
// Variables: per white cell four Bools (a triangle of each way) and one
// "a triangle here". Rules: at most one triangle per cell; at every lattice
// point, the white parts of the four cells around it leave only angles of
// 90°, 180° or 360° in each white area touching it (an area all of whose
// corners are right angles, and that wraps round no black, is a
// rectangle): each arrangement of the four cells that leaves another angle
// (45°, 135°, 225°, 270°, 315°) is forbidden by a clause. Two encodings:
//   patterns (default) the forbidden arrangements widened to the fewest
//                      cells that already forbid them, then deduplicated
//   every              one clause per forbidden arrangement of all four
// Each number is a clue (grid/r2c3, "2 triangles beside r2c3"), changed over
// every count its white neighbours allow; a black cell without a number
// takes one as an extra clue.
//
// The checker uses no solver (shakashaka_check.cpp): each cell cut into
// four quarters by its diagonals, the white quarters joined into areas, and
// an area is a rectangle when its area equals that of its bounding box,
// upright or turned 45°.
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"

namespace psmt::shakashaka {

inline constexpr int kMaxSide = kMaxBoardSide;
inline constexpr int kWhite = -1, kBlack = -2;
// A cell of an answer: kEmpty, kBlackCell, or a triangle 0-3 by its black
// corner: lower left, lower right, upper right, upper left.
inline constexpr int kEmpty = -1, kBlackCell = -2;
inline constexpr char kTriangleChars[] = "LJ7F";

struct Board : Puzzle {
  pencil::Lattice lat;
  std::vector<int> cell;  // per cell: kWhite, kBlack or a number 0-4
};

std::string number_id(Cell c);             // "grid/r2c3"
std::string number_label(Cell c, int n);   // "2 triangles beside r2c3"
// The answer's pieces (InputError naming the row), and back.
std::vector<int> pieces_of(const Board& b, const nlohmann::json& solution);
nlohmann::json solution_json(const Board& b, const std::vector<int>& pieces);
std::vector<Violation> check_pieces(const Board& b, const std::vector<int>& pieces);
std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution);

const Encoder& shakashaka_encoder();

}  // namespace psmt::shakashaka
