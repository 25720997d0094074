#include "core/store/args_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

namespace {

Error argsError(const Database& db, const char* what) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", what};
}

// coalesce(json_extract(a.json, '$."f1"'), ...): the first field present.
std::string firstPresent(const std::vector<std::string>& fields) {
    std::string sql = "coalesce(";
    for (std::size_t i = 0; i < fields.size(); ++i)
        sql += (i ? ", " : "") + std::string("json_extract(a.json, '$.\"") + fields[i] + "\"')";
    return sql + ")";
}

} // namespace

bool readArgsField(Database& db, const std::string& field, std::int64_t loId, std::int64_t hiId,
                   const std::function<void(std::int64_t argsId, const std::string& value)>& onValue, Error* error) {
    try {
        const std::string path = "$.\"" + field + "\"";
        Statement st = db.prepare("SELECT id, json_extract(json, ?) FROM args WHERE id BETWEEN ? AND ?");
        st.bind(1, path).bind(2, loId).bind(3, hiId);
        while (st.step()) {
            if (st.isNull(1)) continue;
            std::string value = st.text(1);
            if (!value.empty()) onValue(st.int64(0), value);
        }
    } catch (const SqliteError& e) {
        if (error) *error = argsError(db, e.what());
        return false;
    }
    return true;
}

bool readSliceArgsPairs(Database& db, const std::vector<std::string>& firstFields,
                        const std::vector<std::string>& secondFields, const std::string& needle,
                        const std::function<void(const ArgsPairRow&)>& onPair, Error* error) {
    if (firstFields.empty() || secondFields.empty()) return true;
    // instr() skips most args rows cheaply before json_extract parses any.
    const std::string sql = "SELECT s.name_id, s.ts, s.dur, " + firstPresent(firstFields) + ", " +
                            firstPresent(secondFields) +
                            " FROM args a JOIN slice s ON s.arg_id = a.id WHERE instr(lower(a.json), ?) > 0";
    try {
        Statement st = db.prepare(sql);
        st.bind(1, needle);
        while (st.step()) {
            if (st.isNull(3) || st.isNull(4)) continue;
            ArgsPairRow row;
            row.nameId = static_cast<std::uint32_t>(st.int64(0));
            row.tsNs = st.int64(1);
            row.durNs = st.int64(2);
            row.first = st.real(3);
            row.second = st.real(4);
            onPair(row);
        }
    } catch (const SqliteError& e) {
        if (error) *error = argsError(db, e.what());
        return false;
    }
    return true;
}

ArgsJsonLookup::ArgsJsonLookup(Database& db) : statement_(db.prepare("SELECT json FROM args WHERE id = ?")) {}

std::string ArgsJsonLookup::json(std::int64_t argsId) {
    statement_.bind(1, argsId);
    std::string text = statement_.step() ? statement_.text(0) : std::string();
    statement_.reset();
    return text;
}

} // namespace opscope
