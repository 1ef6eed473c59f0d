// The readers pzprjs's URL bodies share (FORMATS.md §7.1), each consuming a
// prefix of the body and saying where it stopped, so that genres chain them.
// Errors are InputErrors naming the character (1-based) and what was read.
// A body that ends early leaves the remaining places empty, as pzprjs reads it;
// but pzprjs's own links always cover every place (a count of empty places
// ends a body), so a body that stops short was most likely cut off in a
// copy: the reader notes where it ended (short_notes), and import_puzzlink
// hands the notes on as warnings of the import, for every genre.
#pragma once

#include <string>
#include <vector>

namespace psmt::importers::pzpr {

inline constexpr int kUnknown = -2;  // a '.' in the body: a clue whose value is not given ("?")
inline constexpr int kNone = -1;     // no clue

struct Read {
  std::vector<int> values;  // per slot: kNone, kUnknown or the value
  std::size_t end = 0;      // the position after the last character read
};

// The notes of this thread's readers since the last call ("the link's data
// ends after 9 of its 25 cells: cut off? ..."), taken (emptied) by the call.
std::vector<std::string> take_short_notes();
// Note a body that reached `covered` of its `slots` places (a reader of a
// genre's own does so too).
void note_short(long covered, int slots, const char* places);

// 4Cell (decode4Cell): values 0-4 over `slots` places: 0-4 a value, 5-9
// value-5 then skip one, a-e value-10 then skip two, g-z skip 1..20, '.' an
// unknown clue.
// `places` names them in the note of a short body.
Read four_cell(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin,
               const char* places = "cells");

// Circle (decodeCircle): values 0-2 over `slots` places, three to a base-27
// digit (0-9, a-q) with weights 9, 3, 1.
Read circle(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin);

// Number16 (decodeNumber16): numbers over `slots` places: 0-9 a-f one hex
// digit; '-' and two hex digits (16-255); '+' and three (256-4095); '.' an
// unknown number; g-z skip 1..20.
Read number16(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin,
              const char* places = "cells");

// Border (decodeBorder): the (cols-1)*rows walls between left and right
// neighbours (row by row), then the cols*(rows-1) between upper and lower,
// five to a base-32 digit (0-9, a-v), most significant first; 1 a wall.
Read border(const std::string& body, std::size_t from, int cols, int rows, const std::string& genre, const std::string& origin);

// The rooms the walls of border() make: per cell its room, numbered in
// reading order of each room's first cell; `count` the number of rooms.
std::vector<int> rooms_of(const std::vector<int>& walls, int cols, int rows, int& count);

// Hitori's own reader (decodeHitori): per cell 0-9 a-z a base-36 number,
// '-' and two base-36 digits, '%' or '@' an unknown number (kUnknown), any
// other character one cell without a number.
Read hitori(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin);

// ArrowNumber16 (decodeArrowNumber16): per clue cell a direction (0 none,
// 1 up, 2 down, 3 left, 4 right) and a number: '0'-'4' the direction and
// one hex digit ('.' kUnknown); '5'-'9' the direction plus 5 and two hex
// digits; '-' the direction and three hex digits; '+' a clue cell without
// direction or number (number -3); a-z skip 1..26 cells. `dirs` gets the
// directions (kNone where no clue).
Read arrow_number16(const std::string& body, std::size_t from, int slots, std::vector<int>& dirs, const std::string& genre,
                    const std::string& origin);

// Dot (decodeDot): values 1 (white) or 2 (black) over `slots` places: a hex
// digit d puts a dot of colour (d mod 2) + 1 here and moves (d div 2) + 1
// places on; g-z move 1..20 places.
Read dot(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin);

// 1Cell (decode1Cell): marked cells (value 1) over `slots`: 0-h mark this
// cell and skip 0..17 more; i-z skip 1..18 cells unmarked.
Read one_cell(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin);

// Empty (decodeEmpty): one bit per cell, five to a base-32 digit, most
// significant first; 1 a hole (a cell not on the board).
Read empty(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin);

}  // namespace psmt::importers::pzpr
