// What the pencil genres' puz.link readers share: errors that name the link,
// the variant mark and the flags refused by name, the size fields and the
// body of COLS/ROWS/BODY. Internal to importers/.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/catalogue.h"

namespace psmt::importers::pencil_kit {

[[noreturn]] void pencil_fail(const std::string& origin, const std::string& msg);
// A variant mark v:ID: extra rules stated elsewhere, refused.
void refuse_variant(const std::vector<std::string>& flags, const std::string& genre, const std::string& origin);
// Every flag refused by name (with the variant mark).
void no_flags(const std::vector<std::string>& flags, const std::string& genre, const std::string& origin);
int size_field(const std::string& s, const std::string& genre, const char* what, int most, const std::string& origin);

// The size and body of a link: COLS/ROWS/BODY.
struct Board {
  int cols = 0, rows = 0;
  std::string body;
};
// `form` says what the link should look like ("lits/COLS/ROWS/DATA").
Board board_fields(const std::vector<std::string>& fields, const std::string& genre, const std::string& form,
                   const std::string& origin);
// The regions of a Border block as rows of region numbers (our "regions").
nlohmann::json region_rows(const std::vector<int>& walls, int cols, int rows);
// The first wall of a Border block between two cells of one room
// ("r1c2|r1c3", "r1c2_r2c2"), or "" when every wall parts two rooms.
std::string inner_wall(const std::vector<int>& walls, int cols, int rows);
// A 4Cell body over every cell, all of it, as rows of characters: '.' none,
// '#' a cell marked without a number ('.' in the link), 0-4 a number
// (akari's walls, shakashaka's black cells).
std::vector<std::string> four_cell_rows(const Board& b, const std::string& genre, const std::string& origin);
// A Border block (the rooms' walls) then a RoomNumber16 block (a number per
// room, in reading order of the rooms' first cells, drawn in that cell):
// heyawake's and aqre's bodies, as our "rooms" and "grid"; `end` where the
// body goes on.
struct RoomNumbers {
  nlohmann::json rooms, grid;
  std::size_t end = 0;
  std::string inner_wall;  // the first wall between two cells of one room ("r1c2|r1c3"), or ""
};
RoomNumbers room_numbers(const Board& b, const std::string& genre, const std::string& origin);
// A Number16 body over every cell, all of it, as rows of numbers ('.'
// none, '?' a number not given); a number outside least..most is refused
// as "GENRE data: an area of 0 at r1c1 (WHY)", `what` naming it ("an area
// of").
nlohmann::json number16_rows(const Board& b, const std::string& genre, int least, int most, const std::string& what,
                             const std::string& why, const std::string& origin);
// The body read up to `end`: anything after it is refused.
void no_trailing(const std::string& genre, const Board& b, std::size_t end, const std::string& origin);

// Tatham's IDs: an error naming the ID and the part ("parameters",
// "description, character 4"), and the WxH (or W alone, square) that opens
// the parameters, each side from `least` to kMaxBoardSide.
[[noreturn]] void tatham_fail(const TathamId& t, const std::string& where, const std::string& msg);
struct TathamSize {
  int w = 0, h = 0;
  std::size_t end = 0;  // where the parameters go on
};
TathamSize tatham_size(const TathamId& t, int least, const std::string& why);

}  // namespace psmt::importers::pencil_kit
