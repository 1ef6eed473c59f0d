// Tents: puzz.link's tents, p?tents/COLS/ROWS/BODY: Number16ExCell (read as Number16) over the
// column counts (left to right) then the row counts (top to bottom), then
// 1Cell marking the trees; and Tatham's tents IDs, WxH[d..]:TREES,c0,...,r0,...
// (TREES: '_' a tree, a-y 1..25 cells then a tree, 'z' 25 cells and no tree;
// a virtual tree one past the last cell; '!' or '-' after a symbol makes the
// cell before it a given tent or a given empty cell).
#include <cctype>

#include <fmt/format.h>

#include "grid/grid.h"
#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {

using namespace pencil_kit;

namespace {
nlohmann::json counts_json(const std::vector<int>& v, std::size_t from, int n) {
  nlohmann::json out = nlohmann::json::array();
  for (int k = 0; k < n; ++k) {
    const int x = v[from + static_cast<std::size_t>(k)];
    out.push_back(x >= 0 ? nlohmann::json(x) : nlohmann::json(nullptr));
  }
  return out;
}
}  // namespace

PzprGenre tents_pzpr() {
  return {"tents", {}, "tents", [](const PzprLink& q) {
            no_flags(q.flags, "tents", q.origin);
            const Board b = board_fields(q.fields, "tents", "tents/COLS/ROWS/DATA", q.origin);
            // pzprjs's Number16ExCell is Number16 without its '+' (3-digit) form.
            const auto counts = pzpr::number16(b.body, 0, b.cols + b.rows, "tents", q.origin, "numbers outside the board");
            for (std::size_t k = 0; k < counts.values.size(); ++k)
              if (counts.values[k] == pzpr::kUnknown)
                pencil_fail(q.origin, fmt::format("tents data: a \"?\" count {} (it says nothing; write the puzzle without it)",
                                                  k < static_cast<std::size_t>(b.cols) ? fmt::format("above column {}", k + 1)
                                                                                       : fmt::format("beside row {}", k - static_cast<std::size_t>(b.cols) + 1)));
            const auto trees = pzpr::one_cell(b.body, counts.end, b.cols * b.rows, "tents", q.origin);
            no_trailing("tents", b, trees.end, q.origin);
            std::vector<std::string> grid;
            for (int r = 0; r < b.rows; ++r) {
              std::string s;
              for (int c = 0; c < b.cols; ++c) s += trees.values[static_cast<std::size_t>(r * b.cols + c)] == 1 ? 'T' : '.';
              grid.push_back(s);
            }
            Builder out("puzz.link tents");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "tents";
            p["name"] = fmt::format("puzz.link tents {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["grid"] = grid;
            p["columns"] = counts_json(counts.values, 0, b.cols);
            p["rows"] = counts_json(counts.values, static_cast<std::size_t>(b.cols), b.rows);
            out.from("/grid", "tents data");
            return out.out;
          }};
}

TathamGame tents_tatham() {
  return {"tents", "tents", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i] = tatham_size(t, 4, ", as the collection asks");
            if (i < t.params.size() && t.params[i] != 'd') fail("parameters", fmt::format("{} after the size", quote_input(t.params.substr(i))));
            const auto comma = t.desc.find(',');
            if (comma == std::string::npos) fail("description", "the trees, then a count per column and per row after commas");
            const std::string trees = t.desc.substr(0, comma);
            std::string cells(static_cast<std::size_t>(w * h), '.');
            std::vector<std::string> tents, empties;
            int at = 0;
            bool ended = false;
            for (std::size_t k = 0; k < trees.size(); ++k) {
              const char ch = trees[k];
              if (ended) fail(fmt::format("description, character {}", k + 1), "past the end of the grid");
              if (ch == '!' || ch == '-') {
                if (at == 0) fail(fmt::format("description, character {}", k + 1), quote_input(std::string(1, ch)) + " before any cell");
                const Cell c{(at - 1) / w, (at - 1) % w};
                // The mark turns the cell just placed (a tree) into a given.
                cells[static_cast<std::size_t>(at - 1)] = '.';
                (ch == '!' ? tents : empties).push_back(fmt::format("r{}c{}", c.row + 1, c.col + 1));
                continue;
              }
              int run = 0;
              bool tree = true;
              if (ch == '_') run = 0;
              else if (ch >= 'a' && ch < 'z') run = ch - 'a' + 1;
              else if (ch == 'z') {
                run = 25;
                tree = false;
              } else {
                fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} (_, a-z, ! or -)", quote_input(std::string(1, ch))));
              }
              at += run;
              if (at > w * h) fail(fmt::format("description, character {}", k + 1), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
              if (at == w * h) {
                if (!tree) fail("description", "the trees end without their closing mark");
                ended = true;
                continue;
              }
              if (tree) cells[static_cast<std::size_t>(at++)] = 'T';
            }
            if (!ended) fail("description", fmt::format("the trees cover {} of the {} cells", at, w * h));
            std::vector<int> counts;
            std::size_t pos = comma;
            while (pos < t.desc.size() && t.desc[pos] == ',') {
              std::size_t j = pos + 1;
              while (j < t.desc.size() && std::isdigit(static_cast<unsigned char>(t.desc[j])) && j - pos < 6) ++j;
              if (j == pos + 1) fail("description", fmt::format("a count after the comma at character {}", pos + 1));
              counts.push_back(std::stoi(t.desc.substr(pos + 1, j - pos - 1)));
              pos = j;
            }
            if (pos != t.desc.size() || static_cast<int>(counts.size()) != w + h)
              fail("description", fmt::format("{} counts, a {}x{} grid has {} (columns, then rows)", counts.size(), w, h, w + h));
            std::vector<std::string> grid;
            for (int r = 0; r < h; ++r) grid.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
            Builder out("Tatham tents");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "tents";
            p["name"] = "Tents " + t.params;
            p["source"] = t.id;
            p["grid"] = grid;
            p["columns"] = std::vector<int>(counts.begin(), counts.begin() + w);
            p["rows"] = std::vector<int>(counts.begin() + w, counts.end());
            if (!tents.empty()) p["tents"] = tents;
            if (!empties.empty()) p["no_tents"] = empties;
            out.from("/grid", "description");
            return out.out;
          }};
}

}  // namespace psmt::importers
