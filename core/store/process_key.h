// Which input of a store a process came from, read from its process key (process.pid): an Ascend folder
// keys its processes "ascend:<folder>|<pid>", a multi-input store prefixes the others with "N/".
#pragma once
#include <string>

namespace opscope {

// "ascend:<folder>" for "ascend:<folder>|<pid>", "2/" for "2/<pid>", "" for a single input's "<pid>".
std::string inputOfProcessKey(const std::string& pid);

} // namespace opscope
