#include "core/store/device_class_reader.h"

#include "core/model/gallop.h"

#include <algorithm>

namespace opscope {

std::optional<DeviceClass> DeviceClassIndex::classOf(std::int64_t sliceId) const {
    auto it = std::lower_bound(sliceIds.begin(), sliceIds.end(), sliceId);
    if (it == sliceIds.end() || *it != sliceId) return std::nullopt;
    return classes[static_cast<std::size_t>(it - sliceIds.begin())];
}

std::optional<DeviceClass> DeviceClassIndex::classOf(std::int64_t sliceId, std::size_t* hint) const {
    const std::size_t n = sliceIds.size();
    // Every id before lo is below sliceId: true of the hint only when the id just before it is.
    std::size_t lo = *hint <= n && (*hint == 0 || sliceIds[*hint - 1] < sliceId) ? *hint : 0;
    *hint = gallopPartitionPoint(lo, n, [&](std::size_t k) { return sliceIds[k] < sliceId; });
    if (*hint == n || sliceIds[*hint] != sliceId) return std::nullopt;
    return classes[*hint];
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
