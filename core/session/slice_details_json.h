// A slice's details (core/store/slice_details.h) as JSON: what `opscope-cli slice --json` prints and what
// the parity test compares with the GUI's document.
#pragma once
#include "core/analysis/launch/slice_launch_details.h"
#include "core/store/slice_details.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::json sliceDetailsToJson(const SliceDetails& details);
// Adds "launched_from" (null unless a device event with a launch link) and "launched" (the device events
// launched from inside the slice) to a slice's JSON; keys in docs/cli.md under "slice".
void addSliceLaunchJson(const SliceLaunchDetails& launch, nlohmann::json* sliceJson);

} // namespace opscope
