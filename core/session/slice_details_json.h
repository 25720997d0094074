// A slice's details (core/store/slice_details.h) as JSON: what `opscope-cli slice --json` prints and what
// the parity test compares with the GUI's document.
#pragma once
#include "core/store/slice_details.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::json sliceDetailsToJson(const SliceDetails& details);

} // namespace opscope
