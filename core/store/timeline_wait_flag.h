// The timeline's one display-only slice flag: a device wait task (device_slice_class "wait"), which the
// timeline draws as a gap with a reason, not as work (docs/device-time.md). Set when the timeline is
// loaded, never stored: it lies above every stored SliceFlag bit.
#pragma once
#include <cstdint>

namespace opscope {

inline constexpr std::uint16_t kTimelineSliceDeviceWait = 0x100;

} // namespace opscope
