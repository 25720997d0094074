// After a timeline import: decides which processes belong to an accelerator (Ascend NPU processes by
// their metadata names, GPU processes by the kernel/memcpy categories of their slices) and which of
// their tracks are compute tracks, the ones bubble analysis looks at. Importers that know better
// (the Ascend importer) set devices themselves; processes that already have a device are left alone.
#pragma once
#include "core/store/store_writer.h"

namespace opscope {

void classifyDevices(StoreWriter& writer);

} // namespace opscope
