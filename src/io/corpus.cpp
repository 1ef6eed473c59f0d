#include "io/corpus.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>

#include "io/error.h"
#include "io/json_load.h"

namespace psmt {
namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

CorpusRecord record(std::string origin, std::string text, bool is_line, bool is_text_grid = false) {
  CorpusRecord r;
  r.origin = std::move(origin);
  r.text = std::move(text);
  r.is_line = is_line;
  r.is_text_grid = is_text_grid;
  return r;
}

// A file of links or game IDs, one per line ('#' comments and blank lines
// skipped). A line that is none is a record that fails, naming its line.
void add_link_lines(const std::string& path, LinkTest is_link, std::vector<CorpusRecord>& out) {
  std::string text = read_text_file(path);
  const std::size_t before = out.size();
  std::size_t start = 0;
  int line_no = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? text.size() : end + 1;
    line_no++;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    std::size_t lead = line.find_first_not_of(" \t");
    if (lead == std::string::npos || line[lead] == '#') continue;
    line = line.substr(lead);
    CorpusRecord r = record(fmt::format("{}:{}", path, line_no), line, false);
    if (is_link(line))
      r.is_link = true;
    else
      r.unreadable = fmt::format("not a link or a game ID (one puzzle per line: an f-puzzles, SudokuPad or "
                                 "puzz.link link, or GAME:PARAMS:DESC): {}",
                                 quote_input(line));
    out.push_back(std::move(r));
  }
  const bool any = std::any_of(out.begin() + static_cast<long>(before), out.end(),
                               [](const CorpusRecord& r) { return r.is_link; });
  if (!any)
    throw InputError("input.file", kNoPath,
                     "not .json, .jsonl, .sdk, .ss or .non, and no line is a link or a game ID: say what a line is with "
                     "--kind (e.g. --kind sudoku for lines of 81 or 256 cells)",
                     path);
}

void add_lines(const std::string& path, bool jsonl, const std::string& line_kind, std::vector<CorpusRecord>& out) {
  std::string text = read_text_file(path);
  const std::size_t before = out.size();
  std::size_t start = 0;
  int line_no = 0;
  bool first = true;  // the first line that is not a comment may be a header
  while (start < text.size()) {
    auto end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? text.size() : end + 1;
    line_no++;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t lead = line.find_first_not_of(" \t");
    if (lead == std::string::npos || line[lead] == '#') continue;
    const bool header_place = first;
    first = false;
    std::string origin = fmt::format("{}:{}", path, line_no);
    if (!jsonl) {
      // The first field. The first line may be a header or a count (no
      // puzzle-like field): skipped. Any later line without a puzzle is a
      // record that fails with its line number (batch counts it, exit 2).
      std::string field = line.substr(lead, line.find_first_of(" \t,;", lead) - lead);
      bool puzzle_like = field.size() >= 16 && std::all_of(field.begin(), field.end(), [](char c) {
                           return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
                                  std::isupper(static_cast<unsigned char>(c));
                         });
      if (!puzzle_like && header_place) continue;
      if (!puzzle_like) {
        CorpusRecord bad = record(origin, line, true);
        bad.unreadable = fmt::format("line {}: not a puzzle line ({}): {}", line_no,
                                     "one puzzle per line, its cells as the first field", quote_input(line));
        out.push_back(std::move(bad));
        continue;
      }
      line = field;
    }
    out.push_back(record(origin, line, !jsonl));
  }
  (void)line_kind;
  // A corpus in which no line is a puzzle (a binary file, a grid written
  // over several lines, prose) is bad input, never "0 puzzles, exit 0".
  const bool any_puzzle = std::any_of(out.begin() + static_cast<long>(before), out.end(),
                                      [](const CorpusRecord& r) { return r.unreadable.empty(); });
  if (!any_puzzle && !jsonl)
    throw InputError("input.file", kNoPath,
                     "no line holds a puzzle: a line corpus has one puzzle per line (e.g. 81 or 256 cells for sudoku); "
                     "a single grid over several lines is a .sdk or .ss file, or our JSON",
                     path);
}

// Files holding one puzzle in a text format of their own (SadMan .sdk,
// Simple Sudoku .ss, .non nonograms), read by the importers.
bool text_grid_file(const std::string& path) {
  return ends_with(path, ".sdk") || ends_with(path, ".ss") || ends_with(path, ".non");
}

// The lines that hold something: not blank, not a '#' comment.
std::vector<std::string> content_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? text.size() : end + 1;
    const auto a = line.find_first_not_of(" \t\r");
    if (a == std::string::npos || line[a] == '#') continue;
    lines.push_back(line.substr(a));
  }
  return lines;
}

// One file met in a directory: its records, or why it is skipped.
std::string read_directory_file(const std::string& f, const std::string& line_kind, LinkTest is_link,
                                TextTest is_puzzle_text, std::vector<CorpusRecord>& out) {
  if (ends_with(f, ".json") || text_grid_file(f)) {
    out.push_back(record(f, read_text_file(f), false, text_grid_file(f)));
    return {};
  }
  if (ends_with(f, ".jsonl")) {
    add_lines(f, true, line_kind, out);
    return {};
  }
  std::string text;
  try {
    text = read_text_file(f);
  } catch (const InputError& e) {
    return e.what();
  }
  if (text.find('\0') != std::string::npos) return "not text";
  const auto lines = content_lines(text);
  if (lines.empty()) return "empty (no line but blanks and # comments)";
  if (is_link) {
    std::size_t links = 0;
    for (const auto& l : lines) links += is_link(l) ? 1 : 0;
    if (links == lines.size()) {
      add_link_lines(f, is_link, out);
      return {};
    }
    if (links > 0 && !(is_puzzle_text && is_puzzle_text(text)))
      return fmt::format("{} of its {} lines are links or game IDs, the others are not (name the file itself to read "
                         "its links and be told which lines are not)",
                         links, lines.size());
  }
  if (is_puzzle_text && is_puzzle_text(text)) {
    out.push_back(record(f, text, false, true));
    return {};
  }
  if (!line_kind.empty()) {
    const std::size_t before = out.size();
    try {
      add_lines(f, false, line_kind, out);
    } catch (const InputError& e) {
      out.resize(before);
      return e.what();
    }
    return {};
  }
  return is_link ? "no line is a link or a game ID, and it is not a puzzle as text (a sudoku grid, a .non nonogram)"
                 : "not .json, .jsonl, .sdk, .ss or .non";
}

void read_directory(const std::string& dir, const std::string& line_kind, LinkTest is_link, TextTest is_puzzle_text,
                    std::vector<std::string>* skipped, std::vector<CorpusRecord>& out) {
  std::error_code ec;
  std::vector<std::string> files, hidden;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) throw InputError("input.file", kNoPath, "cannot read the directory: " + ec.message(), dir);
  for (; it != end; it.increment(ec)) {
    if (ec) throw InputError("input.file", kNoPath, "cannot read the directory: " + ec.message(), dir);
    const std::string name = it->path().filename().string();
    if (!name.empty() && name[0] == '.') {
      hidden.push_back(it->path().string() + (it->is_directory(ec) ? "/" : ""));
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> why_skipped;
  const std::size_t before = out.size();
  for (const auto& f : files) {
    std::string why = read_directory_file(f, line_kind, is_link, is_puzzle_text, out);
    if (!why.empty()) why_skipped.push_back(f + ": " + why);
  }
  std::sort(hidden.begin(), hidden.end());
  for (const auto& h : hidden) why_skipped.push_back(h + ": hidden");
  if (skipped) skipped->insert(skipped->end(), why_skipped.begin(), why_skipped.end());
  if (out.size() == before) {
    std::string msg = "an empty directory: no puzzle to check";
    if (!why_skipped.empty())
      msg = fmt::format("no puzzle in this directory ({} file{} skipped, the first {})", why_skipped.size(),
                        why_skipped.size() == 1 ? "" : "s", why_skipped.front());
    else if (!files.empty())
      msg = "no puzzle in this directory (its files hold no record)";
    throw InputError("input.file", kNoPath, msg, dir);
  }
}

}  // namespace

std::vector<CorpusRecord> read_corpus(const std::vector<std::string>& inputs, const std::string& line_kind,
                                      LinkTest is_link, TextTest is_puzzle_text, std::vector<std::string>* skipped) {
  std::vector<CorpusRecord> out;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      read_directory(in, line_kind, is_link, is_puzzle_text, skipped, out);
    } else if (text_grid_file(in)) {
      out.push_back(record(in, read_text_file(in), false, true));
    } else if (ends_with(in, ".jsonl")) {
      add_lines(in, true, line_kind, out);
    } else if (ends_with(in, ".json")) {
      out.push_back(record(in, read_text_file(in), false));
    } else {
      if (line_kind.empty() && is_link) {
        add_link_lines(in, is_link, out);
        continue;
      }
      if (line_kind.empty())
        throw InputError("input.file", kNoPath,
                         "not .json, .jsonl, .sdk, .ss or .non: say what a line is with --kind (e.g. --kind sudoku for lines "
                         "of 81 or 256 cells)",
                         in);
      add_lines(in, false, line_kind, out);
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i].index = i;
  return out;
}

LoadedPuzzle load_record(const CorpusRecord& r, const std::string& line_kind) {
  if (!r.unreadable.empty()) throw InputError("input.line", kNoPath, r.unreadable, r.origin);
  if (r.is_text_grid || r.is_link)
    throw InputError("input.file", kNoPath, "a grid as text or a link needs the importers (load_corpus_record)", r.origin);
  if (!r.is_line) return load_puzzle(parse_json_text(r.text, r.origin), r.origin);
  nlohmann::json j = {{"kind", line_kind}, {"grid", r.text}};
  return load_puzzle(j, r.origin);
}

}  // namespace psmt
