// The shading genres whose rooms carry numbers (heyawake, aqre): the board
// is divided into rooms ("rooms", any integers: cells with the same one form
// a room), and a room's number, drawn in one of its cells ("grid"), is how
// many of its cells are shaded. Rooms are named for people in reading order
// of their first cell ("room 7"). Each number is a clue (grid/r2c3, "room 7
// (3 shaded)") that diagnose can blame, drop ('?') or change to any count
// the room can hold; a room without a number is where an extra clue goes.
// A genre derives its encoder from RoomCountEncoder and writes its own
// rules; the counts come from room_count_clues.
#pragma once

#include <string>
#include <vector>

#include "encoders/pencil/shading.h"

namespace psmt::pencil {

struct RoomBoard : ShadeBoard {
  std::vector<int> room;    // per cell: the room, 0.. in reading order of first cell
  int rooms = 0;
  std::vector<int> number;  // per cell: kNoNumber, kUnknownNumber or the room's count
};

std::string room_number_id(Cell c);                                // "grid/r2c3"
// "room 7 (3 shaded)"; `what` says what the number counts ("on the loop").
std::string room_number_label(const RoomBoard& b, int cell, int n, std::string_view what = "shaded");
std::vector<int> room_sizes(const RoomBoard& b);

// The schema of "rooms" and "grid", to begin a genre's "properties".
std::string room_board_schema();
// "rooms", "grid" (at most one number per room, at most its size) and the
// givens into b.
void read_room_board(const JsonNode& root, RoomBoard& b, int max_side, std::string_view what = "shaded");

// Pairs of cells side by side across a room border (i < j), and pairs of
// rooms that share a border (a < b), each once, in reading order.
std::vector<std::pair<int, int>> pairs_across_borders(const RoomBoard& b);
std::vector<std::pair<int, int>> neighbouring_rooms(const RoomBoard& b);
// Two cells side by side across a room border are not both `what` (their
// literals in `lits`): a clause per pair, each a rule named "r1c3 and r1c4
// are not both {what} (across a room border)".
void not_both_across_borders(const RoomBoard& b, const std::vector<Expr>& lits, const char* what, Encoding& enc);
// The cells of each room, in reading order.
std::vector<std::vector<int>> room_cells(const RoomBoard& b);

// In each room, the cells whose literal is true form one connected block
// within the room (none true is allowed): a connected-vertices rule per room
// over the room's own cells (cuts unless `eager`), named "the shaded cells
// of room 3 are connected" with `what` for "shaded cells". And the check.
void connected_in_each_room(const RoomBoard& b, const std::vector<Expr>& lits, const char* what, bool eager, Context& ctx,
                            Encoding& enc);
void check_connected_in_each_room(const RoomBoard& b, const std::vector<bool>& on, const char* what, std::vector<Violation>& out);

// The numbers that do not hold in the shading, appended to `out`.
void check_room_counts(const RoomBoard& b, const std::vector<bool>& shaded, std::vector<Violation>& out, std::string_view what = "shaded");
// Each room's number as a clue: a sequential counter over the room's cells,
// and with eo.alternatives every other count read off one totalizer.
void room_count_clues(const RoomBoard& b, const std::vector<Expr>& shaded, Context& ctx, Encoding& enc, const EncodeOptions& eo,
                      std::string_view what = "shaded");

// The numbers a setter could add (several solutions): per room without one,
// (its first cell, how many of its cells are `on`).
std::vector<std::pair<int, int>> room_numbers_to_add(const RoomBoard& b, const std::vector<bool>& on);
// Drop or change the room number `e` names (false: no such number).
bool edit_room_number(RoomBoard& b, const ClueEdit& e);

class RoomCountEncoder : public ShadingEncoder {
 public:
  // "6x6 heyawake, 11 rooms, 1 number".
  std::string describe(const Puzzle& p) const override;

 protected:
  // The genre's name in describe() ("heyawake"; "aqre (borders)").
  virtual std::string kind_words(const RoomBoard&) const { return std::string(kind()); }
  // Extra clues: a room's number, for a room without one: its shaded cells,
  // written in the room's first cell.
  std::vector<std::pair<int, int>> numbers_to_add(const ShadeBoard& p, const std::vector<bool>& shaded) const override;
  void write_number(ShadeBoard& p, int cell, int value) const override;
  std::string number_words(const ShadeBoard& p, int cell, int value) const override;
  std::string no_number_to_add(const ShadeBoard&) const override { return "every room already holds its number"; }
  std::string cell_text(const ShadeBoard& p, int i) const override;
  std::string clue_id_at(const ShadeBoard& p, int i) const override;
  std::function<int(Cell)> rooms(const ShadeBoard& p) const override;
  std::shared_ptr<ShadeBoard> clone(const ShadeBoard& p) const override;
  bool edit_clue(ShadeBoard& p, const ClueEdit& e) const override;
};

}  // namespace psmt::pencil
