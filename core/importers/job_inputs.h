// A distributed job given as one folder: the per-rank trace files inside it (Kineto rank-*.json(.gz),
// *.pt.trace.json) become separate inputs, so each keeps its own processes and rank. Ascend folders
// (*_ascend_pt, PROF_*/device_*) are left whole: the Ascend importer walks them itself.
#pragma once
#include <string>
#include <vector>

namespace opscope {

// Each path that is a folder holding Chrome/Kineto trace files (and is not an Ascend folder) is
// replaced by those files, sorted by name; other paths are kept as given.
std::vector<std::string> expandJobInputs(const std::vector<std::string>& paths);

} // namespace opscope
