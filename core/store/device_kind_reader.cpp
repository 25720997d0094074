#include "core/store/device_kind_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

bool readDeviceKinds(Database& db, std::map<std::int64_t, std::string>* kindOfDevice, Error* error) {
    kindOfDevice->clear();
    try {
        if (!db.tableExists("device")) return true;
        Statement st = db.prepare("SELECT id, kind FROM device");
        while (st.step()) (*kindOfDevice)[st.int64(0)] = st.text(1);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
