#include "core/store/string_reader.h"

namespace opscope {

bool readStringValues(Database& db, std::vector<std::string>* out, Error* error) {
    try {
        const std::int64_t maxId = db.scalarInt("SELECT max(id) FROM string", 0);
        if (maxId < 0 || maxId > kMaxStringId) {
            if (error)
                *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "string ids up to 2^31",
                               "string id " + std::to_string(maxId)};
            return false;
        }
        out->assign(static_cast<std::size_t>(maxId + 1), std::string());
        Statement st = db.prepare("SELECT id, value FROM string");
        while (st.step()) {
            const std::int64_t id = st.int64(0);
            if (id >= 0 && id <= maxId) (*out)[static_cast<std::size_t>(id)] = st.text(1);
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

StringLookup::StringLookup(Database& db) : statement_(db.prepare("SELECT value FROM string WHERE id = ?")) {}

std::string StringLookup::text(std::int64_t id) {
    if (id == 0) return {};
    statement_.bind(1, id);
    std::string value = statement_.step() ? statement_.text(0) : std::string();
    statement_.reset();
    return value;
}

} // namespace opscope
