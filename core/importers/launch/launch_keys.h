// The ids that tie a device event to the host call that launched it, read from an event's args text
// while it is imported (Kineto `correlation` and `External id`, Ascend `connection_id`).
#pragma once
#include "core/model/trace_sink.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace opscope {

struct LaunchKeys {
    std::optional<std::int64_t> correlation;  // Kineto args.correlation (CUPTI / roctracer correlation id)
    std::optional<std::int64_t> externalId;   // Kineto args."External id" (the framework op's id)
    std::optional<std::int64_t> connectionId; // torch_npu / msprof args.connection_id
    bool any() const { return correlation || externalId || connectionId; }
};

// Scans a JSON object's text for the three keys at any position; a key counts only when a ':' and an
// integer (or a string holding one) follow it. Cheap: no parse of the object, no allocation.
LaunchKeys scanLaunchKeys(std::string_view argsJson);

// Hands the keys of a slice just added to the writer, which matches them at finish().
void recordLaunchKeys(TraceSink& writer, PendingSliceIndex slice, const SliceInput& input, std::string_view argsJson);

} // namespace opscope
