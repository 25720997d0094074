// Finds slices by name in a loaded timeline: substring (optionally case-sensitive) or regular
// expression, matched once per distinct name, then collected from the paint arrays sorted by time.
#pragma once
#include "core/model/time.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

class TimelineData;

struct SliceSearchOptions {
    std::string pattern;
    bool regex = false;
    bool caseSensitive = false;
};

struct SliceMatch {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0;
    TimeNs durNs = 0;
    std::uint32_t trackIndex = 0; // into TimelineData::tracks()
    std::uint16_t depth = 0;
};

struct SliceSearchResult {
    std::vector<SliceMatch> matches; // by start time, then slice id
    std::vector<bool> nameMatches;   // per string id: whether that name matched (for highlighting)
    // Outline every match, not only the current one: a critical path, whose names repeat off the path
    // too (every step runs the same kernels), so dimming by name alone does not show it.
    bool outlineEach = false;
    bool invalidPattern = false;     // the regex did not compile
    bool cancelled = false;
};

SliceSearchResult searchSlices(const TimelineData& data, const SliceSearchOptions& options,
                               const std::atomic<bool>* cancel = nullptr);

// Index of the match to go to from the current one: the next (or previous) by time, wrapping around.
// current < 0 means "none yet": forward gives the first match at or after fromNs, backward the last before it.
int stepMatch(const std::vector<SliceMatch>& matches, int current, bool forward, TimeNs fromNs);

} // namespace opscope
