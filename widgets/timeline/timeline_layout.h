// Vertical layout of the timeline: process header rows and track rows with their heights, after
// collapsing processes, pinning tracks to the top and hiding empty tracks. Knows nothing of painting.
#pragma once
#include <cstdint>
#include <vector>

namespace opscope {

class TimelineData;
struct TimelineTrack;

struct TimelineRow {
    enum class Kind { Process, Track };
    Kind kind = Kind::Track;
    int processIndex = 0;
    int trackIndex = -1; // -1 for a process header
    int y = 0;           // top, in content coordinates of its area (pinned or scrolled)
    int height = 0;
    int trackCount = 0;  // process headers: visible tracks under it
    int hiddenCount = 0; // process headers: counter series hidden by default (hiddenByDefault), shown or not
    bool hiddenShown = false; // process headers: the user asked to see those series (they are in trackCount)
};

class TimelineLayout {
public:
    static constexpr int kProcessHeaderHeight = 26;
    static constexpr int kSliceRowHeight = 18;
    static constexpr int kTrackPadding = 3;
    static constexpr int kCounterHeight = 46;

    // hiddenShownProcesses: processes whose series hidden by default are shown (the header's "Show").
    void rebuild(const TimelineData& data, const std::vector<bool>& collapsedProcesses,
                 const std::vector<bool>& pinnedTracks, const std::vector<bool>& hiddenShownProcesses = {});

    const std::vector<TimelineRow>& pinnedRows() const { return pinned_; }
    const std::vector<TimelineRow>& rows() const { return rows_; }
    int pinnedHeight() const { return pinnedHeight_; }
    int contentHeight() const { return contentHeight_; }
    // Track rows (pinned and scrolled) shown, empty tracks excluded.
    int visibleTrackCount() const { return visibleTracks_; }
    // Row under y (content coordinates of the scrolled area), or -1.
    int rowAt(int y) const;
    // The scrolled row of a track, or -1 (pinned, hidden or in a collapsed process).
    int rowOfTrack(int trackIndex) const;
    int pinnedRowOfTrack(int trackIndex) const;
    // The header row of a process, or -1 (no visible tracks).
    int rowOfProcess(int processIndex) const;

    static int trackHeight(const TimelineData& data, int trackIndex);
    // Counter series the first screen leaves out (issue #21): one that is zero throughout (most of an NPU's
    // module memory lanes) or that holds an identifier ("acc_id", "Task ID"), which is a label, not a value
    // to plot. The process header counts them ("12 tracks, 30 hidden"); a process that shows nothing else
    // keeps its header ("0 tracks, 30 hidden"), so that the series can be shown again from it.
    static bool hiddenByDefault(const TimelineTrack& track);

private:
    std::vector<TimelineRow> pinned_, rows_;
    std::vector<int> trackRow_, trackPinnedRow_, processRow_;
    int pinnedHeight_ = 0, contentHeight_ = 0, visibleTracks_ = 0;
};

} // namespace opscope
