// Benchmark baseline only (never part of puzzle-smt): Knuth's dancing links
// (Algorithm X) counting every exact cover of a 0/1 matrix, choosing the
// column with the fewest rows. scripts/bench-polyomino-dlx builds the matrix
// from a puzzle file independently of puzzle-smt and feeds it on stdin:
//   line 1: <columns> <rows>
//   then one line per row: the indices of its columns (0-based)
// Prints: <count> <seconds>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Dlx {
  // Node 0 is the root; nodes 1..ncols are column headers.
  std::vector<int> L, R, U, D, C, size;
  uint64_t found = 0;

  explicit Dlx(int ncols) {
    for (int i = 0; i <= ncols; ++i) {
      L.push_back(i - 1);
      R.push_back(i + 1);
      U.push_back(i);
      D.push_back(i);
      C.push_back(i);
    }
    L[0] = ncols;
    R[ncols] = 0;
    size.assign(ncols + 1, 0);
  }

  void add_row(const std::vector<int>& cols) {
    int first = -1;
    for (int c0 : cols) {
      int c = c0 + 1, n = static_cast<int>(L.size());
      C.push_back(c);
      U.push_back(U[c]);
      D.push_back(c);
      D[U[c]] = n;
      U[c] = n;
      size[c]++;
      if (first < 0) {
        first = n;
        L.push_back(n);
        R.push_back(n);
      } else {
        L.push_back(L[first]);
        R.push_back(first);
        R[L[first]] = n;
        L[first] = n;
      }
    }
  }

  void cover(int c) {
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
      for (int j = R[i]; j != i; j = R[j]) {
        U[D[j]] = U[j];
        D[U[j]] = D[j];
        size[C[j]]--;
      }
  }

  void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
      for (int j = L[i]; j != i; j = L[j]) {
        size[C[j]]++;
        U[D[j]] = j;
        D[U[j]] = j;
      }
    L[R[c]] = c;
    R[L[c]] = c;
  }

  void search() {
    if (R[0] == 0) {
      found++;
      return;
    }
    int c = R[0];
    for (int j = R[0]; j != 0; j = R[j])
      if (size[j] < size[c]) c = j;
    if (size[c] == 0) return;
    cover(c);
    for (int r = D[c]; r != c; r = D[r]) {
      for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
      search();
      for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
    }
    uncover(c);
  }
};

}  // namespace

int main() {
  int ncols = 0, nrows = 0;
  std::string line;
  if (!std::getline(std::cin, line) || !(std::istringstream(line) >> ncols >> nrows)) {
    std::fprintf(stderr, "dlx_count: expected '<columns> <rows>' on the first line\n");
    return 2;
  }
  Dlx dlx(ncols);
  for (int r = 0; r < nrows && std::getline(std::cin, line); ++r) {
    std::istringstream in(line);
    std::vector<int> cols;
    for (int c; in >> c;) {
      if (c < 0 || c >= ncols) {
        std::fprintf(stderr, "dlx_count: column %d out of range on row %d\n", c, r);
        return 2;
      }
      cols.push_back(c);
    }
    dlx.add_row(cols);
  }
  auto t0 = std::chrono::steady_clock::now();
  dlx.search();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%llu %.6f\n", static_cast<unsigned long long>(dlx.found), s);
  return 0;
}
