#include "core/model/track_kind.h"

namespace opscope {

const char* trackKindName(TrackKind kind) {
    switch (kind) {
    case TrackKind::Thread: return "thread";
    case TrackKind::Async: return "async";
    case TrackKind::Counter: return "counter";
    case TrackKind::Instant: return "instant";
    case TrackKind::Step: return "step";
    }
    return "thread";
}

} // namespace opscope
