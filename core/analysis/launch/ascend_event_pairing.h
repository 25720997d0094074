// Which Ascend EVENT_RECORD task released each EVENT_WAIT task. torch_npu and msprof exports name no
// event id on either task or on aclrtRecordEvent / aclrtStreamWaitEvent, so the pair is inferred from
// the device times: a wait that was held ends when its event is recorded. Rule and limits:
// docs/launch-analysis.md (critical path).
#pragma once
#include "core/store/launch_reader.h"

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace opscope {

inline constexpr std::uint32_t kNoAwaitedRecord = std::numeric_limits<std::uint32_t>::max();

bool isAscendEventWait(std::string_view taskName);   // "EVENT_WAIT..."
bool isAscendEventRecord(std::string_view taskName); // "EVENT_RECORD..."

// Per event of `launches`: for an EVENT_WAIT, the index of the EVENT_RECORD task on another stream of the
// same device that ended last inside the wait's span [start, end] (both ends included); kNoAwaitedRecord
// for every other event and for a wait no record ended inside (its event was recorded before it began,
// or on a stream without compute tasks, which is no device event).
std::vector<std::uint32_t> pairAscendEventWaits(const LaunchData& launches);

} // namespace opscope
