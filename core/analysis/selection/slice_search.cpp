#include "core/analysis/selection/slice_search.h"

#include "core/store/timeline_data.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace opscope {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// One decision per distinct string; the slice scan then only tests a bit.
bool matchNames(const TimelineData& data, const SliceSearchOptions& options, std::vector<bool>* names) {
    names->assign(data.stringCount(), false);
    if (options.regex) {
        std::regex re;
        try {
            auto flags = std::regex::ECMAScript | std::regex::optimize;
            if (!options.caseSensitive) flags |= std::regex::icase;
            re = std::regex(options.pattern, flags);
        } catch (const std::regex_error&) {
            return false;
        }
        for (std::size_t id = 0; id < names->size(); ++id) {
            std::string_view s = data.string(static_cast<std::uint32_t>(id));
            (*names)[id] = !s.empty() && std::regex_search(s.begin(), s.end(), re);
        }
        return true;
    }
    std::string needle = options.caseSensitive ? options.pattern : lowered(options.pattern);
    for (std::size_t id = 0; id < names->size(); ++id) {
        std::string_view s = data.string(static_cast<std::uint32_t>(id));
        if (s.empty()) continue;
        (*names)[id] = options.caseSensitive ? s.find(needle) != std::string_view::npos
                                             : lowered(s).find(needle) != std::string::npos;
    }
    return true;
}

} // namespace

SliceSearchResult searchSlices(const TimelineData& data, const SliceSearchOptions& options,
                               const std::atomic<bool>* cancel) {
    SliceSearchResult result;
    if (options.pattern.empty()) return result;
    if (!matchNames(data, options, &result.nameMatches)) {
        result.invalidPattern = true;
        return result;
    }
    const auto& tracks = data.tracks();
    for (std::size_t ti = 0; ti < tracks.size(); ++ti) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            result.cancelled = true;
            return result;
        }
        for (std::size_t d = 0; d < tracks[ti].depths.size(); ++d) {
            for (const TimelineSlice& s : data.depthSlices(tracks[ti], static_cast<int>(d))) {
                if (s.nameId < result.nameMatches.size() && result.nameMatches[s.nameId])
                    result.matches.push_back({s.id, s.tsNs, s.durNs, static_cast<std::uint32_t>(ti), s.depth});
            }
        }
    }
    std::sort(result.matches.begin(), result.matches.end(), [](const SliceMatch& a, const SliceMatch& b) {
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.sliceId < b.sliceId;
    });
    return result;
}

int stepMatch(const std::vector<SliceMatch>& matches, int current, bool forward, TimeNs fromNs) {
    const int n = static_cast<int>(matches.size());
    if (n == 0) return -1;
    if (current >= 0 && current < n) return forward ? (current + 1) % n : (current + n - 1) % n;
    auto it = std::lower_bound(matches.begin(), matches.end(), fromNs,
                               [](const SliceMatch& m, TimeNs t) { return m.tsNs < t; });
    int index = static_cast<int>(it - matches.begin());
    if (forward) return index % n;
    return (index + n - 1) % n;
}

} // namespace opscope
