#include "io/json_format.h"

#include <algorithm>

namespace psmt {
namespace {

using nlohmann::json;

std::string dump_scalar(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

bool scalars_only(const json& a) {
  return std::all_of(a.begin(), a.end(), [](const json& e) { return !e.is_structured(); });
}

// A value at `indent`: objects one key per line (up to depth 1), lists of
// structured items one item per line, everything else on one line.
void write(const json& v, int depth, const std::string& indent, std::string& out) {
  const std::string inner = indent + "  ";
  if (v.is_object() && depth <= 1 && !v.empty()) {
    out += "{\n";
    std::size_t k = 0;
    for (auto it = v.begin(); it != v.end(); ++it, ++k) {
      out += inner + dump_scalar(it.key()) + ": ";
      write(it.value(), depth + 1, inner, out);
      out += k + 1 < v.size() ? ",\n" : "\n";
    }
    out += indent + "}";
  } else if (v.is_array() && !v.empty() && !scalars_only(v) && depth <= 2) {
    out += "[\n";
    for (std::size_t i = 0; i < v.size(); ++i) out += inner + compact_json(v[i]) + (i + 1 < v.size() ? ",\n" : "\n");
    out += indent + "]";
  } else if (v.is_array() && !v.empty() && v[0].is_string() && depth <= 2 && v.size() > 1) {
    out += "[\n";  // row strings, one per line
    for (std::size_t i = 0; i < v.size(); ++i) out += inner + dump_scalar(v[i]) + (i + 1 < v.size() ? ",\n" : "\n");
    out += indent + "]";
  } else {
    out += compact_json(v);
  }
}

}  // namespace

std::string compact_json(const json& v) {
  if (v.is_object()) {
    std::string s = "{";
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      s += (first ? "" : ", ") + dump_scalar(it.key()) + ": " + compact_json(it.value());
      first = false;
    }
    return s + "}";
  }
  if (v.is_array()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + compact_json(v[i]);
    return s + "]";
  }
  return dump_scalar(v);
}

std::string format_puzzle_json(const json& puzzle, const std::vector<std::string>& field_order) {
  static const std::vector<std::string> head = {"kind", "name", "author", "source", "rules", "notes"};
  std::vector<std::string> keys;
  for (const auto& k : head)
    if (puzzle.contains(k)) keys.push_back(k);
  for (const auto& k : field_order)
    if (puzzle.contains(k) && std::find(keys.begin(), keys.end(), k) == keys.end() && k != "expect") keys.push_back(k);
  for (auto it = puzzle.begin(); it != puzzle.end(); ++it)
    if (std::find(keys.begin(), keys.end(), it.key()) == keys.end() && it.key() != "expect") keys.push_back(it.key());
  if (puzzle.contains("expect")) keys.push_back("expect");
  std::string out = "{\n";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    out += "  " + dump_scalar(keys[i]) + ": ";
    write(puzzle.at(keys[i]), 1, "  ", out);
    out += i + 1 < keys.size() ? ",\n" : "\n";
  }
  return out + "}\n";
}

}  // namespace psmt
