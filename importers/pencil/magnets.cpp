// Tatham's magnets: magnets:WxH[dD][S]:DESC. The description: the + counts
// of the columns (left to right) and of the rows (top to bottom), then the
// - counts of the columns and of the rows, each a character per line ('.'
// none, 0-9, a-z 10-35, A-Z 36-61) and a comma; then the plates, a
// character per cell in reading order ('L' 'R' across, 'T' 'B' down, '*' a
// cell alone; commas skipped). 'd' and a letter: the generator's
// difficulty; 'S': clues were stripped (the puzzle does not depend on it).
//
// puzz.link's magnets: p?magnets/[a/]COLS/ROWS/BODY, the body a
// Number16ExCell block over the numbers outside the board (per column, left
// to right, its - count then its + count; then per row, top to bottom, the
// same), a Border block (the plates' walls), then, only when some cell has
// one, a Circle block (1 a given +, 2 a given -) and an Empty block (cells
// that are not on the board). The flag a: anti-magnets (poles of different
// magnets side by side are alike).
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre magnets_pzpr() {
  return {"magnets", {}, "magnets", [](const PzprLink& q) {
            refuse_variant(q.flags, "magnets", q.origin);
            bool anti = false;
            for (const auto& f : q.flags) {
              if (f != "a") pencil_fail(q.origin, fmt::format("magnets: the flag {} is not read", quote_input(f)));
              anti = true;
            }
            const Board b = board_fields(q.fields, "magnets", "magnets/[a/]COLS/ROWS/DATA", q.origin);
            // pzprjs's Number16ExCell is Number16 without its '+' (3-digit) form.
            const int outside = 2 * (b.cols + b.rows);
            const auto counts = pzpr::number16(b.body, 0, outside, "magnets", q.origin, "numbers outside the board");
            nlohmann::json count[2][2];  // [0 +, 1 -][0 columns, 1 rows]
            for (int k = 0; k < outside; ++k) {
              const bool row = k >= 2 * b.cols;
              const int line = (row ? k - 2 * b.cols : k) / 2, sign = k % 2 == 0 ? 1 : 0;
              const int v = counts.values[static_cast<std::size_t>(k)];
              if (v == pzpr::kUnknown)
                pencil_fail(q.origin, fmt::format("magnets data: a \"?\" count of the {} of {} {} (it says nothing; write the puzzle without it)",
                                                  sign == 0 ? "+ poles" : "- poles", row ? "row" : "column", line + 1));
              count[sign][row ? 1 : 0].push_back(v >= 0 ? nlohmann::json(v) : nlohmann::json(nullptr));
            }
            const auto walls = pzpr::border(b.body, counts.end, b.cols, b.rows, "magnets", q.origin);
            std::size_t end = walls.end;
            std::vector<std::string> poles(static_cast<std::size_t>(b.rows), std::string(static_cast<std::size_t>(b.cols), '.'));
            bool any_pole = false;
            if (end < b.body.size()) {  // pzprjs writes these two only when a cell has one
              const auto circles = pzpr::circle(b.body, end, b.cols * b.rows, "magnets", q.origin);
              const auto holes = pzpr::empty(b.body, circles.end, b.cols * b.rows, "magnets", q.origin);
              end = holes.end;
              for (int i = 0; i < b.cols * b.rows; ++i) {
                char& ch = poles[static_cast<std::size_t>(i / b.cols)][static_cast<std::size_t>(i % b.cols)];
                const int circle = circles.values[static_cast<std::size_t>(i)];
                if (holes.values[static_cast<std::size_t>(i)] == 1) {
                  if (circle == 1 || circle == 2) pencil_fail(q.origin, fmt::format("magnets data: a given pole on r{}c{}, a cell that is not on the board", i / b.cols + 1, i % b.cols + 1));
                  ch = '#';
                } else if (circle == 1 || circle == 2) {
                  ch = circle == 1 ? '+' : '-';
                }
                any_pole = any_pole || ch != '.';
              }
            }
            no_trailing("magnets", b, end, q.origin);
            // A cell off the board parts plates as a wall does (pzprjs's
            // rooms are of the cells on the board): walls all round it.
            std::vector<int> wall = walls.values;
            for (int r = 0; r < b.rows; ++r)
              for (int c = 0; c < b.cols; ++c) {
                if (poles[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '#') continue;
                const int across = (b.cols - 1) * b.rows;
                if (c > 0) wall[static_cast<std::size_t>(r * (b.cols - 1) + c - 1)] = 1;
                if (c + 1 < b.cols) wall[static_cast<std::size_t>(r * (b.cols - 1) + c)] = 1;
                if (r > 0) wall[static_cast<std::size_t>(across + (r - 1) * b.cols + c)] = 1;
                if (r + 1 < b.rows) wall[static_cast<std::size_t>(across + r * b.cols + c)] = 1;
              }
            // The anti rule is pzprjs's about every wall drawn, ours about the
            // plates' borders: a wall inside a plate would be a rule we do
            // not hold.
            const std::string inner = inner_wall(wall, b.cols, b.rows);
            if (anti && !inner.empty())
              pencil_fail(q.origin, fmt::format("magnets: with the flag a, the wall {} lies inside a plate; puzzle-smt's rule is about "
                                                "plate borders and cannot read it", inner));
            Builder out("puzz.link magnets");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "magnets";
            p["name"] = fmt::format("puzz.link magnets {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["regions"] = region_rows(wall, b.cols, b.rows);
            if (any_pole) p["poles"] = poles;
            if (anti) p["anti"] = true;
            p["plus_columns"] = count[0][0];
            p["plus_rows"] = count[0][1];
            p["minus_columns"] = count[1][0];
            p["minus_rows"] = count[1][1];
            out.from("/regions", "magnets data (walls)");
            if (any_pole) out.from("/poles", "magnets data (circles, empty cells)");
            for (const char* f : {"/plus_columns", "/plus_rows", "/minus_columns", "/minus_rows"}) out.from(f, "magnets data (numbers outside)");
            if (anti) out.from("/anti", "magnets flag a");
            return out.out;
          }};
}

TathamGame magnets_tatham() {
  return {"magnets", "magnets", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i0] = tatham_size(t, 1, "");
            std::size_t i = i0;
            if (i < t.params.size() && t.params[i] == 'd') {
              ++i;
              if (i < t.params.size() && std::isalpha(static_cast<unsigned char>(t.params[i]))) ++i;
            }
            if (i < t.params.size() && t.params[i] == 'S') ++i;
            if (i != t.params.size()) fail("parameters", fmt::format("{} after the size", quote_input(t.params.substr(i))));
            std::size_t k = 0;
            auto counts = [&](int n, const char* what) {
              nlohmann::json out = nlohmann::json::array();
              for (int j = 0; j < n; ++j, ++k) {
                const char ch = k < t.desc.size() ? t.desc[k] : '\0';
                if (ch == '.') out.push_back(nullptr);
                else if (std::isdigit(static_cast<unsigned char>(ch))) out.push_back(ch - '0');
                else if (ch >= 'a' && ch <= 'z') out.push_back(ch - 'a' + 10);
                else if (ch >= 'A' && ch <= 'Z') out.push_back(ch - 'A' + 36);
                else fail(fmt::format("description, character {}", k + 1),
                          ch ? fmt::format("unexpected {} in the {} ('.', a digit or a letter)", quote_input(std::string(1, ch)), what)
                             : fmt::format("it ends in the {}", what));
              }
              if (k >= t.desc.size() || t.desc[k] != ',') fail(fmt::format("description, character {}", k + 1), fmt::format("a comma after the {}", what));
              ++k;
              return out;
            };
            const auto plus_columns = counts(w, "+ counts of the columns");
            const auto plus_rows = counts(h, "+ counts of the rows");
            const auto minus_columns = counts(w, "- counts of the columns");
            const auto minus_rows = counts(h, "- counts of the rows");
            std::string cells;
            for (; k < t.desc.size(); ++k) {
              const char ch = t.desc[k];
              if (ch == ',') continue;
              if (std::string("LRTB*").find(ch) == std::string::npos)
                fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} in the plates ('L', 'R', 'T', 'B' or '*')", quote_input(std::string(1, ch))));
              cells += ch;
            }
            if (static_cast<int>(cells.size()) != w * h) fail("description", fmt::format("{} plate cells, a {}x{} grid has {}", cells.size(), w, h, w * h));
            Builder out("Tatham magnets");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "magnets";
            p["name"] = "Magnets " + t.params;
            p["source"] = t.id;
            nlohmann::json plates = nlohmann::json::array();
            for (int r = 0; r < h; ++r) plates.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
            p["plates"] = plates;
            p["plus_columns"] = plus_columns;
            p["plus_rows"] = plus_rows;
            p["minus_columns"] = minus_columns;
            p["minus_rows"] = minus_rows;
            out.from("/plates", "description (plates)");
            for (const char* f : {"/plus_columns", "/plus_rows", "/minus_columns", "/minus_rows"}) out.from(f, "description (counts)");
            return out.out;
          }};
}

}  // namespace psmt::importers
