#include "core/store/device_hints_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

void scanDeviceHints(Database& db, const std::function<bool(std::string_view text)>& found) {
    for (const char* sql : {"SELECT name FROM device", "SELECT value FROM meta", "SELECT name FROM process"}) {
        Statement st = db.prepare(sql);
        while (st.step())
            if (found(st.textView(0))) return;
    }
}

} // namespace opscope
