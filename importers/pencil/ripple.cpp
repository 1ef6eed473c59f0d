// puzz.link's ripple: p?ripple/COLS/ROWS/BODY, the body a Border block (the
// rooms' walls), a Number16 block (the given numbers), then (if present) an
// Empty block (holes: cells outside the board, which we do not read, so a
// link with any is refused). No flag is read.
#include <algorithm>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre ripple_pzpr() {
  return {"ripple", {}, "ripple", [](const PzprLink& q) {
            no_flags(q.flags, "ripple", q.origin);
            const Board b = board_fields(q.fields, "ripple", "ripple/COLS/ROWS/DATA", q.origin);
            const auto walls = pzpr::border(b.body, 0, b.cols, b.rows, "ripple", q.origin);
            const auto numbers = pzpr::number16(b.body, walls.end, b.cols * b.rows, "ripple", q.origin);
            const auto holes = pzpr::empty(b.body, numbers.end, b.cols * b.rows, "ripple", q.origin);
            no_trailing("ripple", b, holes.end, q.origin);
            if (std::any_of(holes.values.begin(), holes.values.end(), [](int v) { return v != 0; }))
              pencil_fail(q.origin, "ripple: the link has holes (cells outside the board), which puzzle-smt does not read");
            const std::string wall = inner_wall(walls.values, b.cols, b.rows);
            if (!wall.empty())
              pencil_fail(q.origin, fmt::format("ripple: the wall {} lies inside a room; puzzle-smt's rules are about rooms and cannot read it", wall));
            Builder out("puzz.link ripple");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "ripple";
            p["name"] = fmt::format("puzz.link ripple {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["rooms"] = region_rows(walls.values, b.cols, b.rows);
            nlohmann::json grid = nlohmann::json::array();
            for (int r = 0; r < b.rows; ++r) {
              nlohmann::json row = nlohmann::json::array();
              for (int c = 0; c < b.cols; ++c) {
                const int v = numbers.values[static_cast<std::size_t>(r * b.cols + c)];
                if (v == pzpr::kUnknown) pencil_fail(q.origin, fmt::format("ripple data: a '?' at r{}c{} (a number not given is not a Ripple Effect clue)", r + 1, c + 1));
                if (v == pzpr::kNone) row.push_back(".");
                else row.push_back(v);
              }
              grid.push_back(row);
            }
            p["grid"] = grid;
            out.from("/rooms", "ripple data (walls)");
            out.from("/grid", "ripple data (numbers)");
            return out.out;
          }};
}

}  // namespace psmt::importers
