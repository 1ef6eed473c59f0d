// puzz.link's sashigane: p?sashigane/COLS/ROWS/BODY, the body pzprjs's
// decodeSashigane over the cells: '0'-'9' 'a'-'f' a circle holding that
// number, '-' and two hex digits a circle holding a larger one, '.' a circle
// without a number, 'g'-'j' an arrow (up, down, left, right), 'k'-'z' 0 to
// 15 plain cells and then the next cell as read ('%' and '@', a mark
// without a direction that pzprjs's checker holds to no rule, is refused).
// No flag is read.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"

namespace psmt::importers {

using namespace pencil_kit;

namespace {

int hex(char ch) { return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1; }

}  // namespace

PzprGenre sashigane_pzpr() {
  return {"sashigane", {}, "sashigane", [](const PzprLink& q) {
            no_flags(q.flags, "sashigane", q.origin);
            const Board b = board_fields(q.fields, "sashigane", "sashigane/COLS/ROWS/DATA", q.origin);
            const std::size_t cells = static_cast<std::size_t>(b.cols * b.rows);
            std::vector<nlohmann::json> mark(cells, ".");  // our cells: '.', 'o', a number, an arrow
            std::size_t c = 0, i = 0;
            auto where = [&] { return fmt::format("r{}c{}", c / static_cast<std::size_t>(b.cols) + 1, c % static_cast<std::size_t>(b.cols) + 1); };
            for (; i < b.body.size() && c < cells; ++i, ++c) {
              const char ch = b.body[i];
              if (hex(ch) >= 0) {
                mark[c] = hex(ch) > 0 ? nlohmann::json(hex(ch)) : nlohmann::json("o");  // pzprjs holds a circle's 0 to no size
              } else if (ch == '-') {
                const int hi = i + 1 < b.body.size() ? hex(b.body[i + 1]) : -1, lo = i + 2 < b.body.size() ? hex(b.body[i + 2]) : -1;
                if (hi < 0 || lo < 0) pencil_fail(q.origin, fmt::format("sashigane data, character {}: '-' needs two hex digits", i + 1));
                mark[c] = 16 * hi + lo > 0 ? nlohmann::json(16 * hi + lo) : nlohmann::json("o");
                i += 2;
              } else if (ch == '.') {
                mark[c] = "o";
              } else if (ch >= 'g' && ch <= 'j') {
                static const char* const arrows[] = {"^", "v", "<", ">"};  // pzprjs's up, down, left, right
                mark[c] = arrows[ch - 'g'];
              } else if (ch >= 'k' && ch <= 'z') {
                c += static_cast<std::size_t>(ch - 'k');
              } else if (ch == '%' || ch == '@') {
                pencil_fail(q.origin, fmt::format("sashigane data: a mark without a direction at {}, which pzprjs's checker holds to no rule and puzzle-smt does not read", where()));
              } else {
                pencil_fail(q.origin, fmt::format("sashigane data, character {}: {} is not a sashigane code", i + 1, quote_input(std::string(1, ch))));
              }
            }
            if (c < cells) pencil_fail(q.origin, fmt::format("sashigane data: it ends after {} of {} cells", c, cells));
            no_trailing("sashigane", b, i, q.origin);
            Builder out("puzz.link sashigane");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "sashigane";
            p["name"] = fmt::format("puzz.link sashigane {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            nlohmann::json grid = nlohmann::json::array();
            for (int r = 0; r < b.rows; ++r) {
              nlohmann::json row = nlohmann::json::array();
              for (int k = 0; k < b.cols; ++k) row.push_back(mark[static_cast<std::size_t>(r * b.cols + k)]);
              grid.push_back(row);
            }
            p["grid"] = grid;
            out.from("/grid", "sashigane data");
            return out.out;
          }};
}

}  // namespace psmt::importers
