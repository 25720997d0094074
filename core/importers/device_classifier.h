// After a timeline import: decides which processes belong to an accelerator (Ascend NPU processes by
// their metadata names, GPU processes by the kernel/memcpy categories of their slices) and which of
// their tracks are compute tracks, the ones bubble analysis looks at. Importers that know better
// (the Ascend importer) set devices themselves; processes that already have a device are left alone.
#pragma once
#include "core/importers/emitted_record.h"

#include <map>
#include <string>

namespace opscope {

// The job identity of one input file: processes keyed "<prefix><pid>" belong to it.
struct InputIdentity {
    int rank = -1;    // Kineto distributedInfo.rank; -1: unknown
    std::string host; // empty: unknown
};

// emitted: the record of the whole import (it must have seen every process, and kept the categories
// by track); devices are set through it. inputs: by process key prefix ("" for a single input, "2/"
// for the third of several).
void classifyDevices(EmittedRecord& emitted, const std::map<std::string, InputIdentity>& inputs = {});

} // namespace opscope
