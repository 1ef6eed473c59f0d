// Shikaku: puzz.link's shikaku, p?shikaku/COLS/ROWS/BODY: Number16 over the
// cells ('.' a number not given, read as '?'); and Tatham's rect IDs,
// WxH[e..][a]:DESC (a-z 1..26 cells without a number, a number, '_'
// between two numbers).
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {

using namespace pencil_kit;

namespace {
Imported shikaku_puzzle(const std::string& format, const std::string& name, const std::string& source, const nlohmann::json& grid,
                        const std::string& from) {
  Builder out(format);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "shikaku";
  p["name"] = name;
  p["source"] = source;
  p["grid"] = grid;
  out.from("/grid", from);
  return out.out;
}

nlohmann::json grid_of(const std::vector<nlohmann::json>& cells, int cols, int rows) {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < cols; ++c) row.push_back(cells[static_cast<std::size_t>(r * cols + c)]);
    grid.push_back(row);
  }
  return grid;
}
}  // namespace

PzprGenre shikaku_pzpr() {
  return {"shikaku", {}, "shikaku", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, "shikaku/COLS/ROWS/DATA", q.origin);
            const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, q.pid, q.origin);
            no_trailing(q.pid, b, read.end, q.origin);
            std::vector<nlohmann::json> cells;
            for (int v : read.values) {
              if (v == 0) pencil_fail(q.origin, "shikaku data: a 0 (a rectangle has at least one cell)");
              cells.push_back(v == pzpr::kNone ? nlohmann::json(".") : v == pzpr::kUnknown ? nlohmann::json("?") : nlohmann::json(v));
            }
            return shikaku_puzzle("puzz.link shikaku", fmt::format("puzz.link shikaku {}x{}", b.cols, b.rows), q.link,
                                  grid_of(cells, b.cols, b.rows), "shikaku data");
          }};
}

TathamGame shikaku_tatham() {
  return {"rect", "shikaku", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i0] = tatham_size(t, 1, "");
            std::size_t i = i0;
            if (i < t.params.size() && t.params[i] == 'e')
              for (++i; i < t.params.size() && (t.params[i] == '.' || std::isdigit(static_cast<unsigned char>(t.params[i]))); ++i) {
              }
            if (i < t.params.size() && t.params[i] == 'a') ++i;
            if (i != t.params.size()) fail("parameters", fmt::format("{} after the size", quote_input(t.params.substr(i))));
            std::vector<nlohmann::json> cells;
            for (std::size_t k = 0; k < t.desc.size();) {
              const char ch = t.desc[k];
              if (ch >= 'a' && ch <= 'z') {
                cells.insert(cells.end(), static_cast<std::size_t>(ch - 'a' + 1), nlohmann::json("."));
                ++k;
              } else if (ch == '_') {
                ++k;
              } else if (ch >= '1' && ch <= '9') {
                std::size_t j = k;
                while (j < t.desc.size() && std::isdigit(static_cast<unsigned char>(t.desc[j])) && j - k < 6) ++j;
                cells.push_back(std::stoi(t.desc.substr(k, j - k)));
                k = j;
              } else {
                fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} (a-z, a number, _)", quote_input(std::string(1, ch))));
              }
              if (static_cast<int>(cells.size()) > w * h)
                fail(fmt::format("description, character {}", k), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
            }
            if (static_cast<int>(cells.size()) != w * h) fail("description", fmt::format("{} cells, a {}x{} grid has {}", cells.size(), w, h, w * h));
            return shikaku_puzzle("Tatham rect", "Rectangles " + t.params, t.id, grid_of(cells, w, h), "description");
          }};
}

}  // namespace psmt::importers
