#include "core/store/device_class_reader.h"

#include "core/model/gallop.h"

#include <algorithm>

namespace opscope {

bool DeviceClassIndex::add(std::int64_t sliceId, DeviceClass deviceClass) {
    if (!runs_.empty()) {
        Run& last = runs_.back();
        const std::int64_t lastId = last.firstId + static_cast<std::int64_t>(last.count) - 1;
        if (sliceId <= lastId) return false;
        if (sliceId == lastId + 1 && last.deviceClass == deviceClass && last.count < UINT32_MAX) {
            ++last.count;
            ++slices_;
            return true;
        }
    }
    runs_.push_back({sliceId, 1, deviceClass});
    ++slices_;
    return true;
}

// The class when sliceId lies in runs_[run].
std::optional<DeviceClass> DeviceClassIndex::inRun(std::size_t run, std::int64_t sliceId) const {
    if (run >= runs_.size()) return std::nullopt;
    const Run& r = runs_[run];
    if (sliceId < r.firstId || sliceId - r.firstId >= static_cast<std::int64_t>(r.count)) return std::nullopt;
    return r.deviceClass;
}

std::optional<DeviceClass> DeviceClassIndex::classOf(std::int64_t sliceId) const {
    // The last run starting at or before sliceId.
    auto after = std::upper_bound(runs_.begin(), runs_.end(), sliceId,
                                  [](std::int64_t id, const Run& r) { return id < r.firstId; });
    if (after == runs_.begin()) return std::nullopt;
    return inRun(static_cast<std::size_t>(after - runs_.begin()) - 1, sliceId);
}

std::optional<DeviceClass> DeviceClassIndex::classOf(std::int64_t sliceId, std::size_t* hint) const {
    const std::size_t n = runs_.size();
    // Every run before lo starts at or before sliceId: true of the hint only when the run before it does.
    std::size_t lo = *hint <= n && (*hint == 0 || runs_[*hint - 1].firstId <= sliceId) ? *hint : 0;
    const std::size_t after = gallopPartitionPoint(lo, n, [&](std::size_t k) { return runs_[k].firstId <= sliceId; });
    if (after == 0) {
        *hint = 0;
        return std::nullopt;
    }
    *hint = after - 1;
    return inRun(after - 1, sliceId);
}

bool readDeviceClassIndex(Database& db, DeviceClassIndex* out, Error* error) {
    *out = DeviceClassIndex{};
    try {
        if (!db.tableExists("device_slice_class")) return true;
        out->available = true;
        Statement st = db.prepare("SELECT slice_id, class FROM device_slice_class ORDER BY slice_id");
        while (st.step()) {
            std::optional<DeviceClass> c = parseDeviceClass(st.textView(1));
            out->add(st.int64(0), c.value_or(DeviceClass::Other));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
