#include "io/json_node.h"

#include <algorithm>

#include <fmt/format.h>

namespace psmt {

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto cont = [&](std::size_t k) { return k < s.size() && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80; };
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >= 0xC2 && b <= 0xDF) ? 2 : (b >= 0xE0 && b <= 0xEF) ? 3 : (b >= 0xF0 && b <= 0xF4) ? 4 : 0;
    bool ok = n > 0;
    for (std::size_t k = 1; ok && k < n; ++k) ok = cont(i + k);
    if (ok && n == 3) {  // no overlong forms, no surrogates
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      ok = !(b == 0xE0 && b1 < 0xA0) && !(b == 0xED && b1 >= 0xA0);
    }
    if (ok && n == 4) {  // no overlong forms, nothing above U+10FFFF
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      ok = !(b == 0xF0 && b1 < 0x90) && !(b == 0xF4 && b1 >= 0x90);
    }
    if (ok) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";
      i += 1;
    }
  }
  return out;
}

namespace {

// Where a cut may fall: not inside a UTF-8 sequence.
std::size_t char_boundary(std::string_view s, std::size_t at) {
  while (at > 0 && at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

void append_escaped(std::string& out, std::string_view s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7F) out += fmt::format("\\x{:02x}", c);
    else out += ch;
  }
}

}  // namespace

std::string quote_input(std::string_view s, std::size_t max) {
  std::string out = "\"";
  if (s.size() <= max) {
    append_escaped(out, s);
  } else {
    append_escaped(out, s.substr(0, char_boundary(s, max - 1)));
    out += "\u2026";
  }
  return valid_utf8(out + "\"");
}

std::string quoted_around(std::string_view s, std::size_t at, std::size_t max) {
  if (s.size() <= max) return quote_input(s, max);
  std::size_t from = at > max / 2 ? at - max / 2 : 0;
  if (from + max > s.size()) from = s.size() - max;
  from = char_boundary(s, from);
  std::size_t to = char_boundary(s, std::min(s.size(), from + max));
  std::string out = "\"";
  if (from > 0) out += "\u2026";
  append_escaped(out, s.substr(from, to - from));
  if (to < s.size()) out += "\u2026";
  return valid_utf8(out + "\"");
}

std::string one_line(std::string_view message) {
  // Escape control characters; shorten every quoted span longer than
  // kQuoteMax; and cut what is still too long for a line of a terminal log.
  constexpr std::size_t kQuoteMax = 60, kMessageMax = 2000;  // room for the lists of what is read (importers/catalogue.cpp)
  std::string out;
  std::size_t i = 0;
  while (i < message.size()) {
    std::size_t q = message.find('"', i);
    if (q == std::string_view::npos) {
      append_escaped(out, message.substr(i));
      break;
    }
    append_escaped(out, message.substr(i, q - i));
    std::size_t end = message.find('"', q + 1);
    if (end == std::string_view::npos) {  // an unpaired quote: the rest as is
      append_escaped(out, message.substr(q));
      break;
    }
    std::string_view span = message.substr(q + 1, end - q - 1);
    if (span.size() > kQuoteMax) out += quote_input(span, kQuoteMax);
    else {
      out += '"';
      append_escaped(out, span);
      out += '"';
    }
    i = end + 1;
  }
  if (out.size() > kMessageMax) out = out.substr(0, char_boundary(out, kMessageMax - 3)) + "\u2026";
  return valid_utf8(out);
}

std::string InputError::describe() const {
  std::string where = path_.empty() ? "/" : one_line(path_);
  std::string head = file_.empty() ? "" : one_line(file_) + ": ";
  if (path_ == "#") return fmt::format("{}{} [{}]", head, what(), id_);  // not located in the JSON tree
  return fmt::format("{}{}: {} [{}]", head, where, what(), id_);
}

std::string describe_json(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float: {
      std::string s = v.dump();
      if (s.size() > 24) s = s.substr(0, 21) + "...";
      return "the number " + s;
    }
    case nlohmann::json::value_t::string: {
      const auto& s = v.get_ref<const std::string&>();
      std::string shown = s.size() > 40 ? s.substr(0, 37) + "..." : s;
      return fmt::format("the string \"{}\"", shown);
    }
    case nlohmann::json::value_t::array: return fmt::format("an array of {}", v.size());
    case nlohmann::json::value_t::object: return "an object";
    default: return "an unsupported value";
  }
}

std::string pointer_escape(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

void JsonNode::fail(std::string_view id, std::string_view message) const {
  throw InputError(std::string(id), path_, std::string(message));
}

void JsonNode::expected(std::string_view what) const {
  fail("input.type", fmt::format("expected {}, found {}", what, describe_json(*v_)));
}

void JsonNode::require_object() const {
  if (!v_->is_object()) expected("an object");
}

bool JsonNode::has(std::string_view key) const {
  require_object();
  auto it = v_->find(key);
  return it != v_->end() && !it->is_null();
}

JsonNode JsonNode::at(std::string_view key) const {
  require_object();
  auto it = v_->find(key);
  if (it == v_->end()) fail("input.missing", fmt::format("missing field \"{}\"", key));
  return JsonNode(*it, path_ + "/" + pointer_escape(key));
}

std::optional<JsonNode> JsonNode::find(std::string_view key) const {
  require_object();
  auto it = v_->find(key);
  if (it == v_->end() || it->is_null()) return std::nullopt;
  return JsonNode(*it, path_ + "/" + pointer_escape(key));
}

void JsonNode::allow_only(std::initializer_list<std::string_view> allowed) const {
  require_object();
  for (auto it = v_->begin(); it != v_->end(); ++it) {
    if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end()) continue;
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    throw InputError("input.unknown_field", path_ + "/" + pointer_escape(it.key()),
                     fmt::format("unknown field \"{}\" (allowed here: {})", it.key(), list));
  }
}

std::vector<JsonNode> JsonNode::items() const {
  if (!v_->is_array()) expected("an array");
  std::vector<JsonNode> out;
  out.reserve(v_->size());
  for (std::size_t i = 0; i < v_->size(); ++i) out.emplace_back((*v_)[i], path_ + "/" + std::to_string(i));
  return out;
}

std::vector<JsonNode> JsonNode::items(std::size_t exact) const {
  auto out = items();
  if (out.size() != exact)
    fail("input.shape", fmt::format("expected an array of {}, found an array of {}", exact, out.size()));
  return out;
}

std::size_t JsonNode::size() const {
  if (!v_->is_array()) expected("an array");
  return v_->size();
}

std::string JsonNode::as_string() const {
  if (!v_->is_string()) expected("a string");
  return v_->get<std::string>();
}

int64_t JsonNode::as_int(int64_t lo, int64_t hi) const {
  int64_t value = 0;
  if (v_->is_number_unsigned()) {
    auto u = v_->get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX))
      fail("input.range", fmt::format("expected an integer in {}..{}, found {}", lo, hi, describe_json(*v_)));
    value = static_cast<int64_t>(u);
  } else if (v_->is_number_integer()) {
    value = v_->get<int64_t>();
  } else {
    expected(fmt::format("an integer in {}..{}", lo, hi));
  }
  if (value < lo || value > hi)
    fail("input.range", fmt::format("expected an integer in {}..{}, found {}", lo, hi, value));
  return value;
}

bool JsonNode::as_bool() const {
  if (!v_->is_boolean()) expected("true or false");
  return v_->get<bool>();
}

}  // namespace psmt
