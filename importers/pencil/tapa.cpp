// puzz.link's tapa: p?tapa/COLS/ROWS/BODY, one character or pair per clue,
// in reading order: 0-8 a single number, 9 four 1s, '.' a single '?', a-f
// with the next character a number in base 36 from 360 (two numbers,
// 6*a+b), 396 (three, 16*a+4*b+c) or 460 (four, 8*a+4*b+2*c+d, each 0 or
// 1), 0 in those meaning '?'; g-z skip 1 to 20 cells.
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "io/error.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre tapa_pzpr() {
  return {"tapa", {}, "tapa", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, "tapa/COLS/ROWS/DATA", q.origin);
            const int cells = b.rows * b.cols;
            std::vector<nlohmann::json> clue(static_cast<std::size_t>(cells), nlohmann::json("."));
            auto fail = [&](std::size_t i, const std::string& what) {
              pencil_fail(q.origin, fmt::format("tapa data, character {}: {}", i + 1, what));
            };
            int c = 0;
            std::size_t i = 0;
            for (; i < b.body.size() && c < cells; ++i) {
              const char ch = b.body[i];
              if (ch >= '0' && ch <= '8') {
                clue[static_cast<std::size_t>(c)] = ch - '0';
              } else if (ch == '9') {
                clue[static_cast<std::size_t>(c)] = nlohmann::json::array({1, 1, 1, 1});
              } else if (ch == '.') {
                clue[static_cast<std::size_t>(c)] = "?";
              } else if (ch >= 'a' && ch <= 'f') {
                if (i + 1 >= b.body.size() || !std::isalnum(static_cast<unsigned char>(b.body[i + 1])))
                  fail(i, fmt::format("{} must be followed by a digit or letter (a clue of two characters)", quote_input(std::string(1, ch))));
                int n = std::stoi(b.body.substr(i, 2), nullptr, 36);
                std::vector<int> v;
                if (n >= 360 && n < 396) v = {(n - 360) / 6, (n - 360) % 6};
                else if (n >= 396 && n < 460) v = {(n - 396) / 16, (n - 396) / 4 % 4, (n - 396) % 4};
                else if (n >= 460 && n < 476) v = {(n - 460) / 8, (n - 460) / 4 % 2, (n - 460) / 2 % 2, (n - 460) % 2};
                else fail(i, fmt::format("{} is no clue (360 to 475 in base 36)", quote_input(b.body.substr(i, 2))));
                nlohmann::json arr = nlohmann::json::array();
                for (int x : v) arr.push_back(x == 0 ? nlohmann::json("?") : nlohmann::json(x));
                clue[static_cast<std::size_t>(c)] = arr;
                ++i;
              } else if (ch >= 'g' && ch <= 'z') {
                c += ch - 'g' + 1;
                continue;
              } else {
                fail(i, fmt::format("{} is not read", quote_input(std::string(1, ch))));
              }
              ++c;
            }
            no_trailing(q.pid, b, i, q.origin);
            nlohmann::json grid = nlohmann::json::array();
            for (int r = 0; r < b.rows; ++r) {
              nlohmann::json row = nlohmann::json::array();
              for (int k = 0; k < b.cols; ++k) row.push_back(clue[static_cast<std::size_t>(r * b.cols + k)]);
              grid.push_back(row);
            }
            Builder out("puzz.link tapa");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "tapa";
            p["name"] = fmt::format("puzz.link tapa {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["grid"] = grid;
            out.from("/grid", "tapa data");
            return out.out;
          }};
}

}  // namespace psmt::importers
