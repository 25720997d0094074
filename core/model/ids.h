// The row ids every layer passes around: what the store's tables key by (docs/schema.md), as plain
// integers so that importers, readers, analyses and views agree on their width.
#pragma once
#include <cstdint>

namespace opscope {

using StringId = std::uint32_t;
using ProcessId = std::int64_t;
using ThreadId = std::int64_t;
using TrackId = std::int64_t;
using DeviceId = std::int64_t;
using ArgId = std::int64_t; // 0: no args

inline constexpr ProcessId kNoProcess = 0; // a track outside any process (track.process_id NULL)

} // namespace opscope
