// fmt's compiled part, built here once. Debian ships fmt as a shared library
// only (libfmt.so.9, which needs libstdc++.so); compiling its implementation
// header into our own static library lets the executable link the C++ run
// time statically (PSMT_STATIC_CXX_RUNTIME, CMakeLists.txt) and load no C++
// shared library at start: 0.7 ms of every process. The functions fmt
// declares but leaves to its library are defined by format-inl.h; the
// templates below are the ones it declares and only instantiates there.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template auto decimal_point_impl(locale_ref) -> char;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template locale_ref::locale_ref(const std::locale&);
template auto locale_ref::get<std::locale>() const -> std::locale;
}  // namespace detail
FMT_END_NAMESPACE
