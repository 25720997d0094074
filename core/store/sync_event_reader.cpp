#include "core/store/sync_event_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace opscope {

namespace {

bool syncKind(const std::string& name, DeviceSyncKind* kind) {
    if (name == "Context Sync") *kind = DeviceSyncKind::ContextSync;
    else if (name == "Stream Sync") *kind = DeviceSyncKind::StreamSync;
    else if (name == "Event Sync") *kind = DeviceSyncKind::EventSync;
    else if (name == "Stream Wait Event") *kind = DeviceSyncKind::StreamWaitEvent;
    else return false;
    return true;
}

// An integer member of an args object, or fallback (args that are not JSON, or a value that is not an integer).
// The args text parsed once per row; a text that is not a JSON object gives an empty object.
nlohmann::json parsedArgs(const std::string& json) {
    nlohmann::json args = json.empty() ? nlohmann::json::object() : nlohmann::json::parse(json, nullptr, false);
    return args.is_object() ? args : nlohmann::json::object();
}

std::int64_t intArg(const nlohmann::json& args, const char* key, std::int64_t fallback) {
    auto it = args.find(key);
    return it != args.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

// The id of an interned string, or -1 when no slice can carry it (then the scan is skipped).
std::int64_t stringId(Database& db, const char* value) {
    Statement st = db.prepare("SELECT id FROM string WHERE value = ?");
    st.bind(1, value);
    return st.step() ? st.int64(0) : -1;
}

} // namespace

bool readSyncEvents(Database& db, SyncEventData* out, Error* error) {
    *out = SyncEventData{};
    try {
        const bool hasLinks = db.tableExists("launch_link");
        const std::int64_t syncCat = stringId(db, "cuda_sync"), recordName = stringId(db, "cudaEventRecord");
        if (syncCat < 0) return true; // no synchronisation events: the records are not needed either
        Statement syncs = db.prepare(std::string("SELECT s.id, s.ts, s.dur, n.value, t.thread_id, ") +
                                     (hasLinks ? "coalesce(l.call_slice_id, 0)" : "0") +
                                     ", coalesce(a.json, '') FROM slice s JOIN track t ON t.id = s.track_id "
                                     "JOIN string n ON n.id = s.name_id "
                                     "LEFT JOIN args a ON a.id = s.arg_id " +
                                     (hasLinks ? "LEFT JOIN launch_link l ON l.device_slice_id = s.id " : "") +
                                     "WHERE s.cat_id = ? AND t.thread_id IS NOT NULL");
        syncs.bind(1, syncCat);
        while (syncs.step()) {
            DeviceSyncEvent e;
            if (!syncKind(syncs.text(3), &e.kind)) continue;
            e.sliceId = syncs.int64(0);
            e.tsNs = syncs.int64(1);
            e.durNs = syncs.int64(2);
            e.threadId = syncs.int64(4);
            e.callSliceId = syncs.int64(5);
            const nlohmann::json args = parsedArgs(syncs.text(6));
            e.recordCorrelationId = intArg(args, "wait_on_cuda_event_record_corr_id", -1);
            e.waitOnStream = intArg(args, "wait_on_stream", -1);
            out->syncs.push_back(e);
        }
        std::sort(out->syncs.begin(), out->syncs.end(), [](const DeviceSyncEvent& a, const DeviceSyncEvent& b) {
            return a.endNs() != b.endNs() ? a.endNs() < b.endNs() : a.sliceId < b.sliceId;
        });
        if (recordName < 0) return true;
        Statement records = db.prepare("SELECT s.id, s.ts, coalesce(a.json, '') FROM slice s "
                                       "LEFT JOIN args a ON a.id = s.arg_id WHERE s.name_id = ?");
        records.bind(1, recordName);
        while (records.step()) {
            EventRecordCall r{records.int64(0), records.int64(1), intArg(parsedArgs(records.text(2)), "correlation", -1)};
            if (r.correlationId >= 0) out->records.push_back(r);
        }
        std::sort(out->records.begin(), out->records.end(),
                  [](const EventRecordCall& a, const EventRecordCall& b) { return a.correlationId < b.correlationId; });
        return true;
    } catch (const std::exception& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
}

} // namespace opscope
