// pzprjs's own test scripts (tests/data/pzprjs/PID.js.txt, copied whole from
// robx/pzprjs test/script/PID.js): the genre's test URL and its `failcheck`
// boards, each a wrong answer with the rule it breaks, the last the solved
// board (code null). A conformance set: the URL must solve to the solved
// board, and the kind's checker must refuse every other board.
#pragma once

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.h"

namespace psmt::testing {

struct PzprjsBoard {
  std::string code;                 // pzprjs's failcode, "null" for the solved board
  std::vector<std::string> tokens;  // the board file after "pzprv3/PID/", split at spaces and '/'
};

struct PzprjsScript {
  std::string pid, url;
  std::vector<PzprjsBoard> boards;  // in the script's order; the solved one last
  const PzprjsBoard& solved() const { return boards.back(); }
};

inline PzprjsScript read_pzprjs_script(const std::string& pid) {
  PzprjsScript s;
  s.pid = pid;
  const std::string text = read_file(kDataDir + "/pzprjs/" + pid + ".js.txt");
  std::smatch m;
  if (std::regex_search(text, m, std::regex(R"(url\s*:\s*["']([^"']+)["'])"))) s.url = m[1];
  // The failcheck block: [code or null, "pzprv3/...", {options}?] entries;
  // a board marked `undecided: true` is an unfinished solved board, neither
  // wrong nor the answer, and is left out.
  const auto fc = text.find("failcheck");
  const auto end = text.find("inputs", fc);
  const std::string block = text.substr(fc, end == std::string::npos ? std::string::npos : end - fc);
  const std::regex entry(R"re(\[\s*("([^"]*)"|null)\s*,\s*"pzprv3/[^/]+/([^"]*)"\s*(,\s*\{([^}]*)\}\s*)?\])re");
  for (std::sregex_iterator it(block.begin(), block.end(), entry), stop; it != stop; ++it) {
    if (std::regex_search((*it)[5].str(), std::regex(R"(undecided\s*:\s*true)"))) continue;
    PzprjsBoard b;
    b.code = (*it)[1] == "null" ? "null" : (*it)[2].str();
    std::string body = (*it)[3];
    for (char& c : body)
      if (c == '/') c = ' ';
    std::istringstream in(body);
    for (std::string t; in >> t;) b.tokens.push_back(t);
    s.boards.push_back(b);
  }
  return s;
}

// The last rows*cols tokens of a board as rows of '#' (a token "#") and '.'
// (anything else): the answer grid of the shading genres.
inline std::vector<std::string> pzprjs_shading(const PzprjsBoard& b, int rows, int cols) {
  std::vector<std::string> out;
  const std::size_t start = b.tokens.size() - static_cast<std::size_t>(rows * cols);
  for (int r = 0; r < rows; ++r) {
    std::string row;
    for (int c = 0; c < cols; ++c) row += b.tokens[start + static_cast<std::size_t>(r * cols + c)] == "#" ? '#' : '.';
    out.push_back(row);
  }
  return out;
}

}  // namespace psmt::testing
