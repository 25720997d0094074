// The kind of each device ("npu", "gpu"), so that analyses compare devices of one kind only.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <map>
#include <string>

namespace opscope {

class Database;

// device.id -> device.kind for every device of the store; empty when it has none.
bool readDeviceKinds(Database& db, std::map<std::int64_t, std::string>* kindOfDevice, Error* error);

} // namespace opscope
