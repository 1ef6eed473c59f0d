#include "xor_keystream.h"

#include "io/halt.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/encoding.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::xor_keystream {
namespace {

// ---- parsing -------------------------------------------------------------

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "d9ef7b", "d9 ef 7b", or the seed's "0xd9, 0xef, 0x7b".
std::vector<uint8_t> parse_hex(const JsonNode& node) {
  std::string s = node.as_string();
  std::vector<uint8_t> out;
  if (s.find("0x") != std::string::npos || s.find("0X") != std::string::npos) {
    std::size_t i = 0, item = 0;
    while (i < s.size()) {
      while (i < s.size() && (s[i] == ' ' || s[i] == ',' || s[i] == '\n' || s[i] == '\t')) i++;
      if (i >= s.size()) break;
      item++;
      if (i + 1 >= s.size() || s[i] != '0' || (s[i + 1] != 'x' && s[i + 1] != 'X'))
        node.fail("input.value", fmt::format("item {} does not start with 0x", item));
      i += 2;
      int v = 0, digits = 0;
      while (i < s.size() && hex_digit(s[i]) >= 0) {
        if (digits < 2) v = v * 16 + hex_digit(s[i]);  // more digits are an error below
        i++;
        digits++;
      }
      if (digits == 0 || digits > 2)
        node.fail("input.value", fmt::format("item {} is not a byte written as 0x plus one or two hex digits", item));
      if (i < s.size() && s[i] != ' ' && s[i] != ',' && s[i] != '\n' && s[i] != '\t')
        node.fail("input.value", fmt::format("character {} is '{}', expected a hex digit, a comma or a space", i + 1, s[i]));
      out.push_back(static_cast<uint8_t>(v));
    }
    return out;
  }
  std::string h;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ' || s[i] == ':') continue;
    if (hex_digit(s[i]) < 0)
      node.fail("input.value", fmt::format("character {} is '{}', expected a hex digit", i + 1, s[i]));
    h += s[i];
  }
  if (h.size() % 2) node.fail("input.value", fmt::format("odd number of hex digits ({}): bytes take two each", h.size()));
  for (std::size_t i = 0; i < h.size(); i += 2)
    out.push_back(static_cast<uint8_t>(hex_digit(h[i]) * 16 + hex_digit(h[i + 1])));
  return out;
}

// "A-Za-z " (ranges, single characters; \- \\ escape), or [[lo, hi], 32, ...].
std::array<bool, 256> parse_alphabet(const JsonNode& node) {
  std::array<bool, 256> a{};
  if (node.is_string()) {
    std::string s = node.as_string();
    for (unsigned char c : s)
      if (c >= 128) node.fail("input.value", "the alphabet must be single-byte characters (ASCII); give byte ranges for others");
    std::vector<int> chars;
    std::vector<bool> escaped;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '\\' && i + 1 < s.size()) {
        chars.push_back(static_cast<unsigned char>(s[++i]));
        escaped.push_back(true);
      } else {
        chars.push_back(static_cast<unsigned char>(s[i]));
        escaped.push_back(false);
      }
    }
    for (std::size_t i = 0; i < chars.size(); ++i) {
      if (i + 2 < chars.size() && chars[i + 1] == '-' && !escaped[i + 1]) {
        if (chars[i + 2] < chars[i])
          node.fail("input.value", fmt::format("range {}-{} runs backwards", static_cast<char>(chars[i]), static_cast<char>(chars[i + 2])));
        for (int c = chars[i]; c <= chars[i + 2]; ++c) a[c] = true;
        i += 2;
      } else {
        a[chars[i]] = true;
      }
    }
  } else {
    for (const auto& item : node.items()) {
      if (item.is_array()) {
        auto r = item.items(2);
        int lo = static_cast<int>(r[0].as_int(0, 255)), hi = static_cast<int>(r[1].as_int(0, 255));
        if (hi < lo) item.fail("input.value", fmt::format("range [{}, {}] runs backwards", lo, hi));
        for (int c = lo; c <= hi; ++c) a[c] = true;
      } else {
        a[item.as_int(0, 255)] = true;
      }
    }
  }
  if (std::none_of(a.begin(), a.end(), [](bool b) { return b; }))
    node.fail("input.value", "the alphabet is empty: no plaintext byte would be allowed");
  return a;
}

// Runs of allowed bytes, for range constraints.
std::vector<std::pair<int, int>> runs(const std::array<bool, 256>& a) {
  std::vector<std::pair<int, int>> out;
  for (int c = 0; c < 256; ++c) {
    if (!a[c]) continue;
    int d = c;
    while (d + 1 < 256 && a[d + 1]) d++;
    out.push_back({c, d});
    c = d;
  }
  return out;
}

std::string shown(int p) { return (p >= 32 && p < 127) ? std::string(1, static_cast<char>(p)) : fmt::format("\\x{:02x}", p); }

// ---- English model for the scorer ------------------------------------------

// Letter frequencies of English text (per cent, standard tables).
const double kLetterFreq[26] = {8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.77, 4.0, 2.4,
                                6.7, 7.5, 1.9, 0.095, 6.0, 6.3, 9.1, 2.8, 0.98, 2.4, 0.15, 2.0, 0.074};

// A short English text from which letter/space bigrams are counted.
const char* kBigramText =
    "the quick brown fox jumps over the lazy dog while the children play in the garden and their "
    "parents talk about the weather and the news of the day there is nothing more pleasant than a "
    "long walk through the forest in the early morning when the air is fresh and the birds are "
    "singing in the trees we often think that our problems are larger than they really are but with "
    "time and patience most of them can be solved one step at a time the secret of getting ahead is "
    "getting started and the best way to predict the future is to create it every message that is "
    "sent over an open channel should be protected with a strong cipher and a key that is never used "
    "more than once when using a stream cipher never use the key more than once because an attacker "
    "who sees two ciphertexts can combine them and learn about both plaintexts this is how the "
    "system was broken and how the messages were read by someone who was not meant to read them "
    "information wants to be free but privacy is a right that each of us should defend with care "
    "students of computer science learn that security depends on the weakest link in a chain of "
    "trust and that simple mistakes in the use of good algorithms can make the whole design useless "
    "many people believe that a long password is enough but the way it is stored and used matters "
    "just as much as its length the history of cryptography is full of such stories about clever "
    "ideas and careless users who gave away their secrets without knowing it";

struct English {
  double uni[256];
  double bi[28][28];  // index 0..25 letters, 26 space, 27 other
  static int cls(int c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c == ' ') return 26;
    return 27;
  }
  English() {
    // Unigrams over bytes: letters share ~78%, space ~17%, punctuation and
    // digits the rest; capitals are rarer than lower case.
    double p[256];
    for (int c = 0; c < 256; ++c) p[c] = 1e-7;
    for (int i = 0; i < 26; ++i) {
      p['a' + i] = 0.78 * kLetterFreq[i] / 100.0 * 0.95;
      p['A' + i] = 0.78 * kLetterFreq[i] / 100.0 * 0.05;
    }
    p[static_cast<unsigned char>(' ')] = 0.17;
    for (char c : std::string(".,")) p[static_cast<unsigned char>(c)] = 0.008;
    for (char c : std::string("'\"-:;?!()")) p[static_cast<unsigned char>(c)] = 0.001;
    for (char c = '0'; c <= '9'; ++c) p[static_cast<unsigned char>(c)] = 0.0005;
    for (int c = 0; c < 256; ++c) uni[c] = std::log(p[c]);
    double count[28][28] = {};
    std::string t = kBigramText;
    for (std::size_t i = 0; i + 1 < t.size(); ++i) count[cls(t[i])][cls(t[i + 1])] += 1;
    for (int a = 0; a < 28; ++a) {
      double row = 0;
      for (int b = 0; b < 28; ++b) row += count[a][b] + 0.5;
      for (int b = 0; b < 28; ++b) bi[a][b] = std::log((count[a][b] + 0.5) / row);
    }
  }
};

const English& english() {
  static const English e;
  return e;
}

// ---- the encoder ------------------------------------------------------------

// The messages as rows of a grid, one column per keystream byte: the
// ciphertext bytes in hex, or the plaintext once a key is known, crib bytes
// bold, uncertain columns shaded. Large corpora are cut to the first
// kSvgRows x kSvgCols cells (said under the grid).
constexpr int kSvgRows = 60, kSvgCols = 120;

std::string render_svg(const Stream& s, const std::vector<int>* key, const std::set<int>& marked,
                       const RenderOptions& opt) {
  std::set<std::pair<int, int>> crib_bytes;
  for (const auto& c : s.cribs)
    for (std::size_t k = 0; k < c.text.size(); ++k) crib_bytes.insert({c.message, c.offset + static_cast<int>(k)});
  const int rows = static_cast<int>(std::min<std::size_t>(s.parts.size(), kSvgRows));
  const int cols = static_cast<int>(std::min<std::size_t>(s.length(), kSvgCols));
  GridSvg g;
  g.rows = rows;
  g.cols = cols;
  g.cell = 22;
  g.title = opt.title;
  auto on = [&](Cell c) { return static_cast<std::size_t>(c.col) < s.parts[static_cast<std::size_t>(c.row)].size(); };
  g.off_board = [&](Cell c) { return !on(c); };
  g.cell_text = [&](Cell c) -> std::string {
    if (!on(c)) return {};
    int b = s.parts[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)];
    if (!key) return fmt::format("{:02x}", b);
    int ch = b ^ (*key)[static_cast<std::size_t>(c.col)];
    if (ch == ' ') return {};
    return (ch > 32 && ch < 127) ? std::string(1, static_cast<char>(ch)) : "?";
  };
  g.is_given = [&](Cell c) { return !key || crib_bytes.count({c.row, c.col}) > 0; };
  g.highlighted = [&](Cell c) { return marked.count(c.col) > 0; };
  if (rows < static_cast<int>(s.parts.size()) || cols < static_cast<int>(s.length()))
    g.footer.push_back(fmt::format("showing {} of {} messages and {} of {} key bytes", rows, s.parts.size(), cols,
                                   s.length()));
  g.footer.push_back(key ? "plaintext; crib bytes bold, shaded columns still uncertain"
                         : "ciphertext bytes (hex), one column per keystream byte");
  apply_marks(g, opt);
  return g.render();
}

class XorKeystream : public Encoder {
 public:
  std::string_view kind() const override { return "xor_keystream"; }
  std::string_view summary() const override {
    return "ciphertexts encrypted with one reused keystream (many-time pad); plaintext alphabet, cribs, known key bytes";
  }
  std::vector<std::string> fields() const override { return {"ciphertexts", "alphabet", "cribs", "known_key"}; }
  std::string schema() const override {
    return R"json({
 "description": "Ciphertexts encrypted with one reused keystream (a many-time pad): plaintext byte = ciphertext byte XOR key byte at the same offset, every plaintext byte in the alphabet, with cribs (known plaintext) and known key bytes as clues. The puzzle splits into one component per key byte. Solution: {\"key\": \"hex\", \"plaintexts\": [...]}.",
 "required": [
  "ciphertexts",
  "alphabet"
 ],
 "properties": {
  "ciphertexts": {
   "type": "array",
   "minItems": 1,
   "maxItems": 10000,
   "description": "one per message: hex (\"d9ef7b\" or \"0xd9, 0xef\") or an array of bytes",
   "items": {
    "anyOf": [
     {
      "type": "string"
     },
     {
      "type": "array",
      "items": {
       "type": "integer",
       "minimum": 0,
       "maximum": 255
      }
     }
    ]
   }
  },
  "alphabet": {
   "description": "the plaintext bytes allowed: characters and ranges (\"A-Za-z \", \\- for a dash) or a list of bytes and [lo, hi] ranges",
   "anyOf": [
    {
     "type": "string",
     "minLength": 1
    },
    {
     "type": "array",
     "items": {
      "anyOf": [
       {
        "type": "integer",
        "minimum": 0,
        "maximum": 255
       },
       {
        "type": "array",
        "items": {
         "type": "integer",
         "minimum": 0,
         "maximum": 255
        },
        "minItems": 2,
        "maxItems": 2
       }
      ]
     }
    }
   ]
  },
  "cribs": {
   "type": "array",
   "description": "known plaintext",
   "items": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "message",
     "offset",
     "text"
    ],
    "properties": {
     "message": {
      "type": "integer",
      "minimum": 0,
      "description": "which ciphertext, from 0"
     },
     "offset": {
      "type": "integer",
      "minimum": 0
     },
     "text": {
      "type": "string",
      "minLength": 1
     }
    }
   }
  },
  "known_key": {
   "type": "array",
   "description": "key bytes known already",
   "items": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "offset",
     "byte"
    ],
    "properties": {
     "offset": {
      "type": "integer",
      "minimum": 0
     },
     "byte": {
      "type": "integer",
      "minimum": 0,
      "maximum": 255
     }
    }
   }
  }
 },
 "examples": [
  {
   "kind": "xor_keystream",
   "ciphertexts": [
    "0x41, 0x42"
   ],
   "alphabet": "A-Z"
  },
  {
   "kind": "xor_keystream",
   "name": "Two messages, one keystream",
   "ciphertexts": [
    "0x1f, 0x2a, 0x33",
    [
     31,
     60,
     50
    ]
   ],
   "alphabet": [
    [
     65,
     90
    ],
    32
   ],
   "cribs": [
    {
     "message": 0,
     "offset": 0,
     "text": "A"
    }
   ],
   "known_key": [
    {
     "offset": 2,
     "byte": 114
    }
   ]
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    return {{"bv8", "key bytes as 8-bit bit-vectors; plaintext = c XOR k within the alphabet's byte ranges"},
            {"int-domain", "key bytes as Int 0..255 with the enumerated domain {c XOR a : a in the alphabet}"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto s = std::make_shared<Stream>();
    auto parts = root.at("ciphertexts").items();
    if (parts.empty()) root.at("ciphertexts").fail("input.shape", "expected at least one ciphertext, found none");
    if (parts.size() > kMaxParts)
      root.at("ciphertexts").fail("input.size", fmt::format("{} ciphertexts, more than the supported {}", parts.size(), kMaxParts));
    for (const auto& p : parts) {
      poll_halt();  // --timeout covers parsing: a part can be 64 KB of text
      std::vector<uint8_t> bytes;
      if (p.is_string()) {
        bytes = parse_hex(p);
      } else if (p.is_array()) {
        for (const auto& b : p.items()) bytes.push_back(static_cast<uint8_t>(b.as_int(0, 255)));
      } else {
        p.expected("a hex string or an array of bytes");
      }
      if (bytes.empty()) p.fail("input.shape", "empty ciphertext");
      if (bytes.size() > kMaxPartBytes)
        p.fail("input.size", fmt::format("{} bytes, more than the supported {}", bytes.size(), kMaxPartBytes));
      s->parts.push_back(bytes);
    }
    JsonNode alpha = root.at("alphabet");
    s->allowed = parse_alphabet(alpha);
    s->alphabet_text = alpha.is_string() ? alpha.as_string() : alpha.json().dump();
    if (auto cribs = root.find("cribs")) {
      auto items = cribs->items();
      for (std::size_t k = 0; k < items.size(); ++k) {
        const auto& c = items[k];
        c.allow_only({"message", "offset", "text"});
        Crib cr;
        cr.message = static_cast<int>(c.at("message").as_int(0, static_cast<int64_t>(s->parts.size()) - 1));
        cr.offset = static_cast<int>(c.at("offset").as_int(0, kMaxPartBytes));
        cr.text = c.at("text").as_string();
        if (cr.text.empty()) c.at("text").fail("input.value", "empty crib");
        if (static_cast<std::size_t>(cr.offset) + cr.text.size() > s->parts[cr.message].size())
          c.fail("input.range", fmt::format("crib of {} bytes at offset {} runs past the end of message {} ({} bytes)",
                                            cr.text.size(), cr.offset, cr.message, s->parts[cr.message].size()));
        cr.id = fmt::format("cribs/{}", k);
        s->cribs.push_back(cr);
      }
    }
    if (auto known = root.find("known_key")) {
      auto items = known->items();
      for (std::size_t k = 0; k < items.size(); ++k) {
        const auto& c = items[k];
        c.allow_only({"offset", "byte"});
        KnownKey kk;
        kk.offset = static_cast<int>(c.at("offset").as_int(0, static_cast<int64_t>(s->length()) - 1));
        kk.byte = static_cast<int>(c.at("byte").as_int(0, 255));
        kk.id = fmt::format("known_key/{}", k);
        s->known.push_back(kk);
      }
    }
    return s;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& eo) const override {
    z3::context& ctx = context.z3();
    const auto& s = static_cast<const Stream&>(p);
    Encoding enc(context);
    const std::size_t L = s.length();
    const bool bv = encoding == "bv8";
    // Both encodings are finite-domain: Z3's QF_FD solver (bit-blasting into
    // its SAT solver) counts the seed instance 10x faster than the default.
    enc.solver_logic = "QF_FD";
    std::vector<z3::expr> k;
    for (std::size_t j = 0; j < L; ++j) {
      k.push_back(bv ? ctx.bv_const(fmt::format("k_{}", j).c_str(), 8) : ctx.int_const(fmt::format("k_{}", j).c_str()));
      enc.decision_vars.push_back(k.back());
      enc.places.push_back({static_cast<unsigned>(j)});
      if (!bv) enc.rules.push_back(k.back() >= 0 && k.back() <= 255);
    }
    auto rs = runs(s.allowed);
    // "ciphertext byte c at offset j decodes to a plaintext byte satisfying ok(a)"
    auto decodes_in = [&](int c, std::size_t j, const std::array<bool, 256>& allowed) {
      if (bv) {
        z3::expr plain = ctx.bv_val(c, 8) ^ k[j];
        z3::expr_vector any(ctx);
        for (auto [lo, hi] : runs(allowed))
          any.push_back(lo == hi ? plain == ctx.bv_val(lo, 8) : (z3::uge(plain, ctx.bv_val(lo, 8)) && z3::ule(plain, ctx.bv_val(hi, 8))));
        return z3::mk_or(any);
      }
      z3::expr_vector any(ctx);
      for (int a = 0; a < 256; ++a)
        if (allowed[a]) any.push_back(k[j] == (c ^ a));
      return z3::mk_or(any);
    };
    (void)rs;
    for (std::size_t i = 0; i < s.parts.size(); ++i)
      for (std::size_t j = (eo.check_deadline(), 0); j < s.parts[i].size(); ++j) {
        if (!s.free.empty() && s.free[i][j]) continue;
        int c = s.parts[i][j];
        enc.clues.push_back({fmt::format("ciphertexts/{}/{}", i, j),
                             fmt::format("message {} byte {} (0x{:02x}) decodes into the alphabet", i + 1, j, c),
                             decodes_in(c, j, s.allowed), {{static_cast<int>(i), static_cast<int>(j)}}, {}});
      }
    for (const auto& cr : s.cribs) {
      z3::expr_vector all(ctx);
      for (std::size_t t = 0; t < cr.text.size(); ++t) {
        std::size_t j = static_cast<std::size_t>(cr.offset) + t;
        std::array<bool, 256> one{};
        one[static_cast<unsigned char>(cr.text[t])] = true;
        all.push_back(decodes_in(s.parts[cr.message][j], j, one));
      }
      enc.clues.push_back({cr.id, fmt::format("crib: message {} reads \"{}\" at byte {}", cr.message + 1, cr.text, cr.offset),
                           z3::mk_and(all), {}, {}});
    }
    for (const auto& kk : s.known)
      enc.clues.push_back({kk.id, fmt::format("key byte {} is 0x{:02x}", kk.offset, kk.byte),
                           bv ? k[kk.offset] == ctx.bv_val(kk.byte, 8) : k[kk.offset] == kk.byte, {}, {}});
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    std::vector<int> key;
    for (auto v : values) key.push_back(static_cast<int>(v));
    return solution_json(static_cast<const Stream&>(p), key);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& s = static_cast<const Stream&>(p);
    node.allow_only({"key", "plaintexts"});
    JsonNode k = node.at("key");
    std::vector<int> key;
    if (!parse_key_hex(k.as_string(), key)) k.fail("input.value", "expected the key as a hex string");
    if (key.size() != s.length())
      k.fail("input.shape", fmt::format("expected {} key bytes, found {}", s.length(), key.size()));
    return solution_json(s, key);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Stream&>(p), solution);
  }

  std::pair<std::string, std::string> difference_noun() const override { return {"key byte", "key bytes"}; }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    (void)p;
    std::vector<int> ka, kb;
    parse_key_hex(a.at("key").get<std::string>(), ka);
    parse_key_hex(b.at("key").get<std::string>(), kb);
    std::vector<std::string> out;
    for (std::size_t j = 0; j < ka.size() && j < kb.size(); ++j)
      if (ka[j] != kb[j]) out.push_back(fmt::format("k{}", j));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& s = static_cast<const Stream&>(p);
    std::set<int> marked;
    for (const auto& c : opt.highlight) marked.insert(c.col);
    std::vector<int> key;
    if (solution) parse_key_hex(solution->at("key").get<std::string>(), key);
    if (opt.format == RenderFormat::Svg) return render_svg(s, solution ? &key : nullptr, marked, opt);
    std::string out;
    for (std::size_t i = 0; i < s.parts.size(); ++i) {
      std::string line = fmt::format("{:>3}  ", i + 1);
      for (std::size_t j = 0; j < s.parts[i].size(); ++j) {
        if (!solution) {
          line += fmt::format("{:02x}", s.parts[i][j]);
          continue;
        }
        int ch = s.parts[i][j] ^ key[j];
        std::string c = (ch >= 32 && ch < 127) ? std::string(1, static_cast<char>(ch)) : "?";
        if (opt.color && marked.count(static_cast<int>(j))) line += "\x1b[7m" + c + "\x1b[0m";
        else line += c;
      }
      out += line + "\n";
    }
    if (solution && !marked.empty() && !opt.color) {
      std::string m = "     ";
      for (std::size_t j = 0; j < s.length(); ++j) m += marked.count(static_cast<int>(j)) ? '^' : ' ';
      out += m + "   (^ = column still uncertain)\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& s = static_cast<const Stream&>(p);
    std::size_t lo = SIZE_MAX, hi = 0, alpha = 0;
    for (const auto& part : s.parts) {
      lo = std::min(lo, part.size());
      hi = std::max(hi, part.size());
    }
    for (bool b : s.allowed) alpha += b;
    std::string extra;
    if (!s.cribs.empty()) extra += fmt::format(", {} cribs", s.cribs.size());
    if (!s.known.empty()) extra += fmt::format(", {} known key bytes", s.known.size());
    return fmt::format("{} ciphertexts ({}..{} bytes) under one keystream, alphabet of {} bytes{}", s.parts.size(), lo, hi,
                       alpha, extra);
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& s = static_cast<const Stream&>(p);
    std::vector<Place> out;
    for (std::size_t j = 0; j < s.length(); ++j) out.push_back({fmt::format("k{}", j), Cell{0, static_cast<int>(j)}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle&, const nlohmann::json& solution) const override {
    std::vector<int> key;
    parse_key_hex(solution.at("key").get<std::string>(), key);
    std::vector<std::string> out;
    for (int b : key) out.push_back(fmt::format("0x{:02x}", b));
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto s = std::make_shared<Stream>(static_cast<const Stream&>(p));
    if (s->free.empty())
      for (const auto& part : s->parts) s->free.push_back(std::vector<bool>(part.size(), false));
    std::set<std::string> drop;
    for (const auto& e : edits) {
      if (e.alternative >= 0) throw InputError("input.value", "#", "clue " + e.clue_id + " has no alternatives");
      unsigned i = 0, j = 0;
      if (std::sscanf(e.clue_id.c_str(), "ciphertexts/%u/%u", &i, &j) == 2 && i < s->parts.size() && j < s->parts[i].size())
        s->free[i][j] = true;
      else
        drop.insert(e.clue_id);
    }
    std::erase_if(s->cribs, [&](const Crib& c) { return drop.count(c.id) > 0; });
    std::erase_if(s->known, [&](const KnownKey& k) { return drop.count(k.id) > 0; });
    return s;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto s = std::make_shared<Stream>(static_cast<const Stream&>(p));
    std::vector<int> key;
    parse_key_hex(solution.at("key").get<std::string>(), key);
    for (auto j : place_indices) {
      s->known.push_back({static_cast<int>(j), key.at(j), fmt::format("known_key/{}", s->known.size())});
      if (labels) labels->push_back(fmt::format("key byte {} is 0x{:02x}", j, key[j]));
    }
    return s;
  }

  bool has_scorer() const override { return true; }

  std::optional<Choice> choose(const Puzzle& p, const std::vector<std::vector<std::string>>& candidates) const override {
    const auto& s = static_cast<const Stream&>(p);
    const std::size_t L = s.length();
    if (candidates.size() != L) return std::nullopt;
    const English& en = english();
    std::vector<std::vector<int>> cand(L);
    for (std::size_t j = 0; j < L; ++j)
      for (const auto& v : candidates[j]) cand[j].push_back(std::stoi(v, nullptr, 16));
    std::vector<int> key(L, 0);
    auto plain = [&](std::size_t i, std::size_t j, int k) { return s.parts[i][j] ^ k; };
    auto score = [&](std::size_t j, int k, bool bigrams) {
      double sc = 0;
      for (std::size_t i = 0; i < s.parts.size(); ++i) {
        if (j >= s.parts[i].size()) continue;
        int c = plain(i, j, k);
        sc += en.uni[c];
        if (!bigrams) continue;
        if (j > 0 && !cand[j - 1].empty()) sc += en.bi[English::cls(plain(i, j - 1, key[j - 1]))][English::cls(c)];
        if (j + 1 < s.parts[i].size() && !cand[j + 1].empty())
          sc += en.bi[English::cls(c)][English::cls(plain(i, j + 1, key[j + 1]))];
      }
      return sc;
    };
    for (std::size_t j = 0; j < L; ++j) {
      if (cand[j].empty()) return std::nullopt;
      key[j] = *std::max_element(cand[j].begin(), cand[j].end(),
                                 [&](int a, int b) { return score(j, a, false) < score(j, b, false); });
    }
    std::vector<double> margin(L, 1e9);
    for (int pass = 0; pass < 4; ++pass)
      for (std::size_t j = 0; j < L; ++j) {
        if (cand[j].size() < 2) continue;
        std::vector<std::pair<double, int>> ranked;
        for (int k : cand[j]) ranked.push_back({score(j, k, true), k});
        std::sort(ranked.rbegin(), ranked.rend());
        key[j] = ranked[0].second;
        margin[j] = ranked[0].first - ranked[1].first;
      }
    const double kSure = 3.0;  // nats: the best column beats the next by e^3 ~ 20x
    Choice ch;
    ch.solution = solution_json(s, key);
    std::size_t ambiguous = 0, decided = 0;
    nlohmann::json uncertain = nlohmann::json::array();
    std::string lines;
    for (std::size_t j = 0; j < L; ++j) {
      if (cand[j].size() < 2) continue;
      ambiguous++;
      if (margin[j] >= kSure) {
        decided++;
        continue;
      }
      ch.uncertain.push_back(Cell{0, static_cast<int>(j)});
      std::vector<std::pair<double, int>> ranked;
      for (int k : cand[j]) ranked.push_back({score(j, k, true), k});
      std::sort(ranked.rbegin(), ranked.rend());
      nlohmann::json alts = nlohmann::json::array();
      std::string alt_text;
      for (std::size_t r = 0; r < ranked.size() && r < 4; ++r) {
        std::string column;
        for (std::size_t i = 0; i < s.parts.size(); ++i)
          if (j < s.parts[i].size()) column += shown(plain(i, j, ranked[r].second));
        alts.push_back({{"key", fmt::format("0x{:02x}", ranked[r].second)}, {"column", column}});
        alt_text += fmt::format("{}0x{:02x} \"{}\"", r ? ", " : "", ranked[r].second, column);
      }
      uncertain.push_back({{"offset", j}, {"margin", std::round(margin[j] * 100) / 100}, {"alternatives", alts}});
      lines += fmt::format("  byte {:>3}: {}\n", j, alt_text);
    }
    ch.details = {{"positions", L}, {"ambiguous", ambiguous}, {"decided_by_scorer", decided},
                  {"uncertain", uncertain}};
    ch.report = fmt::format(
        "keystream: {} bytes; {} forced by the constraints, {} ambiguous; the English scorer decided {} of them, "
        "{} remain uncertain{}\n",
        L, L - ambiguous, ambiguous, decided, ambiguous - decided,
        ambiguous - decided ? " (best first, with each column's plaintext):" : "");
    ch.report += lines;
    return ch;
  }
};

}  // namespace

const Encoder& xor_keystream_encoder() {
  static const XorKeystream e;
  return e;
}

}  // namespace psmt::xor_keystream
