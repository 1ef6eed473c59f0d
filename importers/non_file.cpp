// Steve Simpson's .non nonogram files (the exchange format of nonogram-db,
// webpbn's exports and pbnsolve): keyword lines, then the clue lines.
//
//   catalogue "webpbn #1"          metadata: catalogue, title, by, copyright,
//   title "Demo"                   license, ... (kept as name, author, notes)
//   width 5
//   height 3
//   rows                           then `height` lines, one per row, top down:
//   1,1                            the runs, separated by commas or spaces;
//   3                              "0" or an empty line for an empty row
//   0
//   columns                        then `width` lines, left to right
//   ...
//   goal "010101..."               the setter's picture, row by row (optional)
//
// As the format's description (nonogram-db's FORMAT.md) and pbnsolve read
// it: "rows" and "columns" take the next `height` / `width` lines whatever
// they hold, so a blank line there is an empty line of the picture; lines
// with a keyword this reader does not know are ignored, as the format says.
// Clues with a colour letter ("3b,1d") are refused: the nonogram kind is
// black and white, and reading "3b" as a black 3 would change the puzzle.
#include <algorithm>
#include <cctype>
#include <sstream>

#include <fmt/format.h>

#include "importers/formats.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

// A keyword's argument: the rest of the line, without the quotes, with the
// HTML escapes the format allows in strings decoded (&copy; &amp; &#169;...).
std::string argument_of(const std::string& rest) {
  std::string a = trim(rest);
  if (a.size() >= 2 && a.front() == '"' && a.back() == '"') a = a.substr(1, a.size() - 2);
  static const std::pair<const char*, const char*> named[] = {{"&copy;", "©"}, {"&amp;", "&"}, {"&quot;", "\""},
                                                              {"&lt;", "<"},   {"&gt;", ">"},  {"&apos;", "'"}};
  std::string out;
  for (std::size_t i = 0; i < a.size();) {
    bool done = false;
    if (a[i] == '&') {
      for (auto [from, to] : named)
        if (a.compare(i, std::char_traits<char>::length(from), from) == 0) {
          out += to;
          i += std::char_traits<char>::length(from);
          done = true;
          break;
        }
      std::size_t semi = a.find(';', i);
      if (!done && i + 2 < a.size() && a[i + 1] == '#' && semi != std::string::npos && semi - i <= 8) {
        const std::string digits = a.substr(i + 2, semi - i - 2);
        if (!digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
          unsigned long cp = std::stoul(digits);
          if (cp < 0x80) out += static_cast<char>(cp);
          else if (cp < 0x800) out += {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
          else if (cp < 0x10000) out += {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
          i = semi + 1;
          done = true;
        }
      }
    }
    if (!done) out += a[i++];
  }
  return out;
}

[[noreturn]] void fail(const std::string& origin, std::size_t line, const std::string& what) {
  throw InputError("input.format", kNoPath, fmt::format(".non file, line {}: {}", line, what), origin);
}

// Metadata kept as notes ("saved", a solver's partial state, is not).
const char* const kMetadata[] = {"catalogue", "copyright", "license", "licence", "note", "notes", "comment", "url", "saved"};

}  // namespace

bool looks_like_non(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  bool width = false, height = false, rows = false;
  for (int k = 0; k < 60 && std::getline(in, line); ++k) {
    std::istringstream words(line);
    std::string w;
    words >> w;
    width = width || w == "width";
    height = height || w == "height";
    rows = rows || w == "rows";
  }
  return width && height && rows;
}

Imported import_non(const std::string& text, const std::string& origin) {
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string l;
    while (std::getline(in, l)) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
  }
  int width = -1, height = -1;
  nlohmann::json rows, columns, notes = nlohmann::json::array();
  std::string title, author, goal;
  std::size_t goal_line = 0;
  auto read_int = [&](const std::string& rest, std::size_t at, const char* what) {
    const std::string a = trim(rest);
    if (a.empty() || a.size() > 4 || !std::all_of(a.begin(), a.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      fail(origin, at, fmt::format("{} is {}, not a whole number from 1 to 200", what, quote_input(shorten(a, 20))));
    int v = std::stoi(a);
    if (v < 1 || v > 200) fail(origin, at, fmt::format("{} is {}, not a whole number from 1 to 200", what, v));
    return v;
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line = trim(lines[i]);
    if (line.empty() || line[0] == '#') continue;
    std::size_t sp = line.find_first_of(" \t");
    std::string word = line.substr(0, sp), rest = sp == std::string::npos ? "" : line.substr(sp);
    for (auto& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::size_t at = i + 1;
    if (word == "width") {
      width = read_int(rest, at, "the width");
    } else if (word == "height") {
      height = read_int(rest, at, "the height");
    } else if (word == "rows" || word == "columns") {
      const bool is_rows = word == "rows";
      const int count = is_rows ? height : width;
      if (count < 0) fail(origin, at, fmt::format("\"{}\" comes before \"{}\": the number of clue lines is not known", word, is_rows ? "height" : "width"));
      if (!trim(rest).empty() && read_int(rest, at, fmt::format("the number after \"{}\"", word).c_str()) != count)
        fail(origin, at, fmt::format("\"{} {}\" does not match the {} {}", word, trim(rest), is_rows ? "height" : "width", count));
      if ((is_rows ? rows : columns).is_array()) fail(origin, at, fmt::format("a second \"{}\" section", word));
      nlohmann::json clues = nlohmann::json::array();
      for (int k = 0; k < count; ++k) {
        const std::size_t li = i + 1 + static_cast<std::size_t>(k);
        if (li >= lines.size())
          fail(origin, li, fmt::format("the file ends after {} of the {} {} clue lines", k, count, is_rows ? "row" : "column"));
        std::string clue = trim(lines[li]);
        nlohmann::json runs = nlohmann::json::array();
        std::string num;
        auto flush = [&]() {
          if (num.empty()) return;
          if (num.size() > 3) fail(origin, li + 1, fmt::format("{} {}'s clue has the run {}", is_rows ? "row" : "column", k + 1, num));
          const int v = std::stoi(num);
          if (v > 0) runs.push_back(v);
          else if (clue != "0") fail(origin, li + 1, fmt::format("{} {}'s clue {} has a run of 0", is_rows ? "row" : "column", k + 1, quote_input(clue)));
          num.clear();
        };
        char before = ' ';
        for (char c : clue) {
          const bool colour_letter = std::isalpha(static_cast<unsigned char>(c)) && std::isdigit(static_cast<unsigned char>(before));
          before = c;
          if (std::isdigit(static_cast<unsigned char>(c))) num += c;
          else if (c == ',' || c == ' ' || c == '\t') flush();
          else
            fail(origin, li + 1,
                 fmt::format("{} {}'s clue {} is not a list of run lengths (numbers separated by commas; 0 or an empty line "
                             "for none){}",
                             is_rows ? "row" : "column", k + 1, quote_input(shorten(clue, 30)),
                             colour_letter ? " (a colour letter: puzzle-smt reads black-and-white nonograms only)" : ""));
        }
        flush();
        clues.push_back(runs);
      }
      (is_rows ? rows : columns) = clues;
      i += static_cast<std::size_t>(count);
    } else if (word == "goal") {
      goal = argument_of(rest);
      goal_line = at;
    } else if (word == "title") {
      title = argument_of(rest);
    } else if (word == "by" || word == "author") {
      author = argument_of(rest);
    } else if (std::find(std::begin(kMetadata), std::end(kMetadata), word) != std::end(kMetadata)) {
      if (word != "saved" && !argument_of(rest).empty()) notes.push_back(fmt::format("{}: {}", word, argument_of(rest)));
    }  // any other line: ignored, as the format says (a colour definition included: the clues say whether colours are used)
  }
  if (width < 0 || height < 0) fail(origin, lines.size(), fmt::format("no \"{}\" line", width < 0 ? "width" : "height"));
  if (!rows.is_array() || !columns.is_array())
    fail(origin, lines.size(), fmt::format("no \"{}\" section", !rows.is_array() ? "rows" : "columns"));
  Imported out;
  out.format = ".non file";
  nlohmann::json& p = out.puzzle;
  p["kind"] = "nonogram";
  p["name"] = title.empty() ? fmt::format("nonogram {}x{}", width, height) : title;
  if (!author.empty()) p["author"] = author;
  p["source"] = origin;
  if (!notes.empty()) p["notes"] = notes;
  p["rows"] = rows;
  p["columns"] = columns;
  if (!goal.empty()) {
    if (goal.size() != static_cast<std::size_t>(width) * height ||
        !std::all_of(goal.begin(), goal.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
      fail(origin, goal_line, fmt::format("the goal has {} characters; a {}x{} picture needs {} (0 for blank, 1 for filled)", goal.size(),
                                          width, height, width * height));
    nlohmann::json sol = nlohmann::json::array();
    for (int r = 0; r < height; ++r) {
      std::string row;
      for (int c = 0; c < width; ++c) row += goal[static_cast<std::size_t>(r) * width + c] == '0' ? '.' : '#';
      sol.push_back(row);
    }
    p["expect"] = {{"solution", sol}};
  }
  for (int k = 0; k < height; ++k) out.provenance.push_back({fmt::format("/rows/{}", k), fmt::format("row {}'s clue line", k + 1)});
  for (int k = 0; k < width; ++k) out.provenance.push_back({fmt::format("/columns/{}", k), fmt::format("column {}'s clue line", k + 1)});
  return out;
}

}  // namespace psmt::importers
