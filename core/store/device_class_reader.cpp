#include "core/store/device_class_reader.h"

#include <algorithm>

namespace opscope {

std::optional<DeviceClass> DeviceClassIndex::classOf(std::int64_t sliceId) const {
    auto it = std::lower_bound(sliceIds.begin(), sliceIds.end(), sliceId);
    if (it == sliceIds.end() || *it != sliceId) return std::nullopt;
    return classes[static_cast<std::size_t>(it - sliceIds.begin())];
}

bool readDeviceClassIndex(Database& db, DeviceClassIndex* out, Error* error) {
    *out = DeviceClassIndex{};
    try {
        if (!db.tableExists("device_slice_class")) return true;
        out->available = true;
        Statement st = db.prepare("SELECT slice_id, class FROM device_slice_class ORDER BY slice_id");
        while (st.step()) {
            std::optional<DeviceClass> c = parseDeviceClass(st.textView(1));
            out->sliceIds.push_back(st.int64(0));
            out->classes.push_back(c.value_or(DeviceClass::Other));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
