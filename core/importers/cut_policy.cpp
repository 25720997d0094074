#include "core/importers/cut_policy.h"

namespace opscope {

namespace {
thread_local bool keepCurrent = false;
} // namespace

KeepEventsBeforeCut::KeepEventsBeforeCut(bool keep) : previous_(keepCurrent) { keepCurrent = keep; }

KeepEventsBeforeCut::~KeepEventsBeforeCut() { keepCurrent = previous_; }

bool KeepEventsBeforeCut::active() { return keepCurrent; }

} // namespace opscope
