#include "common/BreakdownReport.h"

#include <algorithm>
#include <map>
#include <utility>

#include "common/BenchStats.h"

namespace th::bench {

void BreakdownReport::print(std::FILE* out, const std::string& title, size_t topDraws) const {
    std::fprintf(out, "breakdown: %s (medians of %zu frames, each pass finished with glFinish)\n", title.c_str(),
                 mPasses.size());
    if (mPasses.empty()) return;
    std::vector<double> passMs(static_cast<size_t>(FramePass::Count));
    double sum = 0;
    for (size_t p = 0; p < passMs.size(); ++p) {
        std::vector<double> v;
        for (const FrameBreakdown& f : mPasses) v.push_back(f.passMs[p]);
        passMs[p] = median(v);
        sum += passMs[p];
    }
    std::fprintf(out, "  %-16s %9s %7s\n", "pass", "ms", "share");
    for (size_t p = 0; p < passMs.size(); ++p)
        std::fprintf(out, "  %-16s %9.2f %6.1f %%\n", toString(FramePass(p)), passMs[p],
                     sum > 0 ? 100.0 * passMs[p] / sum : 0.0);
    std::fprintf(out, "  %-16s %9.2f\n", "sum", sum);

    // A mesh drawn several times in one pass (cascades, parts) is one row: its costs add up.
    struct Row {
        std::vector<double> ms;
        uint64_t triangles = 0;
        size_t draws = 0;
    };
    std::map<std::pair<int, std::string>, Row> rows;
    std::vector<double> passDrawMs(static_cast<size_t>(FramePass::Count)); // each pass's draws, summed
    for (const FrameBreakdown& f : mDraws) {
        std::map<std::pair<int, std::string>, std::pair<double, uint64_t>> frame;
        std::map<std::pair<int, std::string>, size_t> count;
        for (const DrawCost& d : f.draws) {
            auto key = std::make_pair(int(d.pass), d.name);
            frame[key].first += d.ms;
            frame[key].second += d.triangles;
            ++count[key];
        }
        for (auto& [key, cost] : frame) {
            Row& r = rows[key];
            r.ms.push_back(cost.first);
            r.triangles = cost.second;
            r.draws = count[key];
        }
    }
    std::vector<std::pair<double, const std::pair<const std::pair<int, std::string>, Row>*>> sorted;
    for (const auto& entry : rows) {
        sorted.push_back({median(entry.second.ms), &entry});
        passDrawMs[size_t(entry.first.first)] += sorted.back().first;
    }
    std::sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) { return a.first > b.first; });
    std::fprintf(out,
                 "  top draws of %zu meshes (medians of %zu frames, each draw finished with glFinish, which adds a rasterizer "
                 "flush to each;\n  share = of its pass's draws; a mesh's draws in one pass summed):\n",
                 rows.size(), mDraws.size());
    std::fprintf(out, "  %9s %7s %11s %6s  %-15s %s\n", "ms", "share", "triangles", "draws", "pass", "mesh / material");
    for (size_t i = 0; i < sorted.size() && i < topDraws; ++i) {
        const auto& [key, row] = *sorted[i].second;
        const double passMsOfDraws = passDrawMs[size_t(key.first)];
        std::fprintf(out, "  %9.2f %6.1f%% %11llu %6zu  %-15s %s\n", sorted[i].first,
                     passMsOfDraws > 0 ? 100.0 * sorted[i].first / passMsOfDraws : 0.0,
                     (unsigned long long)row.triangles, row.draws, toString(FramePass(key.first)), key.second.c_str());
    }
}

} // namespace th::bench
