// The texts a store holds that may name its hardware (device names, meta values, process names), for
// device profile detection.
#pragma once
#include <functional>
#include <string_view>

namespace opscope {

class Database;

// Calls found(text) for each device name, then each meta value, then each process name, until it returns
// true. Throws SqliteError like every Database call.
void scanDeviceHints(Database& db, const std::function<bool(std::string_view text)>& found);

} // namespace opscope
