// What the device-class pass (core/store/device_class_pass.h) reads and writes: every device slice with the
// facts its class is decided from, and the device_slice_class rows it writes back. SQLite errors are
// thrown as SqliteError, like the writer's own.
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace opscope {

struct DeviceSliceFactsRow {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0, durNs = 0;
    std::int64_t deviceId = 0, trackId = 0, processId = 0;
    std::string processName;
    std::int64_t nameId = 0, catId = 0; // string ids (0: none)
    std::string_view name, category;    // their text, where the reader has it at hand
    bool ascend = false;                // on an NPU device
    std::string taskType;               // args "Task Type" of NPU slices ("" when absent)
    bool communicationLane = false;     // on a thread named "... Communication"
};

// Slices of the thread and async tracks of devices (instants left out), in id order.
void forEachDeviceSlice(Database& db, const std::function<void(const DeviceSliceFactsRow&)>& onRow);

// Rows of device_slice_class, one prepared statement reused.
class DeviceSliceClassWriter {
public:
    explicit DeviceSliceClassWriter(Database& db);
    void add(std::int64_t sliceId, std::int64_t deviceId, const char* className, const char* rule);
private:
    Statement statement_;
};

} // namespace opscope
