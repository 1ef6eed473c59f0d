// The rules text of an imported puzzle, sentence by sentence, against what
// the imported data carries.
//
// Setters state some rules only in words: a global rule ("cells a knight's
// move apart may not repeat"), the negative constraint ("all dots are
// given"), or a meaning of the drawn clues that is not the usual one ("digits
// in a cage sum to a prime", "normal sudoku rules do NOT apply", a snake to
// draw). Reading the data alone would then answer for another puzzle. So
// every sentence must be accounted for, or the import is incomplete:
//   - the usual sudoku rules ("Normal sudoku rules apply", "each row, column
//     and box contains 1-9 once"), unless negated;
//   - a rule of a family the sentence names, with no word in it that
//     changes the usual meaning ("prime", "product", "may repeat", a grey
//     dot, ...): a global rule (anti-knight, anti-king, diagonals,
//     non-consecutive, disjoint groups, irregular regions, inequality signs)
//     must be in the imported puzzle; a drawn one (cages, lines, dots) may
//     be absent, since a sentence about cages says nothing where none is
//     drawn, and drawings the importer cannot read are refused on their own;
//   - "not all ... are given" (no negative constraint, as imported); "all
//     ... are given" only where the matching negative constraint was read;
//   - harmless text: credits, links, "good luck", headings ("Rules:"), and
//     sentences without a word of rule vocabulary (flavour text).
// A sentence that is none of these is reported, and the importer refuses
// the puzzle unless the user accepts a partial import (--partial). This is a
// safety net, not a reader of English: it is strict on purpose, and a
// false alarm costs one flag, where a missed rule would cost a wrong verdict.
#include <algorithm>
#include <cctype>
#include <map>
#include <regex>

#include "importers/drawings.h"
#include "importers/formats.h"

namespace psmt::importers {
namespace {

struct FamilyWords {
  bool global;                      // must be in the puzzle (else: a drawn family, may be absent)
  std::vector<const char*> fields;  // any of these in the puzzle carries the rule
  const char* keywords;             // the sentence names the family
  const char* changes;              // words that change its usual meaning ("" for none)
};

// Words that never describe the usual reading of any family.
const char* const kAlwaysChanges =
    R"(prime|product|multipl(y|ie|ica)|average|\bmean\b|modul(?!ar)|^(?!.*modular).*remainder|colou?r|snake|loop|\bshade|fog|parity|sequence line|arithmetic|equal sum(?![^.]{0,40}(each|every) (\dx\d )?(box|region))|count(s|ing)? (the|how)|how many(?! (skyscrapers|buildings|towers))|roman|negat(?!ive constraint)|opposite|instead|except|reverse|swap|mistake|\blie\b|lying|false|wrong|\bnot\b.{0,12}\bapply|n't apply|renrenbanban|numbered room|sigil|kingdom|nosferatu|negator|yin|hot/cold|masyu|shikaku|star battle)";

// Words of rule vocabulary: a sentence with none of them is flavour text.
const char* const kRuleWords =
    R"(\brules?\b|digit|number|\bcells?\b|\brows?\b|column|\bbox|region|\bsum|total|\blines?\b|cage|\bdots?\b|circle|square|\bgrid|arrow|clue|diagonal|repeat|differ|\bodd\b|\beven\b(?! if)|greater|\bless|larger|smaller|consecutive|knight|\bking|thermo|\bvalue|\bplace|\bfill|shade|loop|path|snake|index|\bcount|equal|adjacent|neighbo|whisper|renban|palindrom|sandwich|killer|kropki|quad|clone|disjoint|\bx\b|\bv\b|1-9|1 to 9)";

bool has(const nlohmann::json& p, const std::string& field) {
  if (!p.contains(field)) return false;
  const auto& v = p[field];
  if (v.is_boolean()) return v.get<bool>();
  return !v.is_null() && !v.empty();
}

bool negative(const nlohmann::json& p, const char* family) {
  return p.contains(family) && p[family].is_object() && p[family].contains("negative") &&
         !(p[family]["negative"].is_boolean() && !p[family]["negative"].get<bool>());
}

// Compiled once per pattern (the patterns are string literals) and thread.
bool search(const std::string& s, const char* pattern) {
  thread_local std::map<const char*, std::regex> cache;
  auto it = cache.find(pattern);
  if (it == cache.end()) it = cache.emplace(pattern, std::regex(pattern, std::regex::ECMAScript | std::regex::icase)).first;
  return std::regex_search(s, it->second);
}

// Sentences: lines joined where a sentence runs on, then split after . ! ?
// (with i.e. and e.g. kept whole).
std::vector<std::string> sentences(std::string text) {
  // Some puzzles carry "\n" written out (a backslash and an n): lines all the same.
  for (std::size_t pos; (pos = text.find("\\n")) != std::string::npos;) text.replace(pos, 2, "\n");
  for (const char* abbr : {"i.e.", "e.g.", "I.e.", "E.g.", "etc.", "vs."}) {
    std::string a(abbr), r;
    for (char c : a)
      if (c != '.') r += c;
    for (std::size_t pos; (pos = text.find(a)) != std::string::npos;) text.replace(pos, a.size(), r);
  }
  // Join lines: a line that does not end a sentence continues into the next
  // one when that starts in lower case.
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::string joined;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string l = lines[i];
    while (!l.empty() && std::isspace(static_cast<unsigned char>(l.back()))) l.pop_back();
    std::size_t a = 0;
    while (a < l.size() && std::isspace(static_cast<unsigned char>(l[a]))) ++a;
    l = l.substr(a);
    if (l.empty()) {
      joined += "\n";
      continue;
    }
    // A list item continuing an unfinished sentence ("Cells separated\n- by
    // an X sum to 10") joins it too.
    std::string item = l;
    if (item.size() > 2 && (item[0] == '-' || item[0] == '*') && item[1] == ' ') item = item.substr(2);
    bool continues = !joined.empty() && joined.back() != '\n' && std::string(".!?:;").find(joined.back()) == std::string::npos &&
                     std::islower(static_cast<unsigned char>(item[0]));
    if (continues) l = item;
    joined += continues ? " " + l : (joined.empty() || joined.back() == '\n' ? "" : "\n") + l;
  }
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < joined.size(); ++i) {
    char c = joined[i];
    bool end = c == '\n' || ((c == '.' || c == '!' || c == '?') && (i + 1 == joined.size() || std::isspace(static_cast<unsigned char>(joined[i + 1])) || joined[i + 1] == '"'));
    if (c != '\n') cur += c;
    if (end || i + 1 == joined.size()) {
      std::size_t a = 0;
      while (a < cur.size() && (std::isspace(static_cast<unsigned char>(cur[a])) || cur[a] == '-' || cur[a] == '*' || cur[a] == '"')) ++a;
      std::string s = cur.substr(a);
      while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '"')) s.pop_back();
      if (!s.empty()) out.push_back(s);
      cur.clear();
    }
  }
  return out;
}

bool is_standard(const std::string& s) {
  if (search(s, R"(\bnot\b.{0,12}\bapply|n't apply|no longer apply|\bdo not\b.{0,20}\brules\b)")) return false;
  if (search(s, R"(\b(normal|standard|classic|classical|regular|usual|ordinary|traditional|typical|basic)\b.{0,40}\brules?\b)")) return true;
  if (search(s, R"(\bsudoku rules\b.{0,10}\bappl)")) return !search(s, kAlwaysChanges);
  if (search(s, R"(^(place|fill|enter|write|put) (in )?(the )?(digits|numbers)\b)") && !search(s, kAlwaysChanges) &&
      !search(s, R"(\bsum|total|odd|even|differ|consecutive|dot|shaded|circle|square)"))
    return true;
  bool units = search(s, R"(\b(rows?|columns?|boxe?s?|regions?|nonets?)\b)");
  bool once = search(s, R"(\bonce\b|exactly|repeat|(digits|numbers) (from )?1 ?(-|to|through|thru|–) ?\d|\bwith 1 ?(-|to|–) ?\d|\bcontains? (the|each|every|all)\b)");
  return units && once && !search(s, kAlwaysChanges) && !search(s, R"(\bsum|total|odd|even|differ|consecutive|dot)");
}

bool is_harmless(const std::string& s) {
  // An example illustrates the sentence before it ("For example, a length 3
  // line could have 3-1-2").
  if (search(s, R"(^(for example|for instance|eg\b|example:))")) return true;
  // Digits on a line may repeat where the other rules allow (the usual
  // reading of every line family that does not forbid repeats itself).
  if (search(s, R"(may repeat[^.]{0,30}\b(lines?|arrows?)\b[^.]{0,30}if allowed by (the )?other rules|\b(lines?|arrows?)\b[^.]{0,30}may repeat[^.]{0,30}if allowed by (the )?other rules)") &&
      !search(s, R"(\bcages?\b|renban)"))
    return true;
  if (search(s, R"(good luck|have fun|enjoy|thanks|thank you|hope you|video|youtube|https?://|www\.|exported from|made (in|with|using)|puzzle by|created (by|with)|setter|test ?solv|tested|patreon|twitter|discord|reddit|copyright|©|inspired by|dedicated to|happy|birthday|credit|welcome|warm ?up|this puzzle (is|was)|my (first|second|\d+)|puzzle #?\d|sudokupad|f-puzzles|solution code|answer check|the answer)"))
    return !search(s, R"(\b(cage|dot|line|arrow|thermo|knight|king|diagonal|circle|square|shaded)s?\b)");
  // About the givens: "Some digits are already given."
  if (search(s, R"(^(some )?(digits|numbers|givens)( are| have been)? (already )?(given|placed|filled in)\.?$)")) return true;
  // A heading: a few words before a colon, or a short label.
  std::string t = s;
  while (!t.empty() && (t.back() == ':' || t.back() == '.' || t.back() == ')')) t.pop_back();
  int words = 0;
  bool in_word = false;
  for (char c : t) {
    bool w = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (w && !in_word) words++;
    in_word = w;
  }
  if (!s.empty() && s.back() == ':' && words <= 5) return true;
  if (search(s, R"(^(rules|the rules|how to (play|solve)|rules of the puzzle)\b)") && words <= 4) return true;
  return false;
}

// Each sentence as written and as read: lower case, bullets and
// enumerations removed, "little killer" as one word; sentences with fewer
// than three letters are left out.
std::vector<std::pair<std::string, std::string>> normalized_sentences(const std::string& rules) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& raw : sentences(rules)) {
    std::string s = raw;
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (std::size_t pos; (pos = s.find("little killer")) != std::string::npos;) s.replace(pos, 13, "littlekiller");
    // Bullets and enumerations: "+ ", "• ", "1) ", "a) ".
    static const std::regex bullet(R"(^\s*([+*•-]|\(?[0-9a-z]{1,2}\)|[0-9]{1,2}\.)\s*)");
    s = std::regex_replace(s, bullet, "");
    int letters = 0;
    for (char c : s) letters += std::isalpha(static_cast<unsigned char>(c)) != 0;
    if (letters >= 3) out.emplace_back(raw, s);
  }
  return out;
}

}  // namespace

bool changes_usual_meaning(const std::string& sentence) { return search(sentence, kAlwaysChanges); }

std::string exact_rule(const std::string& s) {
  struct Exact {
    const char* family;
    const char* pattern;
    const char* unless;
  };
  static const Exact rules[] = {
      // "Any digit in a circle indicates exactly how many circles contain that digit."
      {"counting_circles",
       R"(^counting circles?$|^counting circles?:|\b(digits?|numbers?) (in|inside|within) (a|any|each|every|the) circles?\b[^.]{0,40}\b(how many|the number of) (circles|of the circles)\b[^.]{0,40}\b(contain|hold|have|appears? in|is in|are in|that digit)|^as an example, if there is a (\d|one|two|three|four) in (a|any) circle, there (is|are) exactly)",
       R"(\bsum|total|\bnot\b|\bline|arrow|cage|diagonal|sees?\b|\bsun)"},
      // "The difference between two adjacent digits on a coloured line indicates
      // exactly how many pairs of adjacent digits along that line have that exact difference."
      {"difference_count",
       R"(^differences? count(s|ing)?( lines?)?:?$|\bdifference between (two )?(adjacent|neighbou?ring|consecutive) (digits|cells)[^.]{0,30}\blines?\b[^.]{0,30}\b(indicates|is|gives|equals|tells)\b[^.]{0,20}how many (pairs|times)[^.]{0,60}(that|this|the same) (exact )?difference)",
       R"(\bsum|total|\bnot\b|arrow|cage|circle|at least|at most)"},
      // "In every row and column, strings of 3 digits are never all even nor all odd."
      {"mixed_parity_triples",
       R"(\b(every|each) row and (every |each )?column\b[^.]{0,10}\b(strings?|runs?|groups?|sets?|sequences?) of (3|three) (adjacent |consecutive |neighbou?ring )?(digits|cells)\b[^.]{0,20}\b(are )?(never|not|cannot be|can't be|may not be|must not be) (all|both) (even|odd)[^.]{0,8}\b(n?or|and) (all )?(odd|even)\b)",
       R"(\bsum|total|cage|line|circle|diagonal|box|region)"},
  };
  for (const auto& r : rules)
    if (search(s, r.pattern) && !search(s, r.unless)) return r.family;
  return "";
}

std::vector<std::string> rule_sentences(const std::string& rules) {
  std::vector<std::string> out;
  for (auto& [raw, s] : normalized_sentences(rules)) out.push_back(s);
  return out;
}

std::vector<std::string> unexplained_rules(const std::string& rules, const nlohmann::json& p) {
  static const std::vector<FamilyWords> families = {
      {false, {"killer"}, R"(\bcages?\b|\bkiller\b)", R"(may repeat|can repeat|might repeat|not (the )?sum|at least|at most|ignor|[<>?])"},
      {false, {"little_killer"}, R"(littlekiller|outside the grid.{0,60}diagonal|diagonals?.{0,60}outside)", ""},
      {false, {"sandwich"}, R"(sandwich|between (the )?1 and (the )?9)", ""},
      {false, {"thermo"}, R"(^(?!.*(slow|or stay the same|or remain the same|or equal|stay the same or)).*(thermo|\bbulb))", R"(or equal|equal to|may repeat|can repeat|not necessarily|stay the same|remain the same)"},
      {false, {"slow_thermo"}, R"(slow thermo|(thermo|\bbulb).*(or stay the same|or remain the same|or equal)|(stay the same or|slow).*(thermo|\bbulb)|(may|can) (remain|stay) the same[^.]{0,60}never decrease)", R"(strictly)"},
      {false, {"region_sum"}, R"(region.?sum|(equal|same) (sum|total)[^.]{0,40}(each|every) (\dx\d )?(box|region)|(box|region) borders?[^.]{0,50}(divide|separate|cut|split)|segments?[^.]{0,60}same (sum|total|value)|same total in each (box|region|\dx\d box)|different (lines|segments)[^.]{0,50}(different|individually|separately))", ""},
      {false, {"zipper"}, R"(zipper|(odd|even)-length lines?[^.]{0,60}cent(er|re))", ""},
      {false, {"modular"}, R"(modular)", ""},
      {false, {"nabner"}, R"(nabner)", ""},
      {false, {"double_arrow"}, R"(double arrow)", ""},
      {false, {"lockout"}, R"(lockout)", ""},
      {false, {"digital_root"}, R"(digital root)", ""},
      {false, {"x_sum"}, R"(x-?sum|first x digits)", ""},
      {false, {"skyscrapers"}, R"(skyscraper|obscure|visible)", ""},
      {false, {"row_indexer", "column_indexer", "box_indexer"},
       R"(indexer|indicate (the )?(column|row|box) positions?|tell you (what|which) (column|row)|same is true of (column|row)|1-?5-?9|\b159\b)", ""},
      {false, {"entropic"}, R"(entropic)", ""},
      {false, {"arrow", "minimum", "maximum"}, R"(\barrows?\b)", R"(minus|subtract|double|twice|half)"},
      {false, {"whispers"}, R"(whisper|difference of (at least )?(5|five|4|four)|(5|five|4|four) or more|differ (in value )?by (at least )?(5|five|4|four))", ""},
      {false, {"renban"}, R"(renban|set of[^.]{0,30}consecutive|consecutive[^.]{0,30}any order)", ""},
      {false, {"palindrome"}, R"(palindrom|reads? the same)", ""},
      {false, {"between"}, R"(between lines?|between (the )?(two )?circles|strictly between)", ""},
      {false, {"kropki", "non_consecutive"}, R"(^(?!.*(zipper|marked (with|by) a dot)).*(\bdots?\b|kropki)|\bwhite\b.{0,30}consecutive|\bblack\b.{0,30}(ratio|double)|1:2|2:1)",
       R"(gr[ae]y|\bred\b|\bblue\b|\bgreen\b|both|\bsum|either)"},
      {false, {"xv"}, R"(\bxv\b|\bx/v\b|\b(an? |the )?['"]?[xv]['"]?s?\b.{0,40}\b(sum|add|total)|\bx(es|s)?\b.{0,40}\b10\b)", R"(roman)"},
      {false, {"odd"}, R"(\bodd\b(?!-length))", R"(along|line|\bsum|string|never|\brows?\b|columns?|adjacent|neighbo|sequence|\bthree\b|\b3\b|\bpairs?\b)"},
      {false, {"even"}, R"(\beven\b(?! if|-length))", R"(along|line|\bsum|string|never|\brows?\b|columns?|adjacent|neighbo|sequence|\bthree\b|\b3\b|\bpairs?\b)"},
      {false, {"minimum", "maximum"},
       R"(minimum|maximum|min/max|min-max|minimax|(greater|larger|bigger|higher|smaller|less|lower) than (all|every|each|its|any)|(pointing|facing) (out|in))",
       ""},
      {false, {"quadruple"}, R"(quad|four (surrounding )?cells)", ""},
      {false, {"clone"}, R"(\bclones?\b)", ""},
      {false, {"extra_regions"}, R"(extra regions?|additional regions?)", ""},
      {false, {"candidates"}, R"(pencil ?marks?|candidates)", ""},
      {true, {"disjoint_groups"}, R"(disjoint|same (relative )?position)", ""},
      {true, {"diagonals", "little_killer"}, R"(\bdiagonals?\b)", ""},
      {true, {"anti_knight"}, R"(knight)", ""},
      {true, {"anti_king"}, R"(\bking)", ""},
      {true, {"non_consecutive"}, R"(non-?consecutive|(orthogonal|adjacent|neighbou?r).{0,60}(not|never|cannot|can't).{0,20}consecutive)", ""},
      {true, {"regions"}, R"(irregular|jigsaw)", ""},
      {true, {"relations", "greater_than"}, R"(inequalit|(greater|less)[- ]than (sign|symbol)|[<>] (sign|symbol)|signs? points?)", ""},
  };
  std::vector<std::string> out;
  std::string previous;
  for (const auto& [raw, s] : normalized_sentences(rules)) {
    const std::string before = previous;
    previous = s;
    if (is_harmless(s) || !search(s, kRuleWords)) continue;
    // "Not all ... are given": the data's own reading (no negative constraint).
    if (search(s, R"(\bnot (all|every)\b.{0,60}\b(given|shown|marked|drawn|present|placed|indicated)|\bnot necessarily (all )?(given|shown))")) continue;
    // "All (possible) dots / Xs and Vs are given": only if the negative constraint was read.
    if (search(s, R"(\ball\b.{0,40}\b(are|is) (given|shown|marked|drawn|indicated|present))") ||
        search(s, R"(\ball (possible )?(kropki |black |white )*(dots|xs|vs|x|v)\b.{0,30}(given|shown))")) {
      // "All such pairs are given" speaks of the sentence before it.
      const std::string about = search(s, R"(\ball (such|these|those|of them)\b)") ? before + " " + s : s;
      bool dots = search(about, R"(\bdots?\b|kropki)"), xv = search(about, R"(\bx|\bv\b|\bxv)");
      bool ok = (!dots || negative(p, "kropki") || has(p, "non_consecutive")) && (!xv || dots || negative(p, "xv"));
      if (!ok || (!dots && !xv)) out.push_back(raw);
      continue;
    }
    // A sentence that states one family in full needs that family read.
    if (const std::string exact = exact_rule(s); !exact.empty()) {
      if (!has(p, exact)) out.push_back(raw);
      continue;
    }
    if (search(s, kAlwaysChanges)) {
      out.push_back(raw);
      continue;
    }
    bool named = false, all_present = true;
    for (const auto& f : families) {
      if (!search(s, f.keywords)) continue;
      named = true;
      bool present = std::any_of(f.fields.begin(), f.fields.end(), [&](const char* x) { return has(p, x); });
      if ((f.global && !present) || (*f.changes && search(s, f.changes))) all_present = false;
    }
    if (named && all_present) continue;
    if (!named && is_standard(s)) continue;
    out.push_back(raw);
  }
  return out;
}

}  // namespace psmt::importers
