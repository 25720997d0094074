// torch_npu communication.json: per step, per collective or p2p operator, its time breakdown and
// bandwidth per transport. Each operator's figures become "Communication" metrics of the timeline's
// communication slice of the same name and start (or of a slice of its own when there is none).
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

// True when the JSON text starts like communication.json ({"step...": {"p2p"|"collective": ...}}).
bool looksLikeCommunicationJson(std::string_view head);

struct CommunicationResult {
    std::int64_t ops = 0, joined = 0, unjoined = 0;
};
bool importCommunicationJson(UnitContext& ctx, const std::string& path, CommunicationResult* result, Error* error);

} // namespace opscope::ascend
