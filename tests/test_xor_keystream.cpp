// XOR keystream reuse: the seed instance (counts, candidates, the scorer's
// plaintext), an independent brute-force count, cribs, the checker, bad
// input, and the Stanford Cryptography I exercise from the shared corpus.
#include <gtest/gtest.h>

#include <fstream>

#include "encoders/xor_keystream.h"
#include "helpers.h"
#include "io/json_load.h"
#include "io/error.h"

#include <fmt/format.h>
#include <set>

namespace psmt::testing {
namespace {

const char* kSeed = "puzzles/xor_keystream/rc4_hagenberg.json";

// The seed's method in plain C++: per key byte, the values that put every
// ciphertext byte of that column into the alphabet.
std::vector<std::vector<int>> brute_force_candidates(const xor_keystream::Stream& s) {
  std::vector<std::vector<int>> out(s.length());
  for (std::size_t j = 0; j < s.length(); ++j)
    for (int k = 0; k < 256; ++k) {
      bool ok = true;
      for (const auto& part : s.parts)
        if (j < part.size() && !s.allowed[part[j] ^ k]) ok = false;
      if (ok) out[j].push_back(k);
    }
  return out;
}

class XorEncodings : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Xor, XorEncodings, ::testing::Values("bv8", "int-domain"),
                         [](const auto& info) { return info.param == "bv8" ? "bv8" : "int_domain"; });

TEST_P(XorEncodings, SeedCountIsTheProductOfPerByteCandidates) {
  auto lp = puzzle_from_file(kSeed);
  const auto& s = static_cast<const xor_keystream::Stream&>(*lp.puzzle);
  auto bf = brute_force_candidates(s);
  uint64_t product = 1;
  std::vector<std::string> ambiguous;
  for (std::size_t j = 0; j < bf.size(); ++j) {
    product *= bf[j].size();
    if (bf[j].size() > 1) ambiguous.push_back("k" + std::to_string(j));
  }
  EXPECT_EQ(product, 652800u);
  RunOptions ro;
  ro.encoding = GetParam();
  ro.limit = 0;
  ro.candidates = true;
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  EXPECT_EQ(r.components, 40u);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.solutions_found, product);
  EXPECT_EQ(r.count_text, "652800");
  EXPECT_EQ(r.status, Status::Multiple);
  EXPECT_EQ(r.ambiguous_places, ambiguous);
  // Keystream candidates per position, as the seed's brute force finds them.
  ASSERT_EQ(r.candidates.size(), bf.size());
  for (std::size_t j = 0; j < bf.size(); ++j) {
    std::set<std::string> want, got(r.candidates[j].begin(), r.candidates[j].end());
    for (int k : bf[j]) want.insert(fmt::format("0x{:02x}", k));
    EXPECT_EQ(got, want) << "byte " << j;
  }
}

TEST(XorKeystream, CheckSaysMultipleWithTheAmbiguousPositions) {
  CliResult r = run_cli({"check", "--json", kSourceDir + "/" + kSeed});
  EXPECT_EQ(r.exit_code, 10);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "multiple");
  EXPECT_EQ(j["solutions"].size(), 2u);
  EXPECT_EQ(j["ambiguous_places"], nlohmann::json({"k14", "k21", "k24", "k25", "k34"}));
  CliResult c = run_cli({"count", "--json", kSourceDir + "/" + kSeed});
  auto cj = nlohmann::json::parse(c.out);
  EXPECT_EQ(cj["count"], 652800);
  EXPECT_EQ(cj["complete"], true);
  EXPECT_EQ(cj["components"], 40);
}

TEST(XorKeystream, ScorerRecoversTheSeedPlaintextWithoutHandPicking) {
  CliResult r = run_cli({"solve", "--json", kSourceDir + "/" + kSeed});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  auto texts = j["solutions"][0]["plaintexts"];
  ASSERT_EQ(texts.size(), 11u);
  EXPECT_EQ(texts[0], "NOTE Created the SSH keypair with my own");
  EXPECT_EQ(texts[1], " special software Those suckers from ope");
  EXPECT_EQ(texts[4], "tions RSA encryption works way faster   ");
  EXPECT_EQ(texts[10], "hVu  David");
  EXPECT_EQ(j["chosen_by_scorer"]["ambiguous"], 5);
  EXPECT_EQ(j["chosen_by_scorer"]["decided_by_scorer"], 5);
}

TEST(XorKeystream, ACribShrinksTheAmbiguity) {
  auto spec = nlohmann::json::parse(read_file(kSourceDir + "/" + kSeed));
  spec["cribs"] = {{{"message", 9}, {"offset", 20}, {"text", "key is"}}};
  spec.erase("expect");
  auto lp = load_puzzle(spec, "crib.json");
  RunOptions ro;
  ro.limit = 0;
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  EXPECT_EQ(r.ambiguous_places, (std::vector<std::string>{"k14", "k34"}));
  EXPECT_LT(r.solutions_found, 652800u);
  EXPECT_GE(r.solutions_found, 2u);
}

TEST(XorKeystream, CheckerRejectsAKeyWithOneByteChanged) {
  auto lp = puzzle_from_file(kSeed);
  RunOptions ro;
  ro.limit = 1;
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  ASSERT_EQ(r.status, Status::Solved);
  auto sol = r.solutions[0];
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty());
  std::vector<int> key;
  ASSERT_TRUE(xor_keystream::parse_key_hex(sol["key"], key));
  const auto& s = static_cast<const xor_keystream::Stream&>(*lp.puzzle);
  for (std::size_t j = 0; j < key.size(); ++j) {
    auto mutated = key;
    mutated[j] ^= 0x80;  // flips every plaintext byte of the column out of ASCII
    EXPECT_FALSE(xor_keystream::check_key(s, mutated).empty()) << j;
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, xor_keystream::solution_json(s, mutated)).empty());
  }
  auto bad_text = sol;
  bad_text["plaintexts"][0] = "something else";
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, bad_text).empty());
}

TEST(XorKeystream, BadInputIsLocated) {
  expect_located_errors({
      {R"({"kind": "xor_keystream", "ciphertexts": ["abc"], "alphabet": "a-z"})", "/ciphertexts/0", "odd number of hex digits"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abzz"], "alphabet": "a-z"})", "/ciphertexts/0", "character 3 is 'z', expected a hex digit"},
      {R"({"kind": "xor_keystream", "ciphertexts": [], "alphabet": "a-z"})", "/ciphertexts", "expected at least one ciphertext"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": ""})", "/alphabet", "the alphabet is empty"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": []})", "/alphabet", "the alphabet is empty"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["0xab, 0xq1"], "alphabet": "a-z"})", "/ciphertexts/0", "item 2 is not a byte"},
      {R"({"kind": "xor_keystream", "ciphertexts": [[1, 300]], "alphabet": "a-z"})", "/ciphertexts/0/1", "expected an integer in 0..255"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": "z-a"})", "/alphabet", "runs backwards"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": "a-z", "cribs": [{"message": 0, "offset": 1, "text": "xy"}]})", "/cribs/0", "runs past the end"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": "a-z", "cribs": [{"message": 3, "offset": 0, "text": "x"}]})", "/cribs/0/message", "expected an integer in 0..0"},
      {R"({"kind": "xor_keystream", "ciphertexts": ["abcd"], "alphabet": "a-z", "known_key": [{"offset": 2, "byte": 1}]})", "/known_key/0/offset", "expected an integer in 0..1"},
  });
  // And through the CLI: exit 2, one line naming the file and the path.
  CliResult r = run_cli({"check", "-"}, R"({"kind": "xor_keystream", "ciphertexts": ["abc"], "alphabet": "a-z"})");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("-: /ciphertexts/0: odd number of hex digits"), std::string::npos) << r.err;
}

TEST(XorKeystream, NoKeyFitsAColumnAndTheConflictSaysWhere) {
  // 0x00 and 0x80 in one column: their plaintexts differ by 0x80, so they
  // cannot both be ASCII letters.
  auto lp = puzzle_from_text(R"({"kind": "xor_keystream", "ciphertexts": ["4100", "4280"], "alphabet": "A-Za-z"})");
  RunOptions ro;
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  ASSERT_EQ(r.status, Status::None);
  ASSERT_TRUE(r.conflict);
  std::set<std::string> ids;
  for (const auto& c : r.conflict->clues) ids.insert(c.id);
  EXPECT_EQ(ids, (std::set<std::string>{"ciphertexts/0/1", "ciphertexts/1/1"}));
}

// Stanford Cryptography I, week 1: eleven ciphertexts, the last the target.
// Its plaintexts hold punctuation and one UTF-8 ligature, so the alphabet is
// printable ASCII plus bytes 128-255; the target must come out right, with no crib.
TEST(XorKeystream, BonehManyTimePadTargetComesOutRight) {
  std::ifstream in(kCorpusDir + "/boneh_mtp.jsonl");
  ASSERT_TRUE(in) << "missing corpus fixture";
  std::string line;
  std::getline(in, line);
  auto lp = load_puzzle(parse_json_text(line, "boneh_mtp.jsonl"), "boneh_mtp.jsonl");
  RunOptions ro;
  ro.limit = 0;
  ro.candidates = true;
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  ASSERT_EQ(r.status, Status::Multiple);
  auto choice = lp.encoder->choose(*lp.puzzle, r.candidates);
  ASSERT_TRUE(choice);
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, choice->solution).empty());
  EXPECT_EQ(choice->solution["plaintexts"][10],
            "The secret message is: When using a stream cipher, never use the key more than once");
}

}  // namespace
}  // namespace psmt::testing
