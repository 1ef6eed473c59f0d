// Public corpora, converted at test time by scripts/corpus-to-jsonl (CTest
// fixture): the 24 futoshiki of TNhPhat/Futoshiki_VifeAgent and the first 200
// rows of the radcliffe3m curated sudoku sample. Each must be unique with the
// published solution.
#include <gtest/gtest.h>

#include <fstream>

#include "helpers.h"
#include "io/json_load.h"

namespace psmt::testing {
namespace {

void run_corpus(const std::string& file, std::size_t expected_records, const std::string& encoding) {
  std::ifstream in(kCorpusDir + "/" + file);
  ASSERT_TRUE(in) << "missing " << kCorpusDir << "/" << file << " (made by the corpus fixture)";
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    n++;
    auto lp = load_puzzle(parse_json_text(line, file + ":" + std::to_string(n)), file + ":" + std::to_string(n));
    Result r = run_puzzle(lp, encoding);
    ASSERT_EQ(r.status, Status::Unique) << lp.name;
    ASSERT_TRUE(lp.expect.solution) << lp.name;
    EXPECT_EQ(r.solutions.at(0), *lp.expect.solution) << lp.name;
  }
  EXPECT_EQ(n, expected_records);
}

TEST(Corpora, Futoshiki24WithPublishedSolutionsEveryEncoding) {
  for (const auto& enc : encodings_of("futoshiki")) run_corpus("futoshiki.jsonl", 24, enc);
}

TEST(Corpora, Radcliffe200SudokusMatchPublishedSolutions) { run_corpus("radcliffe200.jsonl", 200, "bool-onehot"); }

TEST(Corpora, Radcliffe200SudokusPairwiseEncoding) { run_corpus("radcliffe200.jsonl", 200, "bool-pairwise"); }

}  // namespace
}  // namespace psmt::testing
