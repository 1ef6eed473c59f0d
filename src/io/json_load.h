// Reading JSON documents with located errors.
//
// A first pass with nlohmann's SAX interface validates the text and keeps the
// JSON pointer of the value being read, so that a syntax error is reported as
// "line 3, column 17 (in /grid/2): ...", and rejects what the DOM parser would
// silently accept: duplicate object keys (the last would win) and nesting
// deeper than kMaxDepth. Only then is the DOM built.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace psmt {

inline constexpr std::size_t kMaxDepth = 64;
// InputError path used when an error has no place in a JSON tree (I/O, syntax).
inline constexpr const char* kNoPath = "#";

// Parse `text`; errors are InputError with file set to `origin`.
nlohmann::json parse_json_text(std::string_view text, const std::string& origin);

// Read and parse a file ("-" reads standard input).
nlohmann::json load_json_file(const std::string& path);

// Read a whole file into memory, with InputError on failure; a file (or
// standard input, "-") larger than --max-input (io/halt.h) is refused before
// it is read whole.
std::string read_text_file(const std::string& path);

}  // namespace psmt
