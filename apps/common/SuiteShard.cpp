#include "common/SuiteShard.h"

#include <algorithm>
#include <numeric>

namespace th {

std::vector<size_t> selectShard(const std::vector<std::string>& names, int index, int count,
                                const std::map<std::string, double>& timings) {
    std::vector<size_t> chosen;
    if (count < 1 || index < 1 || index > count) return chosen;
    if (timings.empty()) {
        for (size_t i = size_t(index - 1); i < names.size(); i += size_t(count)) chosen.push_back(i);
        return chosen;
    }
    std::vector<double> known;
    for (auto& [name, seconds] : timings) known.push_back(seconds);
    std::sort(known.begin(), known.end());
    const double median = known[known.size() / 2];
    std::vector<double> cost(names.size());
    for (size_t i = 0; i < names.size(); ++i) {
        auto it = timings.find(names[i]);
        cost[i] = it != timings.end() ? it->second : median;
    }
    std::vector<size_t> order(names.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return cost[a] != cost[b] ? cost[a] > cost[b] : names[a] < names[b];
    });
    std::vector<double> load(size_t(count), 0.0);
    for (size_t i : order) {
        size_t shard = size_t(std::min_element(load.begin(), load.end()) - load.begin());
        load[shard] += cost[i];
        if (shard == size_t(index - 1)) chosen.push_back(i);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

} // namespace th
