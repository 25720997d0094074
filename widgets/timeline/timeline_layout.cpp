#include "widgets/timeline/timeline_layout.h"

#include "core/store/timeline_data.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace opscope {

int TimelineLayout::trackHeight(const TimelineData& data, int trackIndex) {
    const TimelineTrack& t = data.tracks()[static_cast<std::size_t>(trackIndex)];
    if (t.kind == TrackKind::Counter || t.counterEnd > t.counterBegin) return kCounterHeight;
    return std::max(t.depthCount, 1) * kSliceRowHeight + 2 * kTrackPadding;
}

bool TimelineLayout::hiddenByDefault(const TimelineTrack& t) {
    if (t.counterEnd == t.counterBegin) return false; // slices, or no samples (empty anyway)
    if (t.counterMin == 0 && t.counterMax == 0) return true;
    std::string name = t.name;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    while (!name.empty() && name.back() == ' ') name.pop_back();
    auto endsWith = [&](std::string_view tail) {
        return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    return name == "id" || endsWith("_id") || endsWith(" id") || endsWith("/id") || endsWith(".id");
}

void TimelineLayout::rebuild(const TimelineData& data, const std::vector<bool>& collapsedProcesses,
                             const std::vector<bool>& pinnedTracks, const std::vector<bool>& hiddenShownProcesses) {
    pinned_.clear();
    rows_.clear();
    const auto& tracks = data.tracks();
    trackRow_.assign(tracks.size(), -1);
    trackPinnedRow_.assign(tracks.size(), -1);
    processRow_.assign(data.processes().size(), -1);
    pinnedHeight_ = contentHeight_ = visibleTracks_ = 0;
    auto isPinned = [&](std::size_t i) { return i < pinnedTracks.size() && pinnedTracks[i]; };
    auto flag = [](const std::vector<bool>& flags, std::size_t i) { return i < flags.size() && flags[i]; };

    for (std::size_t i = 0; i < tracks.size(); ++i) {
        if (tracks[i].empty() || !isPinned(i)) continue;
        TimelineRow row{TimelineRow::Kind::Track, static_cast<int>(tracks[i].processIndex), static_cast<int>(i),
                        pinnedHeight_, trackHeight(data, static_cast<int>(i)), 0};
        pinnedHeight_ += row.height;
        trackPinnedRow_[i] = static_cast<int>(pinned_.size());
        pinned_.push_back(row);
        ++visibleTracks_;
    }
    // Tracks come sorted by process, so each process is one contiguous run.
    std::size_t i = 0;
    while (i < tracks.size()) {
        const std::size_t process = tracks[i].processIndex;
        const bool showHidden = flag(hiddenShownProcesses, process);
        std::size_t end = i;
        int shown = 0, hidden = 0;
        auto hiddenSeries = [&](std::size_t t) { return !tracks[t].empty() && !isPinned(t) && hiddenByDefault(tracks[t]); };
        auto leftOut = [&](std::size_t t) {
            return tracks[t].empty() || isPinned(t) || (!showHidden && hiddenByDefault(tracks[t]));
        };
        while (end < tracks.size() && tracks[end].processIndex == process) {
            if (!leftOut(end)) ++shown;
            if (hiddenSeries(end)) ++hidden;
            ++end;
        }
        if (shown > 0 || hidden > 0) {
            const bool collapsed = flag(collapsedProcesses, process);
            processRow_[process] = static_cast<int>(rows_.size());
            TimelineRow header{TimelineRow::Kind::Process, static_cast<int>(process), -1, contentHeight_,
                               kProcessHeaderHeight, shown, hidden};
            header.hiddenShown = showHidden;
            rows_.push_back(header);
            contentHeight_ += kProcessHeaderHeight;
            for (std::size_t t = i; t < end && !collapsed; ++t) {
                if (leftOut(t)) continue;
                TimelineRow row{TimelineRow::Kind::Track, static_cast<int>(process), static_cast<int>(t),
                                contentHeight_, trackHeight(data, static_cast<int>(t)), 0};
                contentHeight_ += row.height;
                trackRow_[t] = static_cast<int>(rows_.size());
                rows_.push_back(row);
                ++visibleTracks_;
            }
        }
        i = end;
    }
}

int TimelineLayout::rowAt(int y) const {
    auto it = std::upper_bound(rows_.begin(), rows_.end(), y, [](int v, const TimelineRow& r) { return v < r.y; });
    if (it == rows_.begin()) return -1;
    --it;
    return y < it->y + it->height ? static_cast<int>(it - rows_.begin()) : -1;
}

int TimelineLayout::rowOfTrack(int trackIndex) const {
    return trackIndex >= 0 && trackIndex < static_cast<int>(trackRow_.size()) ? trackRow_[trackIndex] : -1;
}

int TimelineLayout::rowOfProcess(int processIndex) const {
    return processIndex >= 0 && processIndex < static_cast<int>(processRow_.size()) ? processRow_[processIndex] : -1;
}

int TimelineLayout::pinnedRowOfTrack(int trackIndex) const {
    return trackIndex >= 0 && trackIndex < static_cast<int>(trackPinnedRow_.size()) ? trackPinnedRow_[trackIndex]
                                                                                      : -1;
}

} // namespace opscope
