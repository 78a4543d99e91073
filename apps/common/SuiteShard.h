#pragma once
// Which captures of a suite one shard of N runs. Every shard computes the same split from the
// same inputs, so N machines given I = 1..N cover the suite once, with nothing shared but the
// suite file (and the timings file, when given).
#include <map>
#include <string>
#include <vector>

namespace th {

/// The indices (into `names`, in order) of shard `index` (1-based) of `count`.
/// Without timings: every count-th capture (the shards differ by at most one capture).
/// With timings (seconds per capture name, from a previous run): the longest capture first to
/// the shard with the least time so far (ties by name, then by shard); a capture the timings
/// lack counts as their median.
std::vector<size_t> selectShard(const std::vector<std::string>& names, int index, int count,
                                const std::map<std::string, double>& timings = {});

} // namespace th
