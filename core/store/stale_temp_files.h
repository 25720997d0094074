// Temporary stores ("STORE.tmp-PID") left behind by imports that were killed: the next import into
// the same folder removes those whose process is gone, so kill -9 does not leak disk space.
#pragma once
#include <string>
#include <vector>

namespace opscope {

// Removes "<name>.tmp-<pid>" files in folder whose pid no longer runs and which are SQLite files (or
// still empty). Returns the paths removed. Files of live processes and anything else are left alone.
std::vector<std::string> removeStaleTempStores(const std::string& folder);

} // namespace opscope
