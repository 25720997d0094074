// The timeline of a test's store, from its stored layout (timeline_pack) or from a scan of the slice
// table, for the tests that compare the two.
#pragma once
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace opscope::testing {

// storedLayout: use the pack when the store has one; false: always scan. Throws when it does not load.
inline std::shared_ptr<const TimelineData> loadTimeline(const std::string& path, bool storedLayout) {
    Database db(path, Database::Mode::ReadOnly);
    TimelineLoadOptions options;
    options.useStoredLayout = storedLayout;
    Error error;
    auto data = TimelineData::load(db, options, &error);
    if (!data) throw std::runtime_error("timeline of " + path + " did not load: " + error.detail);
    return data;
}

} // namespace opscope::testing
