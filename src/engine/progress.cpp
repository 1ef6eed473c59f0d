#include "engine/progress.h"

#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "grid/token_grid.h"
#include "io/error.h"

namespace psmt {

namespace {

using nlohmann::json;

std::string text_of(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

bool is_unfilled(const json& v) { return v.is_string() && v.get<std::string>() == "?"; }

// The solution form as rows of cells: a row is a string (a character per
// cell) or an array (an element per cell).
class Rows {
 public:
  Rows(const Encoder& encoder, const Puzzle& puzzle, const json& solution)
      : encoder_(encoder), puzzle_(puzzle), solution_(solution), base_(encoder.place_values(puzzle, solution)) {}

  bool readable() const {
    if (!solution_.is_array() || solution_.empty()) return false;
    for (const auto& r : solution_)
      if (!r.is_string() && !r.is_array()) return false;
    return true;
  }
  std::size_t rows() const { return solution_.size(); }
  std::size_t width(std::size_t r) const {
    const auto& row = solution_[r];
    return row.is_string() ? row.get<std::string>().size() : row.size();
  }
  bool text_row(std::size_t r) const { return solution_[r].is_string(); }
  json cell(std::size_t r, std::size_t c) const {
    const auto& row = solution_[r];
    return row.is_string() ? json(std::string(1, row.get<std::string>()[c])) : row[c];
  }

  // The places' values with one cell written otherwise; nullopt (and the
  // kind's message) when the kind does not read that cell so.
  std::optional<std::vector<std::string>> with(std::size_t r, std::size_t c, const json& v, std::string* why = nullptr) const {
    json s = solution_;
    if (s[r].is_string()) {
      if (!v.is_string() || v.get<std::string>().size() != 1) {
        if (why) *why = "a cell of a row written as text is one character";
        return std::nullopt;
      }
      std::string row = s[r].get<std::string>();
      row[c] = v.get<std::string>()[0];
      s[r] = row;
    } else {
      s[r][c] = v;
    }
    try {
      const json n = encoder_.normalize_solution(puzzle_, JsonNode(s, ""));
      return encoder_.place_values(puzzle_, n);
    } catch (const InputError& e) {
      if (why) *why = e.what();
      return std::nullopt;
    }
  }

  // The places whose value differs from the solution's.
  std::vector<std::size_t> changed(const std::vector<std::string>& values) const {
    std::vector<std::size_t> out;
    for (std::size_t p = 0; p < values.size() && p < base_.size(); ++p)
      if (values[p] != base_[p]) out.push_back(p);
    if (values.size() != base_.size()) out.push_back(base_.size());  // not the same places: never one place
    return out;
  }

  // True when the cell at (r, c) is place p in this form: some other
  // writing of it changes p's value and no other place's.
  bool is_place(std::size_t r, std::size_t c, std::size_t p) const {
    std::vector<json> tries;
    std::set<std::string> seen{text_of(cell(r, c))};
    auto offer = [&](const json& v) {
      if (seen.insert(text_of(v)).second) tries.push_back(v);
    };
    for (std::size_t i = 0; i < rows() && tries.size() < 24; ++i)
      for (std::size_t j = 0; j < width(i) && tries.size() < 24; ++j) offer(cell(i, j));
    for (const char* m : {"#", ".", "+", "x", "0", "1", "2", "3"}) offer(json(m));
    if (!text_row(r))
      for (int k = 0; k <= 3; ++k) offer(json(k));
    for (const auto& v : tries) {
      const auto values = with(r, c, v);
      if (!values) continue;
      const auto ch = changed(*values);
      if (ch.empty()) continue;  // another spelling of the same value
      return ch.size() == 1 && ch[0] == p;
    }
    return false;
  }

  const std::vector<std::string>& base() const { return base_; }

 private:
  const Encoder& encoder_;
  const Puzzle& puzzle_;
  const json& solution_;
  std::vector<std::string> base_;
};

[[noreturn]] void not_rows(const Encoder& encoder, const JsonNode& node, const std::vector<Place>& places) {
  const std::string label = places.empty() ? "r1c1" : places.front().label;
  throw InputError("input.shape", node.path(),
                   fmt::format("a {} progress cannot be read as rows of its solution form (a cell there is not one place "
                               "of the puzzle); give it as facts in explain's words (hint --entry), or as an object of "
                               "places and their values, {{\"{}\": ...}}",
                               encoder.kind(), label));
}

// A line of text for a row whose cells are elements ("1 2 2 ? X", or
// "3,1,?"): its tokens as a board's row is read (grid/token_grid.h), a whole
// number read as a number.
std::vector<json> words_of(const std::string& line) {
  std::vector<json> out;
  for (std::string word : split_row(line)) {
    while (!word.empty() && (word.front() == ' ' || word.front() == '\t')) word.erase(word.begin());
    while (!word.empty() && (word.back() == ' ' || word.back() == '\t' || word.back() == '\r')) word.pop_back();
    const bool number = !word.empty() && word.size() <= 9 && word.find_first_not_of("0123456789") == std::string::npos;
    out.push_back(number ? json(std::stoi(word)) : json(word));
  }
  return out;
}

std::vector<ProgressEntry> read_rows(const Encoder& encoder, const Puzzle& puzzle, const json& solution, const JsonNode& node,
                                     const std::vector<Place>& places) {
  Rows rows(encoder, puzzle, solution);
  if (!rows.readable()) not_rows(encoder, node, places);
  const auto items = node.items();
  if (items.size() != rows.rows())
    node.fail("input.shape", fmt::format("expected {} rows, as the solution has, found {}", rows.rows(), items.size()));
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> place_at;
  for (std::size_t p = 0; p < places.size(); ++p)
    if (places[p].cell && places[p].cell->row >= 0 && places[p].cell->col >= 0)
      place_at[{static_cast<std::size_t>(places[p].cell->row), static_cast<std::size_t>(places[p].cell->col)}] = p;
  std::vector<ProgressEntry> out;
  for (std::size_t r = 0; r < items.size(); ++r) {
    const JsonNode& row = items[r];
    const std::size_t w = rows.width(r);
    std::vector<std::pair<json, std::string>> cells;  // value, path
    if (rows.text_row(r)) {
      if (!row.is_string()) row.expected(fmt::format("a row of {} characters", w));
      const std::string s = row.as_string();
      if (s.size() != w) row.fail("input.shape", fmt::format("expected a row of {} characters, found {}", w, s.size()));
      for (std::size_t c = 0; c < w; ++c) cells.push_back({json(std::string(1, s[c])), row.path()});
    } else if (row.is_string()) {  // a line of text for a row of elements: its words (or characters)
      const auto words = words_of(row.as_string());
      if (words.size() != w)
        row.fail("input.shape", fmt::format("expected a row of {} cells (separated by spaces), found {}", w, words.size()));
      for (const auto& word : words) cells.push_back({word, row.path()});
    } else {
      const auto cs = row.items();
      if (cs.size() != w) row.fail("input.shape", fmt::format("expected a row of {} cells, found {}", w, cs.size()));
      for (const auto& c : cs) cells.push_back({c.json(), c.path()});
    }
    for (std::size_t c = 0; c < w; ++c) {
      const auto& [v, path] = cells[c];
      if (is_unfilled(v)) continue;
      auto at = place_at.find({r, c});
      if (at == place_at.end()) continue;  // not a place (a wall, a clue cell): nothing to fill in
      const std::size_t p = at->second;
      ProgressEntry e{p, "", text_of(v), path, is_blank_mark(v)};
      const std::string where = rows.text_row(r) ? fmt::format(" (column {})", c + 1) : "";
      if (text_of(v) == text_of(rows.cell(r, c))) {
        if (!rows.is_place(r, c, p)) not_rows(encoder, node, places);
        e.value = rows.base()[p];
      } else {
        std::string why;
        const auto values = rows.with(r, c, v, &why);
        if (!values) {
          if (e.blank_mark) continue;
          throw InputError("input.value", path,
                           fmt::format("\"{}\" at {}{} is not a value this puzzle's solution form reads: {}", e.text,
                                       places[p].label, where, why));
        }
        const auto ch = rows.changed(*values);
        if (ch.size() > 1 || (ch.size() == 1 && ch[0] != p)) not_rows(encoder, node, places);
        if (ch.empty() && !rows.is_place(r, c, p)) not_rows(encoder, node, places);
        e.value = (*values)[p];
      }
      out.push_back(std::move(e));
    }
  }
  return out;
}

// A place's value written as its cell is in the rows of the solution form
// ("#" for "shaded"): that value, when the form reads it so.
std::optional<std::string> spelled_as_in_rows(const Rows& rows, const Place& place, std::size_t p, const json& v) {
  if (!rows.readable() || !place.cell || place.cell->row < 0 || place.cell->col < 0) return std::nullopt;
  const auto r = static_cast<std::size_t>(place.cell->row), c = static_cast<std::size_t>(place.cell->col);
  if (r >= rows.rows() || c >= rows.width(r)) return std::nullopt;
  if (text_of(v) == text_of(rows.cell(r, c))) return rows.is_place(r, c, p) ? std::optional(rows.base()[p]) : std::nullopt;
  const auto values = rows.with(r, c, v);
  if (!values) return std::nullopt;
  const auto ch = rows.changed(*values);
  if (ch.size() != 1 || ch[0] != p) return std::nullopt;
  return (*values)[p];
}

std::vector<ProgressEntry> read_places(const Rows& rows, const JsonNode& node, const std::vector<Place>& places) {
  std::map<std::string, std::size_t> by_label;
  for (std::size_t p = 0; p < places.size(); ++p) by_label.emplace(places[p].label, p);
  std::vector<ProgressEntry> out;
  for (auto it = node.json().begin(); it != node.json().end(); ++it) {
    const std::string path = node.path() + "/" + pointer_escape(it.key());
    auto p = by_label.find(it.key());
    if (p == by_label.end())
      throw InputError("input.unknown_name", path,
                       fmt::format("\"{}\" is no place of this puzzle (places are named like \"{}\")", it.key(),
                                   places.empty() ? "r1c1" : places.front().label));
    const json& v = it.value();
    if (!v.is_string() && !v.is_number() && !v.is_null())
      throw InputError("input.type", path, fmt::format("expected a value as a string or a number, found {}", v.type_name()));
    if (is_unfilled(v) || v.is_null() || text_of(v).empty()) continue;
    const auto spelled = spelled_as_in_rows(rows, places[p->second], p->second, v);
    out.push_back({p->second, spelled ? *spelled : text_of(v), text_of(v), path, is_blank_mark(v)});
  }
  return out;
}

}  // namespace

bool is_blank_mark(const json& v) {
  if (v.is_null()) return true;
  if (v.is_number()) return v == 0;
  if (!v.is_string()) return false;
  const std::string s = v.get<std::string>();
  return s.empty() || s == "." || s == "0" || s == "_" || s == "-" || s == " ";
}

std::vector<ProgressEntry> read_progress(const Encoder& encoder, const Puzzle& puzzle, const nlohmann::json& solution,
                                         const JsonNode& node) {
  const auto places = encoder.places(puzzle);
  if (node.is_object()) return read_places(Rows(encoder, puzzle, solution), node, places);
  if (node.is_array()) return read_rows(encoder, puzzle, solution, node, places);
  node.expected("the solution form's rows with \"?\" where nothing is filled in yet, or an object of places and values");
}

}  // namespace psmt
