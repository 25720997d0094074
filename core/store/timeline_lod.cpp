#include "core/store/timeline_lod.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace opscope {

namespace {

constexpr int kLevels = 64;

std::uint64_t asUnsigned(std::int64_t v) { return v > 0 ? static_cast<std::uint64_t>(v) : 0; }

} // namespace

int lodJoinLevel(const TimelineSlice& a, const TimelineSlice& b) {
    const std::uint64_t widest = std::max({asUnsigned(a.durNs), asUnsigned(b.durNs), asUnsigned(b.tsNs - a.endNs())});
    return static_cast<int>(std::bit_width(widest)); // 2^level > widest
}

void buildLodLevels(std::span<const TimelineSlice> slices, DepthRun* run, std::vector<LodLevel>* levels,
                    std::vector<std::uint32_t>* starts, std::vector<std::uint8_t>* joinScratch) {
    run->lodBegin = static_cast<std::uint32_t>(levels->size());
    run->lodCount = 0;
    const std::size_t n = run->end - run->begin;
    if (!run->endsSorted || n < kLodMinRunSlices) return;
    const TimelineSlice* s = slices.data() + run->begin;
    // joins[i]: level from which slice i joins slice i - 1; histogram -> items per level.
    std::vector<std::uint8_t>& joins = *joinScratch;
    joins.resize(n);
    std::array<std::size_t, kLevels + 1> splitsAbove{}; // pairs with join level > L, after the sum below
    for (std::size_t i = 1; i < n; ++i) {
        joins[i] = static_cast<std::uint8_t>(lodJoinLevel(s[i - 1], s[i]));
        ++splitsAbove[joins[i]];
    }
    // splitsAbove[L] = number of pairs still split at level L.
    std::size_t above = 0;
    for (int level = kLevels; level >= 0; --level) {
        const std::size_t here = splitsAbove[static_cast<std::size_t>(level)];
        splitsAbove[static_cast<std::size_t>(level)] = above;
        above += here;
    }
    std::size_t keptItems = n;
    std::size_t finer = levels->size(); // index of the last level kept; none yet
    for (int level = 0; level <= kLevels && keptItems > 1; ++level) {
        const std::size_t items = splitsAbove[static_cast<std::size_t>(level)] + 1;
        if (items > n / 8 || items > keptItems / 2) continue;
        LodLevel out{static_cast<std::uint32_t>(starts->size()), static_cast<std::uint32_t>(items),
                     static_cast<std::uint8_t>(level)};
        if (finer == levels->size()) {
            starts->push_back(run->begin);
            for (std::size_t i = 1; i < n; ++i)
                if (joins[i] > level) starts->push_back(run->begin + static_cast<std::uint32_t>(i));
        } else {
            // A coarser level only joins items of the finer one: look at the pairs across their borders.
            const LodLevel previous = (*levels)[finer];
            starts->push_back(run->begin);
            for (std::uint32_t k = 1; k < previous.itemCount; ++k) {
                const std::uint32_t at = (*starts)[previous.startsBegin + k];
                if (lodJoinLevel(slices[at - 1], slices[at]) > level) starts->push_back(at);
            }
        }
        starts->push_back(run->end);
        finer = levels->size();
        levels->push_back(out);
        keptItems = items;
        ++run->lodCount;
    }
}

const LodLevel* lodLevelFor(std::span<const LodLevel> levels, double foldNs) {
    const LodLevel* best = nullptr;
    for (const LodLevel& level : levels) {
        if (std::ldexp(1.0, level.log2Ns) > foldNs) break;
        best = &level;
    }
    return best;
}

} // namespace opscope
