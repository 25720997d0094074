// What a track holds (track.kind in the store): the one enumeration the importers write, the timeline
// draws and the analyses filter by.
#pragma once
#include <cstdint>

namespace opscope {

enum class TrackKind : std::uint8_t { Thread, Async, Counter, Instant, Step };

// The store's spelling of a kind ("thread", "async", "counter", "instant", "step").
const char* trackKindName(TrackKind kind);

} // namespace opscope
