// The CNF translation of the CaDiCaL back end (engine/cnf.h), checked
// against brute force: every assignment of the original literals that
// satisfies the constraints must extend to a model of the clauses, and no
// other (projected model counts equal, per constraint, guarded or not).
#include <gtest/gtest.h>

#include <algorithm>

#include <cadical.hpp>
#include <fmt/format.h>
#include <random>

#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/cnf.h"

namespace psmt::testing {
namespace {

using detail::CnfBuilder;

// Models of `clauses`, projected on the literals `vars`, counted by
// blocking clauses on a CaDiCaL solver.
uint64_t projected_models(const std::vector<std::vector<int>>& clauses, const std::vector<int>& vars) {
  CaDiCaL::Solver s;
  s.set("quiet", 1);
  for (const auto& c : clauses) {
    for (int l : c) s.add(l);
    s.add(0);
  }
  uint64_t n = 0;
  while (s.solve() == 10) {
    n++;
    std::vector<int> block;
    for (int v : vars) block.push_back(s.val(v) > 0 ? -v : v);
    for (int l : block) s.add(l);
    s.add(0);
  }
  return n;
}

struct Sum {
  std::vector<int> terms;  // indices of the variables
  std::vector<int> weights;
  int k = 0;
  int op = 0;  // 0: =, 1: <=, 2: >=
  bool holds(const std::vector<bool>& x) const {
    long long s = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) s += x[static_cast<std::size_t>(terms[i])] ? weights[i] : 0;
    return op == 0 ? s == k : op == 1 ? s <= k : s >= k;
  }
};

TEST(Cnf, SumsOverOneHotGroupsCountLikeBruteForceWithAndWithoutGuards) {
  // Random groups of literals made exclusive by pairwise clauses or by an
  // at-most-one counter (some with a clause saying one is true), free
  // literals beside them, and a weighted sum over all of them (positive,
  // zero and negative weights; =, <=, >=), asserted or behind a guard.
  // Every other round builds them as Z3 terms (what the integer-mixing
  // encoders hand over), the others as native formulas.
  std::mt19937 rng(20261125);
  uint64_t grouped = 0, compared = 0, native_rounds = 0;
  // Fewer rounds under the sanitizers (each round is our own clause code,
  // nine times slower there; 160 rounds still take every path).
  const uint64_t rounds = PSMT_SANITIZED ? 160 : 400;
  for (uint64_t round = 0; round < rounds; ++round) {
    Context ctx;
    const bool native = round % 2 == 0;
    auto constant = [&](const std::string& name) { return native ? ctx.bool_const(name) : Expr(ctx.z3().bool_const(name.c_str())); };
    const int groups = 1 + static_cast<int>(rng() % 4);
    std::vector<Expr> x;
    std::vector<std::vector<int>> group_of;
    std::vector<bool> one_true;
    for (int g = 0; g < groups; ++g) {
      const int size = 1 + static_cast<int>(rng() % (g == 0 ? 8 : 4));
      group_of.emplace_back();
      for (int i = 0; i < size; ++i) {
        group_of.back().push_back(static_cast<int>(x.size()));
        x.push_back(constant("x" + std::to_string(x.size())));
      }
      one_true.push_back(rng() % 4 != 0);
    }
    const int free_lits = static_cast<int>(rng() % 3);
    for (int i = 0; i < free_lits; ++i) x.push_back(constant("x" + std::to_string(x.size())));
    Expr guard = constant("guard");
    const bool guarded = rng() % 3 == 0;
    // Each group whole in the sum (most often) or in part, and some free literals.
    Sum sum;
    std::vector<bool> in(x.size(), false);
    for (const auto& members : group_of) {
      const bool whole = rng() % 4 != 0;
      for (int i : members) in[static_cast<std::size_t>(i)] = whole || rng() % 2;
    }
    for (std::size_t i = 0; i < x.size(); ++i)
      if (in[i] || (i >= x.size() - static_cast<std::size_t>(free_lits) && rng() % 2)) {
        sum.terms.push_back(static_cast<int>(i));
        sum.weights.push_back(static_cast<int>(rng() % 9) - (rng() % 6 == 0 ? 4 : 0));
      }
    if (sum.terms.empty()) continue;
    sum.op = static_cast<int>(rng() % 3);
    sum.k = static_cast<int>(rng() % 14) - 1;
    // A sum over these literals in the round's form.
    auto pb_of = [&](const std::vector<Expr>& ls, const std::vector<int>& w, int k, int op) -> Expr {
      if (native) {
        std::vector<int64_t> w64(w.begin(), w.end());
        return op == 0 ? pbeq(ls, w64, k) : op == 1 ? pble(ls, w64, k) : pbge(ls, w64, k);
      }
      z3::expr_vector v(ctx.z3());
      for (const auto& l : ls) v.push_back(l.z3());
      return op == 0 ? z3::pbeq(v, w.data(), k) : op == 1 ? z3::pble(v, w.data(), k) : z3::pbge(v, w.data(), k);
    };
    std::vector<std::vector<int>> clauses;
    ExprVector dv;
    CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& c) { clauses.push_back(c); });
    for (std::size_t g = 0; g < group_of.size(); ++g) {
      const auto& members = group_of[g];
      std::vector<Expr> ls;
      for (int i : members) ls.push_back(x[static_cast<std::size_t>(i)]);
      if (ls.size() > 6 || rng() % 4 == 0) {  // an at-most-one the builder writes as a counter or pairwise
        cnf.add(pb_of(ls, std::vector<int>(ls.size(), 1), 1, 1));
      } else {
        for (std::size_t a = 0; a < ls.size(); ++a)
          for (std::size_t b = a + 1; b < ls.size(); ++b) cnf.add(!ls[a] || !ls[b]);
      }
      if (one_true[g]) cnf.add(mk_or(ls));
    }
    std::vector<Expr> lits;
    for (int i : sum.terms) lits.push_back(x[static_cast<std::size_t>(i)]);
    Expr pb = pb_of(lits, sum.weights, sum.k, sum.op);
    const uint64_t before = cnf.grouped_sums();
    cnf.add(guarded ? implies(guard, pb) : pb);
    grouped += cnf.grouped_sums() - before;
    EXPECT_EQ(cnf.through_z3(), 0u) << "round " << round << ": sums need no Z3 tactics";
    EXPECT_EQ(ctx.has_z3(), !native) << "round " << round;
    // Brute force over the original literals (and the guard).
    const std::size_t n = x.size();
    uint64_t want = 0;
    for (uint64_t bits = 0; bits < (uint64_t{1} << (n + 1)); ++bits) {
      std::vector<bool> v(n);
      for (std::size_t i = 0; i < n; ++i) v[i] = (bits >> i) & 1;
      const bool g_on = (bits >> n) & 1;
      bool ok = true;
      for (std::size_t g = 0; g < group_of.size() && ok; ++g) {
        int on = 0;
        for (int i : group_of[g]) on += v[static_cast<std::size_t>(i)];
        ok = on <= 1 && (!one_true[g] || on == 1);
      }
      if (ok && (!guarded || g_on)) ok = sum.holds(v);
      if (ok && !guarded && g_on) ok = false;  // the guard counts only where it is used
      want += ok;
    }
    std::vector<int> proj;
    for (const auto& e : x) proj.push_back(cnf.literal(e));
    if (guarded) proj.push_back(cnf.literal(guard));
    ASSERT_EQ(projected_models(clauses, proj), want) << "round " << round << ": " << pb.to_string();
    compared++;
    native_rounds += native;
  }
  EXPECT_GT(compared, rounds * 7 / 8);
  EXPECT_GT(native_rounds, rounds * 17 / 40);
  EXPECT_GT(grouped, rounds * 3 / 20);  // the diagram over groups was used, not only the state per term
}

// Clauses as CaDiCaL gets them before the first solve (simplify_by_units):
// on worked examples, and on random formulas with units the same models
// over every variable as the clauses given as they are.
TEST(Cnf, SimplifyingByUnitsKeepsEveryModel) {
  using detail::simplify_by_units;
  // 1; (-1 2): 2 follows; (-2 3 4) loses -2; (1 5) is satisfied and dropped.
  EXPECT_EQ(simplify_by_units({1, 0, -1, 2, 0, -2, 3, 4, 0, 1, 5, 0}), (std::vector<int>{1, 0, 2, 0, 3, 4, 0}));
  EXPECT_EQ(simplify_by_units({1, 2, 0, -1, -2, 0}), (std::vector<int>{1, 2, 0, -1, -2, 0}));  // no unit: as it was
  EXPECT_EQ(simplify_by_units({1, 0, -1, 2, 0, -2, 0}), (std::vector<int>{1, 0, -1, 2, 0, -2, 0}));  // a conflict: as it was
  EXPECT_EQ(simplify_by_units({3, 0, 0}), (std::vector<int>{3, 0, 0}));  // the empty clause: as it was
  std::mt19937 rng(20261126);
  int simplified = 0;
  for (int round = 0; round < 400; ++round) {
    const int vars = 3 + static_cast<int>(rng() % 6);
    std::vector<int> flat;
    const int n = 2 + static_cast<int>(rng() % 12);
    for (int c = 0; c < n; ++c) {
      const int len = 1 + static_cast<int>(rng() % (c % 3 == 0 ? 2 : 4));
      for (int k = 0; k < len; ++k) {
        const int v = 1 + static_cast<int>(rng() % static_cast<unsigned>(vars));
        flat.push_back(rng() % 2 ? v : -v);
      }
      flat.push_back(0);
    }
    auto clauses_of = [&](const std::vector<int>& f) {
      std::vector<std::vector<int>> out(1);
      for (int l : f) {
        if (l) out.back().push_back(l);
        else out.emplace_back();
      }
      out.pop_back();
      // Every variable appears (a CaDiCaL solver reserves them all).
      for (int v = 1; v <= vars; ++v) out.push_back({v, -v});
      return out;
    };
    const std::vector<int> simple = simplify_by_units(flat);
    simplified += simple != flat;
    // The same with the first clauses as a base indexed beforehand
    // (UnitSimplifier: a renewed solver's rules, then a puzzle's clauses).
    const int cut = static_cast<int>(rng() % static_cast<unsigned>(n + 1));
    std::size_t at = 0;
    for (int c = 0; c < cut; ++c) at = static_cast<std::size_t>(std::find(flat.begin() + static_cast<long>(at), flat.end(), 0) - flat.begin()) + 1;
    const detail::UnitSimplifier base(std::vector<int>(flat.begin(), flat.begin() + static_cast<long>(at)));
    ASSERT_EQ(base.simplify(std::vector<int>(flat.begin() + static_cast<long>(at), flat.end())), simple)
        << "round " << round << ", base of " << cut << " clauses";
    std::vector<int> all;
    for (int v = 1; v <= vars; ++v) all.push_back(v);
    ASSERT_EQ(projected_models(clauses_of(simple), all), projected_models(clauses_of(flat), all)) << "round " << round;
  }
  EXPECT_GT(simplified, 150);
}

// A disjunction written `a || b || c` (or(or(a, b), c)) is one clause of its
// literals, and `(a && b && c) implies (d || e)` one clause too, with no
// Tseitin variable; a disjunction with a conjunction inside still gets one.
TEST(Cnf, NestedDisjunctionsAndConjunctiveConditionsAreOneClause) {
  Context ctx;
  const Expr a = ctx.bool_const("a"), b = ctx.bool_const("b"), c = ctx.bool_const("c"), d = ctx.bool_const("d"),
             e = ctx.bool_const("e");
  std::vector<std::vector<int>> clauses;
  ExprVector dv;
  CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& cl) { clauses.push_back(cl); });
  const int la = cnf.literal(a), lb = cnf.literal(b), lc = cnf.literal(c), ld = cnf.literal(d), le = cnf.literal(e);
  const int vars = cnf.vars();
  clauses.clear();  // the constant true's unit clause
  cnf.add(a || !b || c || d);
  ASSERT_EQ(clauses.size(), 1u);
  EXPECT_EQ(clauses[0], (std::vector<int>{la, -lb, lc, ld}));
  clauses.clear();
  cnf.add(implies(a && !b && c, d || e));
  ASSERT_EQ(clauses.size(), 1u);
  std::vector<int> got = clauses[0], want{-la, lb, -lc, ld, le};
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
  EXPECT_EQ(cnf.vars(), vars);
  clauses.clear();
  cnf.add(a || (b && c));  // a Tseitin literal for b && c
  EXPECT_EQ(cnf.vars(), vars + 1);
  EXPECT_GT(clauses.size(), 1u);
}

// An at-most-one written as a counter (at_most_one_counter) is one node
// that both back ends write as clauses: per size, alone, with the clause
// that one is true, and behind a guard, the same models over its literals
// as "at most one" says, on CaDiCaL's clauses and on Z3's terms.
TEST(Cardinality, AnAtMostOneCounterHasTheModelsOfAtMostOneOnBothBackEnds) {
  for (unsigned n = 1; n <= 9; ++n)
    for (int form = 0; form < 3; ++form) {  // alone, with "one is true", guarded
      Context ctx;
      std::vector<Expr> x;
      for (unsigned i = 0; i < n; ++i) x.push_back(ctx.bool_const(fmt::format("x{}", i)));
      Expr guard = ctx.bool_const("guard");
      Expr amo = at_most_one_counter(x);
      if (n >= 2) {
        EXPECT_TRUE(amo.counter());
        EXPECT_EQ(amo.op(), Op::AtMost);
      }
      Expr f = form == 0 ? amo : form == 1 ? (amo && mk_or(x)) : implies(guard, amo);
      // Over x (and the guard): models of "at most one", brute force.
      uint64_t want = 0;
      const unsigned width = n + (form == 2 ? 1 : 0);
      for (uint64_t bits = 0; bits < (uint64_t{1} << width); ++bits) {
        const unsigned on = static_cast<unsigned>(__builtin_popcountll(bits & ((uint64_t{1} << n) - 1)));
        const bool g = form == 2 && ((bits >> n) & 1);
        want += form == 0 ? on <= 1 : form == 1 ? on == 1 : (!g || on <= 1);
      }
      std::vector<std::vector<int>> clauses;
      ExprVector dv;
      CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& c) { clauses.push_back(c); });
      cnf.add(f);
      std::vector<int> proj;
      for (const auto& e : x) proj.push_back(cnf.literal(e));
      if (form == 2) proj.push_back(cnf.literal(guard));
      EXPECT_EQ(projected_models(clauses, proj), want) << "CNF, n " << n << ", form " << form;
      EXPECT_FALSE(ctx.has_z3()) << "the clause path made a Z3 context";
      // Z3: the translation has no atmost in it (the hazard), and the same models.
      z3::expr t = ctx.to_z3(f);
      EXPECT_EQ(t.to_string().find("at-most"), std::string::npos) << t;
      EXPECT_EQ(t.to_string().find("pbeq"), std::string::npos) << t;
      z3::solver s(ctx.z3());
      s.add(t);
      uint64_t got = 0;
      while (s.check() == z3::sat && got <= want) {
        got++;
        z3::model m = s.get_model();
        z3::expr_vector differ(ctx.z3());
        for (const auto& e : x) differ.push_back(m.eval(ctx.to_z3(e), true) != ctx.to_z3(e));
        if (form == 2) differ.push_back(m.eval(ctx.to_z3(guard), true) != ctx.to_z3(guard));
        s.add(z3::mk_or(differ));
      }
      EXPECT_EQ(got, want) << "Z3, n " << n << ", form " << form;
    }
}

// unary_sum (engine/cardinality.h): for every value of its chains (each a
// count in the order encoding), the clauses have a model, and in each model
// the sum's literal i says "the total is at least i + 1", cut at the limit.
TEST(Cardinality, UnarySumsDefineTheTotalOfTheirChains) {
  std::mt19937 rng(20261126);
  int checked = 0;
  for (int round = 0; round < 60; ++round) {
    Context ctx;
    const int count = 1 + static_cast<int>(rng() % 5);
    std::vector<std::vector<Expr>> chains(static_cast<std::size_t>(count));
    int most = 0;
    for (int c = 0; c < count; ++c) {
      const int len = static_cast<int>(rng() % 5);
      for (int i = 0; i < len; ++i) chains[static_cast<std::size_t>(c)].push_back(ctx.bool_const(fmt::format("c{}_{}", c, i)));
      most += len;
    }
    const unsigned limit = 1 + static_cast<unsigned>(rng() % static_cast<unsigned>(most + 2));
    ExprVector out;
    const std::vector<Expr> sum = unary_sum(ctx, chains, limit, "u", out);
    ASSERT_EQ(sum.size(), std::min<std::size_t>(static_cast<std::size_t>(most), limit)) << "round " << round;
    std::vector<std::vector<int>> clauses;
    ExprVector dv;
    CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& c) { clauses.push_back(c); });
    for (const auto& e : out.items()) cnf.add(e);
    for (const auto& ch : chains)
      for (std::size_t i = 1; i < ch.size(); ++i) cnf.add(!ch[i] || ch[i - 1]);
    std::vector<int> sum_lits;
    for (const auto& e : sum) sum_lits.push_back(cnf.literal(e));
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    for (const auto& c : clauses) {
      for (int l : c) s.add(l);
      s.add(0);
    }
    // Every value of every chain: odometer over 0..len each.
    std::vector<int> value(static_cast<std::size_t>(count), 0);
    for (;;) {
      std::vector<int> assume;
      int total = 0;
      for (int c = 0; c < count; ++c) {
        const auto& ch = chains[static_cast<std::size_t>(c)];
        const int v = value[static_cast<std::size_t>(c)];
        total += v;
        for (int i = 0; i < static_cast<int>(ch.size()); ++i)
          assume.push_back(i < v ? cnf.literal(ch[static_cast<std::size_t>(i)]) : -cnf.literal(ch[static_cast<std::size_t>(i)]));
      }
      for (int l : assume) s.assume(l);
      ASSERT_EQ(s.solve(), 10) << "round " << round << ", total " << total;
      for (std::size_t i = 0; i < sum_lits.size(); ++i)
        EXPECT_EQ(s.val(sum_lits[i]) > 0, total >= static_cast<int>(i) + 1) << "round " << round << ", total " << total << ", literal " << i;
      for (std::size_t i = 0; i < sum_lits.size(); ++i) {  // ... and no model says otherwise
        const bool want = total >= static_cast<int>(i) + 1;
        for (int l : assume) s.assume(l);
        s.assume(want ? -sum_lits[i] : sum_lits[i]);
        EXPECT_EQ(s.solve(), 20) << "round " << round << ", total " << total << ", literal " << i;
      }
      checked++;
      int c = 0;
      while (c < count && ++value[static_cast<std::size_t>(c)] > static_cast<int>(chains[static_cast<std::size_t>(c)].size()))
        value[static_cast<std::size_t>(c++)] = 0;
      if (c == count) break;
    }
  }
  EXPECT_GT(checked, 500);
}

// Two totalizers whose prefixes differ by a trailing digit ("p" and "p1",
// twelve literals each, so the first merges eleven times) stay apart: every
// pair of one true literal in each has a model. Before the "~" in the
// auxiliaries' names, "p" + merge 10 and "p1" + merge 0 were one variable
// and some pairs had none (a Choco Banana board with a planted answer
// came back "none" that way).
TEST(Cardinality, SumsWhosePrefixesDifferByADigitStayApart) {
  Context ctx;
  std::vector<Expr> x, y;
  for (int i = 0; i < 12; ++i) {
    x.push_back(ctx.bool_const(fmt::format("x{}", i)));
    y.push_back(ctx.bool_const(fmt::format("y{}", i)));
  }
  ExprVector out;
  exactly_k_tree(ctx, x, 1, "p", out, out);
  exactly_k_tree(ctx, y, 1, "p1", out, out);
  std::vector<std::vector<int>> clauses;
  ExprVector dv;
  CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& c) { clauses.push_back(c); });
  for (const auto& e : out.items()) cnf.add(e);
  std::vector<int> xy;
  for (int i = 0; i < 12; ++i) {
    xy.push_back(cnf.literal(x[static_cast<std::size_t>(i)]));
    xy.push_back(cnf.literal(y[static_cast<std::size_t>(i)]));
  }
  const uint64_t models = projected_models(clauses, xy);
  EXPECT_EQ(models, 144u);
}

// exactly_k (engine/cardinality.h): for every assignment of n <= 7 literals,
// the clauses have a model exactly when k of them are true, and then just
// one (the counter is defined both ways, so counts stay exact unprojected).
// exactly_k (a sequential counter) and exactly_k_tree (a totalizer, its
// definitions apart from the statement): both hold exactly when k of the
// literals are true, and every auxiliary is fixed by them (one model).
class CardinalityExactly : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(Cardinality, CardinalityExactly, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "Totalizer" : "SequentialCounter"; });

TEST_P(CardinalityExactly, HoldsForEveryAssignmentWithOneModel) {
  int checked = 0;
  for (int n = 1; n <= 7; ++n)
    for (int k = 0; k <= n + 1; ++k) {
      Context ctx;
      std::vector<Expr> x;
      for (int i = 0; i < n; ++i) x.push_back(ctx.bool_const(fmt::format("x{}", i)));
      ExprVector out;
      if (GetParam()) exactly_k_tree(ctx, x, static_cast<unsigned>(k), "ek", out, out);
      else exactly_k(ctx, x, static_cast<unsigned>(k), "ek", out);
      std::vector<std::vector<int>> clauses;
      ExprVector dv;
      CnfBuilder cnf(ctx, dv, "test", [&](const std::vector<int>& c) { clauses.push_back(c); });
      for (const auto& e : out.items()) cnf.add(e);
      std::vector<int> xl;
      for (const auto& e : x) xl.push_back(cnf.literal(e));
      const int vars = cnf.vars();
      for (unsigned bits = 0; bits < (1u << n); ++bits) {
        CaDiCaL::Solver s;
        s.set("quiet", 1);
        for (const auto& c : clauses) {
          for (int l : c) s.add(l);
          s.add(0);
        }
        for (int i = 0; i < n; ++i) {
          s.add((bits >> i) & 1 ? xl[static_cast<std::size_t>(i)] : -xl[static_cast<std::size_t>(i)]);
          s.add(0);
        }
        const bool want = __builtin_popcount(bits) == k;
        ASSERT_EQ(s.solve(), want ? 10 : 20) << "n " << n << ", k " << k << ", bits " << bits;
        if (want) {  // block this model: no other
          std::vector<int> block;
          for (int v = 1; v <= vars; ++v) block.push_back(s.val(v) > 0 ? -v : v);
          for (int l : block) s.add(l);
          s.add(0);
          EXPECT_EQ(s.solve(), 20) << "n " << n << ", k " << k << ", bits " << bits;
        }
        checked++;
      }
    }
  EXPECT_EQ(checked, 2046);  // the sum over n of 2^n x (n + 2) values of k
}

}  // namespace
}  // namespace psmt::testing
