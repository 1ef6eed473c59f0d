#include "io/json_load.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "io/error.h"
#include "io/halt.h"
#include "io/json_node.h"

namespace psmt {
namespace {

using json = nlohmann::json;

// SAX handler that only tracks where it is and rejects duplicates / depth.
class Locator {
 public:
  struct Frame {
    bool is_array;
    std::size_t index = 0;
    std::string key;
    std::set<std::string> keys;
  };

  // Pointer of the value currently being read.
  std::string path() const {
    std::string p;
    for (const auto& f : stack_) {
      if (f.is_array) p += "/" + std::to_string(f.index);
      else if (!f.key.empty() || !f.keys.empty()) p += "/" + pointer_escape(f.key);
    }
    return p;
  }

  std::string error_id = "input.json";
  std::string error_path;
  std::string error_message;
  std::size_t error_byte = 0;

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(json::number_integer_t) { return value(); }
  bool number_unsigned(json::number_unsigned_t) { return value(); }
  bool number_float(json::number_float_t, const std::string&) { return value(); }
  bool string(std::string&) {  // strings can be megabytes long: poll after each
    poll_halt();
    return value();
  }
  bool binary(json::binary_t&) { return value(); }
  bool start_object(std::size_t) { return open(false); }
  bool start_array(std::size_t) { return open(true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    auto& f = stack_.back();
    f.key = k;
    if (!f.keys.insert(k).second) {
      error_id = "input.duplicate_key";
      error_path = path();
      error_message = fmt::format("duplicate key \"{}\" (a JSON object may name each field once)", k);
      return false;
    }
    return true;
  }
  bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& ex) {
    error_id = "input.json";
    error_path = path();
    error_byte = byte;
    std::string msg = ex.what();
    // nlohmann: "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while
    // parsing value - unexpected end of input; expected ..." -> keep the part after "parse error ...: ".
    auto pos = msg.find(": ");
    if (pos != std::string::npos && msg.find("parse error") != std::string::npos) msg = msg.substr(pos + 2);
    error_message = msg;
    return false;
  }

 private:
  bool value() {
    if (!stack_.empty() && stack_.back().is_array) stack_.back().index++;
    if ((++values_ & 4095) == 0) poll_halt();  // --timeout covers parsing too
    return true;
  }
  std::size_t values_ = 0;
  bool open(bool is_array) {
    if (stack_.size() >= kMaxDepth) {
      error_id = "input.depth";
      error_path = path();
      error_message = fmt::format("nesting deeper than {} levels", kMaxDepth);
      return false;
    }
    Frame f;
    f.is_array = is_array;
    stack_.push_back(std::move(f));
    return true;
  }
  bool close() {
    stack_.pop_back();
    return value();
  }

  std::vector<Frame> stack_;
};

std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t byte) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
  }
  return {line, col};
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& origin) {
  bool blank = text.find_first_not_of(" \t\r\n") == std::string_view::npos;
  if (blank) throw InputError("input.json", kNoPath, "empty input, expected a JSON object", origin);
  Locator loc;
  bool ok = json::sax_parse(text, &loc, json::input_format_t::json, /*strict=*/true);
  if (!ok) {
    if (loc.error_id == "input.json") {
      auto [line, col] = line_column(text, loc.error_byte ? loc.error_byte - 1 : 0);
      std::string where = loc.error_path.empty() ? "" : fmt::format(" (in {})", loc.error_path);
      throw InputError("input.json", kNoPath,
                       fmt::format("malformed JSON at line {}, column {}{}: {}", line, col, where,
                                   loc.error_message),
                       origin);
    }
    throw InputError(loc.error_id, loc.error_path, loc.error_message, origin);
  }
  try {
    std::size_t events = 0;
    return json::parse(text, [&events](int, json::parse_event_t, json& parsed) {
      if ((++events & 4095) == 0 || parsed.is_string()) poll_halt();
      return true;
    });
  } catch (const json::exception& e) {  // cannot happen after a clean SAX pass; keep it an input error
    throw InputError("input.json", kNoPath, std::string("malformed JSON: ") + e.what(), origin);
  }
}

std::string read_text_file(const std::string& path) {
  const uint64_t limit = max_input_bytes();
  auto too_large = [&](const std::string& size) {
    return InputError("input.size", kNoPath,
                      fmt::format("{} is larger than the --max-input limit of {} MB (raise it with --max-input MB)",
                                  size, limit >> 20),
                      path);
  };
  if (path == "-") {  // read in pieces, never more than the limit
    std::string text;
    char buf[1 << 16];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      text.append(buf, static_cast<std::size_t>(std::cin.gcount()));
      if (text.size() > limit) throw too_large("standard input");
      poll_halt();
    }
    return text;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError("input.file", kNoPath,
                     "is a directory, expected a puzzle file; to check every puzzle in it: puzzle-smt batch " + path, path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("input.file", kNoPath, "cannot open file (does it exist?)", path);
  in.seekg(0, std::ios::end);
  auto size = in.tellg();
  if (size < 0 || !std::filesystem::is_regular_file(path, ec)) {
    // A pipe or a device: read in pieces up to the limit.
    in.clear();
    in.close();
    std::ifstream stream(path, std::ios::binary);
    std::string text;
    char buf[1 << 16];
    while (stream.read(buf, sizeof buf) || stream.gcount() > 0) {
      text.append(buf, static_cast<std::size_t>(stream.gcount()));
      if (text.size() > limit) throw too_large("the input");
      poll_halt();
    }
    return text;
  }
  if (static_cast<uint64_t>(size) > limit) throw too_large(fmt::format("the file of {} bytes", static_cast<long long>(size)));
  in.seekg(0);
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), size);
  if (!in) throw InputError("input.file", kNoPath, "cannot read file", path);
  return text;
}

nlohmann::json load_json_file(const std::string& path) {
  return parse_json_text(read_text_file(path), path);
}

}  // namespace psmt
