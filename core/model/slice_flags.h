// Slice flags: the bits of slice.flags as the store keeps them (each also counted in the warning table),
// and the timeline's one display-only bit above them. Shared by the importers, the store, the
// analyses and the views, so every layer reads one definition.
#pragma once
#include <cstdint>

namespace opscope {

enum SliceFlag : int {
    kSliceUnfinished = 1,  // B without E (or async begin without end): drawn to the end of its track
    kSliceOverlap = 2,     // overlapped a sibling on its thread: moved to an overflow lane track
    kSliceNegativeDur = 4, // the source said dur < 0; stored as 0
    kSliceInstant = 8,     // an instant event (i, I, n, R): dur is 0
    kSliceMissingDur = 16, // X without dur; stored as 0 (no longer written: such an X is dropped, as Perfetto does)
    // Internal, never stored: at equal ts this slice nests in arrival order instead of longer-first
    // (a B/E pair that began after a 0-length X at its ts, which Perfetto then closes first).
    kSliceSortByArrival = 1 << 30,
};

// A device wait task (device_slice_class "wait"), which the timeline draws as a gap with a reason, not
// as work (docs/device-time.md). Set when the timeline is loaded, never stored: it lies above every
// stored SliceFlag bit.
inline constexpr std::uint16_t kTimelineSliceDeviceWait = 0x100;

} // namespace opscope
