#include "core/importers/ascend/msprof_db_importer.h"

#include "core/importers/ascend/ascend_timeline.h"
#include "core/model/time_bounds.h"

#include <filesystem>

namespace opscope::ascend {

bool looksLikeMsprofDb(const std::string& path) {
    if (!MsprofDb::hasSqliteHeader(path)) return false;
    MsprofDb db;
    Error ignored;
    return db.open(path, &ignored);
}

std::optional<bool> dbTasksWithinTimeline(const UnitContext& ctx, const std::string& path) {
    const auto span = ctx.timeline.deviceSpan(-1);
    if (!span) return std::nullopt;
    MsprofDb db;
    Error error;
    if (!db.open(path, &error) || !db.hasTable("TASK") || !db.hasColumn("TASK", "startNs")) return std::nullopt;
    Statement st = db.db().prepare("SELECT 1 FROM TASK WHERE startNs >= ? AND startNs <= ? LIMIT 1");
    st.bind(1, saturatingAdd(span->first, -kJoinToleranceNs)).bind(2, saturatingAdd(span->second, kJoinToleranceNs));
    return st.step();
}

bool importMsprofDb(UnitContext& ctx, const std::string& path, DbImportResult* result, Error* error) {
    MsprofDb db;
    if (!db.open(path, error)) return false;
    // torch_npu's DB (its PYTORCH_API table) names lanes as torch_npu's JSON does.
    if (db.hasTable("PYTORCH_API") ||
        std::filesystem::path(path).filename().string().rfind("ascend_pytorch_profiler", 0) == 0)
        ctx.torchNpu = true;
    db_detail::DbPass pass{ctx, db, *result, {}, {}, {}};
    try {
        // Order matters: device slices first, so host ranges can link flows to them.
        db_detail::importTasks(pass);
        db_detail::importTaskPmu(pass);
        db_detail::importCommunication(pass);
        if (ctx.progress.cancelled()) {
            *error = Error{ErrorCode::Cancelled, path, -1, -1, -1, {}, {}};
            return false;
        }
        db_detail::importHost(pass);
        db_detail::importCounters(pass);
        db_detail::importOverlapAndSteps(pass);
        db_detail::importMemory(pass);
        db_detail::importChipNames(pass);
        if (db.invalidUtf8Replaced() > 0) {
            ctx.writer.addWarning("invalid_utf8_replaced", path, -1, -1, "STRING_IDS");
            ctx.writer.addStat("text.invalid_utf8_replacements", db.invalidUtf8Replaced());
        }
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "the msprof export tables", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope::ascend
