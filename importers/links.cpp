// Links: f-puzzles (?load=), SudokuPad (fpuz/fpuzzles, scl/ctc ids), and
// the short ids that only a server can expand (refused with what to paste
// instead: nothing is fetched).
//
// URL damage a link picks up on its way (FORMATS.md §2.1): percent-encoding
// (%2B, %2F, %3D), '+' turned into a space by form decoding, line breaks
// from pasting, and "//" inside the data collapsed to "/" by some URL
// handlers. The last is repaired as SudokuPad's loader does: when the data
// does not decode, '/' is doubled at combinations of the '/' positions (at
// most 16 positions, 3000 tries) until it does.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/lzstring.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

struct Url {
  std::string scheme, host, path, query;  // query without '?', fragment dropped
};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<Url> parse_url(const std::string& text) {
  auto colon = text.find("://");
  if (colon == std::string::npos) return std::nullopt;
  Url u;
  u.scheme = lower(text.substr(0, colon));
  std::string rest = text.substr(colon + 3);
  auto hash = rest.find('#');
  std::string fragment;
  if (hash != std::string::npos) {
    fragment = rest.substr(hash + 1);
    rest = rest.substr(0, hash);
  }
  auto slash = rest.find_first_of("/?");
  u.host = lower(rest.substr(0, slash));
  rest = slash == std::string::npos ? "" : rest.substr(slash);
  auto q = rest.find('?');
  u.path = rest.substr(0, q);
  if (q != std::string::npos) u.query = rest.substr(q + 1);
  if (!fragment.empty()) u.query += (u.query.empty() ? "#" : "#") + fragment;
  return u;
}

// The value of `name=` in a query ("a=1&load=XYZ"), up to the next '&'.
std::optional<std::string> query_value(const std::string& query, const std::string& name) {
  std::size_t pos = 0;
  while (pos <= query.size()) {
    std::size_t end = query.find('&', pos);
    if (end == std::string::npos) end = query.size();
    std::string part = query.substr(pos, end - pos);
    if (part.rfind(name + "=", 0) == 0) return part.substr(name.size() + 1);
    pos = end + 1;
  }
  return std::nullopt;
}

[[noreturn]] void link_fail(const std::string& origin, const std::string& id, const std::string& message) {
  throw InputError(id, kNoPath, message, origin);
}

// Clean compressed data: percent-decoding, spaces back to '+', line breaks out.
std::string clean_data(std::string data) {
  data = percent_decode(data);
  std::string out;
  for (char c : data) {
    if (c == ' ') out += '+';
    else if (c != '\n' && c != '\r' && c != '\t') out += c;
  }
  return out;
}

// Decompress and parse; std::nullopt (and `error`) if either fails.
std::optional<nlohmann::json> try_decode(const std::string& data, const std::string& origin, bool want_json,
                                         std::string& text, std::optional<InputError>& error) {
  try {
    text = lz_decompress_base64(data, origin);
    if (!want_json) return nlohmann::json();
    return parse_json_text(text, origin + " (decoded data)");
  } catch (InputError& e) {
    if (!error) error = e;
    return std::nullopt;
  }
}

// Decompress f-puzzles or SudokuPad data, repairing collapsed "//" if need
// be. `want_json`: the text must also parse as JSON (f-puzzles data).
std::string decode_data(const std::string& raw, const std::string& origin, bool want_json) {
  std::string data = clean_data(raw);
  std::string text;
  std::optional<InputError> error;
  if (try_decode(data, origin, want_json, text, error)) return text;
  std::vector<std::size_t> slashes;
  for (std::size_t i = 0; i < data.size(); ++i)
    if (data[i] == '/') slashes.push_back(i);
  if (!slashes.empty() && slashes.size() <= 16) {
    int tries = 0;
    const std::size_t k = slashes.size();
    for (std::size_t size = 1; size <= k && tries < 3000; ++size) {
      // Every subset of `size` slash positions, in lexicographic order.
      std::vector<std::size_t> pick(size);
      for (std::size_t i = 0; i < size; ++i) pick[i] = i;
      for (;;) {
        if (++tries > 3000) break;
        std::string fixed;
        std::size_t p = 0;
        for (std::size_t i = 0; i < data.size(); ++i) {
          fixed += data[i];
          if (p < size && i == slashes[pick[p]]) {
            fixed += '/';
            p++;
          }
        }
        std::optional<InputError> ignored;
        if (try_decode(fixed, origin, want_json, text, ignored)) return text;
        // Next subset.
        std::size_t i = size;
        while (i > 0 && pick[i - 1] == k - size + i - 1) --i;
        if (i == 0) break;
        pick[i - 1]++;
        for (std::size_t j = i; j < size; ++j) pick[j] = pick[j - 1] + 1;
      }
    }
  }
  throw *error;
}

DecodedLink fpuzzles_data(const std::string& data, const std::string& link, const std::string& origin) {
  return {"f-puzzles", decode_data(data, origin, true), link};
}

const char* const kPasteInstead =
    "puzzle-smt reads links offline and never fetches: paste the long link (SudokuPad's \"Copy link\" with the full "
    "puzzle, or f-puzzles' ?load= link) or the f-puzzles export instead";

// A SudokuPad puzzle id (the part after the host, or sudokupad://puzzle/).
DecodedLink sudokupad_id(const std::string& id_in, const std::string& link, const std::string& origin) {
  std::string id = id_in;
  auto q = id.find('?');  // settings after a second '?'
  if (q != std::string::npos) id = id.substr(0, q);
  while (!id.empty() && id.back() == '/') id.pop_back();
  if (id.empty()) link_fail(origin, "input.link", "the SudokuPad link holds no puzzle id");
  for (const char* prefix : {"fpuzzles", "fpuz"})
    if (id.rfind(prefix, 0) == 0) return fpuzzles_data(id.substr(std::string(prefix).size()), link, origin);
  for (const char* prefix : {"scl", "ctc"})
    if (id.rfind(prefix, 0) == 0) {
      return {"SudokuPad", decode_data(id.substr(3), origin, false), link};
    }
  if (id.rfind("scf", 0) == 0)
    link_fail(origin, "input.unsupported",
         "SudokuPad's short classic format (scf...) is not read yet; paste the puzzle's scl or f-puzzles link instead");
  link_fail(origin, "input.short_link",
       fmt::format("\"{}\" is a short SudokuPad id that only SudokuPad's server can expand; {}", shorten(id, 30),
                   kPasteInstead));
}

}  // namespace

std::string percent_decode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::optional<DecodedLink> decode_link(const std::string& text_in, const std::string& origin) {
  std::string text = text_in;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  auto u = parse_url(text);
  if (!u) return std::nullopt;
  if (u->scheme == "sudokupad") {  // sudokupad://puzzle/<id>
    std::string rest = text.substr(text.find("://") + 3);
    if (rest.rfind("puzzle/", 0) == 0) rest = rest.substr(7);
    return sudokupad_id(rest, text, origin);
  }
  if (u->scheme != "http" && u->scheme != "https") return std::nullopt;
  const std::string& host = u->host;
  auto ends_with = [&](const std::string& suffix) {
    return host.size() >= suffix.size() && host.compare(host.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (host == "f-puzzles.com" || host == "www.f-puzzles.com") {
    // Everything after ?load= is the data (it may itself contain '&' only if damaged).
    auto pos = text.find("?load=");
    if (pos == std::string::npos) pos = text.find("&load=");
    if (pos != std::string::npos) {
      std::string data = text.substr(pos + 6);
      auto amp = data.find('&');
      if (amp != std::string::npos) data = data.substr(0, amp);
      return fpuzzles_data(data, text, origin);
    }
    if (auto id = query_value(u->query, "id"))
      link_fail(origin, "input.short_link",
           fmt::format("f-puzzles short id \"{}\" needs f-puzzles' server to expand; {}", shorten(*id, 30), kPasteInstead));
    link_fail(origin, "input.link", "an f-puzzles link without ?load=<data> holds no puzzle");
  }
  if (host == "sudokupad.app" || ends_with(".sudokupad.app") || host == "app.crackingthecryptic.com") {
    if (auto id = query_value(u->query, "puzzleid")) return sudokupad_id(percent_decode(*id), text, origin);
    std::string path = u->path;
    for (const char* prefix : {"/sudoku.html", "/sudoku"})
      if (path.rfind(prefix, 0) == 0) {
        path = path.substr(std::string(prefix).size());
        break;
      }
    while (!path.empty() && path.front() == '/') path.erase(path.begin());
    // The id runs to the end of the path; a '?' after it starts the settings.
    return sudokupad_id(path, text, origin);
  }
  return std::nullopt;  // another host: maybe another importer's
}

std::optional<Imported> import_link(const std::string& text, const std::string& origin, const ImportOptions& options) {
  auto d = decode_link(text, origin);
  if (!d) return std::nullopt;
  if (d->format == "f-puzzles")
    return import_fpuzzles(parse_json_text(d->text, origin + " (decoded f-puzzles data)"), origin, d->link, options);
  return import_sudokupad(d->text, origin, d->link, options);
}

}  // namespace psmt::importers
