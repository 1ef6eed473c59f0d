#include "fuzz/bodies.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string_view>

#include <nlohmann/json.hpp>
#include <z3++.h>

#include "encoders/registry.h"
#include "engine/encoding.h"
#include "grid/token_grid.h"
#include "importers/formats.h"
#include "importers/importer.h"
#include "importers/lzstring.h"
#include "io/corpus.h"
#include "io/error.h"
#include "io/json_load.h"
#include "io/json_node.h"
#include "io/puzzle_file.h"

namespace psmt::fuzz {
namespace {

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

std::string_view as_text(const uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Error messages end up in JSON reports (batch records): they must be
// valid UTF-8 whatever bytes the input had.
void printable_message(const InputError& e) {
  try {
    (void)nlohmann::json(e.describe()).dump();
  } catch (const nlohmann::json::exception&) {
    finding("an error message that is not valid UTF-8: " + e.describe());
  }
}

// Everything a parsed puzzle offers without a solver, plus (optionally) its
// default encoding. Errors here are findings: the puzzle was accepted.
void exercise(const LoadedPuzzle& lp, bool encode) {
  const Encoder& enc = *lp.encoder;
  const Puzzle& p = *lp.puzzle;
  (void)enc.describe(p);
  RenderOptions text;
  (void)enc.render(p, nullptr, text);
  RenderOptions svg;
  svg.format = RenderFormat::Svg;
  (void)enc.render(p, nullptr, svg);
  auto places = enc.places(p);
  if (lp.expect.solution) {
    const nlohmann::json& s = *lp.expect.solution;
    auto violations = enc.check(p, s);
    for (const auto& v : violations)
      if (v.message.empty()) finding("a violation without a message: " + v.id);
    (void)enc.render(p, &s, text);
    (void)enc.render(p, &s, svg);
    auto values = enc.place_values(p, s);
    if (values.size() != places.size()) finding("place_values and places differ in length");
    if (!enc.differences(p, s, s).empty()) finding("a solution differs from itself");
  }
  if (encode) {
    Context ctx;
    Encoding e = enc.encode(p, ctx, enc.encodings().front().name);
    if (e.places.size() != places.size()) finding("the encoding's places differ from the kind's places");
  }
}

}  // namespace

void puzzle_file(const uint8_t* data, std::size_t size, const std::string& kind, bool encode) {
  LoadedPuzzle lp;
  try {
    nlohmann::json root = parse_json_text(as_text(data, size), "fuzz.json");
    if (!kind.empty() && root.is_object()) root["kind"] = kind;
    lp = load_puzzle(root, "fuzz.json");
  } catch (const InputError& e) {
    if (e.describe().find("fuzz.json") == std::string::npos) finding("an input error without the file name");
    printable_message(e);
    return;
  }
  try {
    exercise(lp, encode);
  } catch (const std::exception& e) {
    finding(std::string("an accepted puzzle failed: ") + e.what());
  }
}

void corpus_line(const uint8_t* data, std::size_t size) {
  CorpusRecord r;
  r.origin = "fuzz.txt:1";
  r.text = std::string(as_text(data, size));
  r.is_line = true;
  try {
    LoadedPuzzle lp = load_record(r, "sudoku");
    exercise(lp, false);
  } catch (const InputError& e) {
    if (e.file() != r.origin) finding("a corpus line error without its origin");
    printable_message(e);
  }
}

void token_grid(const uint8_t* data, std::size_t size) {
  // The first byte picks the limits; the rest is a JSON value, or a raw
  // string when it is not JSON.
  if (size == 0) return;
  const int max_side = 1 + data[0] % 40;
  const int64_t lo = (data[0] & 0x80) ? -99 : 0, hi = (data[0] & 0x40) ? 9 : 999;
  std::string_view rest = as_text(data + 1, size - 1);
  nlohmann::json value;
  try {
    value = parse_json_text(rest, "fuzz.json");
  } catch (const InputError&) {
    // Strings reach the reader from parsed JSON only, so they are valid UTF-8.
    if (valid_utf8(rest) != rest) return;
    value = std::string(rest);
  }
  try {
    TokenGrid g = parse_token_grid(JsonNode(value, ""), max_side, max_side, lo, hi);
    if (g.rows < 0 || g.cols < 0 || g.rows > max_side || g.cols > max_side)
      finding("a token grid outside its limits");
    if (g.cells.size() != static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols))
      finding("a token grid whose cells do not fill rows x cols");
    for (const auto& t : g.cells)
      if (t.kind == GridToken::Number && (t.number < lo || t.number > hi)) finding("a number outside [lo, hi]");
  } catch (const InputError& e) {
    printable_message(e);
  }
}

namespace {
// An imported puzzle: loads as its kind (or a located InputError), then
// everything a loaded puzzle offers.
void exercise_import(const importers::Imported& im) {
  LoadedPuzzle lp;
  try {
    lp = load_puzzle(im.puzzle, "fuzz-link");
  } catch (const InputError& e) {
    if (e.file() != "fuzz-link") finding("an imported puzzle's error without its origin");
    printable_message(e);
    return;
  }
  try {
    exercise(lp, true);
  } catch (const std::exception& e) {
    finding(std::string("an imported puzzle failed: ") + e.what());
  }
}

void both_ways(const std::function<importers::Imported(const importers::ImportOptions&)>& import) {
  for (bool partial : {false, true}) {
    importers::ImportOptions o;
    o.partial = partial;
    try {
      exercise_import(import(o));
    } catch (const InputError& e) {
      if (e.file().find("fuzz") == std::string::npos) finding("an import error without its origin: " + e.describe());
      printable_message(e);
    }
  }
}
}  // namespace

void lzstring(const uint8_t* data, std::size_t size) {
  std::string text;
  try {
    text = importers::lz_decompress_base64(as_text(data, size), "fuzz-link");
  } catch (const InputError& e) {
    printable_message(e);
    return;
  }
  if (valid_utf8(text) != text) finding("decompressed text that is not valid UTF-8");
  std::string again = importers::lz_decompress_base64(importers::lz_compress_base64(text), "round trip");
  if (again != text) finding("compress/decompress does not round-trip");
}

void fpuzzles(const uint8_t* data, std::size_t size) {
  nlohmann::json doc;
  try {
    doc = parse_json_text(as_text(data, size), "fuzz-link");
  } catch (const InputError& e) {
    printable_message(e);
    return;
  }
  both_ways([&](const importers::ImportOptions& o) { return importers::import_fpuzzles(doc, "fuzz-link", "fuzz", o); });
}

void sudokupad(const uint8_t* data, std::size_t size) {
  std::string text(as_text(data, size));
  if (valid_utf8(text) != text) return;  // decompressed data is always valid UTF-8
  both_ways([&](const importers::ImportOptions& o) { return importers::import_sudokupad(text, "fuzz-link", "fuzz", o); });
}

void link(const uint8_t* data, std::size_t size) {
  std::string text(as_text(data, size));
  both_ways([&](const importers::ImportOptions& o) {
    auto im = importers::import_text(text, "fuzz-link", o);
    return im ? *im : importers::Imported{};
  });
}

void puzzlink_genre(const std::string& pid, const uint8_t* data, std::size_t size) {
  const std::string text = "https://puzz.link/p?" + pid + "/" + std::string(as_text(data, size));
  link(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

void sudoku_text(const uint8_t* data, std::size_t size) {
  std::string text(as_text(data, size));
  for (const char* alphabet : {"", "1-G", "0-F"}) {
    importers::ImportOptions o;
    o.alphabet = alphabet;
    try {
      auto im = importers::sudoku_text(text, "fuzz-text", o);
      if (im) exercise_import(*im);
    } catch (const InputError& e) {
      if (e.file().find("fuzz") == std::string::npos) finding("an import error without its origin: " + e.describe());
      printable_message(e);
    }
  }
}

void game_id(const uint8_t* data, std::size_t size) {
  std::string text(as_text(data, size));
  both_ways([&](const importers::ImportOptions& o) {
    auto im = importers::import_text(text, "fuzz-game-id", o);
    return im ? *im : importers::Imported{};
  });
}

std::vector<std::string> target_names() {
  std::vector<std::string> names = {"puzzle_file", "corpus_line", "token_grid", "lzstring",   "fpuzzles",
                                    "sudokupad",   "link",        "sudoku_text", "game_id"};
  install_kinds();
  for (const Encoder* e : all_encoders()) names.push_back("kind_" + std::string(e->kind()));
  for (const auto& pid : importers::puzzlink_pids()) names.push_back("pzpr_" + pid);
  return names;
}

void run_target(const std::string& name, const uint8_t* data, std::size_t size) {
  install_kinds();
  if (name == "puzzle_file") return puzzle_file(data, size, "", false);
  if (name == "corpus_line") return corpus_line(data, size);
  if (name == "token_grid") return token_grid(data, size);
  if (name == "lzstring") return lzstring(data, size);
  if (name == "fpuzzles") return fpuzzles(data, size);
  if (name == "sudokupad") return sudokupad(data, size);
  if (name == "link") return link(data, size);
  if (name == "sudoku_text") return sudoku_text(data, size);
  if (name == "game_id") return game_id(data, size);
  if (name.rfind("kind_", 0) == 0) {
    if (!find_encoder(name.substr(5))) finding("no kind named " + name.substr(5));
    return puzzle_file(data, size, name.substr(5), true);
  }
  if (name.rfind("pzpr_", 0) == 0) {
    const auto pids = importers::puzzlink_pids();
    if (std::find(pids.begin(), pids.end(), name.substr(5)) == pids.end()) finding("no puzz.link genre named " + name.substr(5));
    return puzzlink_genre(name.substr(5), data, size);
  }
  finding("unknown fuzz target " + name);
}

}  // namespace psmt::fuzz
