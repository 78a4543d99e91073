#pragma once
// Levenshtein distance between two names, for "did you mean ...?" hints: a plugin key that
// lands nowhere (Injector) and a gate on an undeclared define (Lint) both suggest the
// nearest known name, and must agree on what "near" means.
#include <cstddef>
#include <string_view>

namespace th {

/// Fewest single-character insertions, deletions and substitutions that turn `a` into `b`.
size_t editDistance(std::string_view a, std::string_view b);

} // namespace th
