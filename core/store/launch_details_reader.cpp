#include "core/store/launch_details_reader.h"

#include <algorithm>
#include <unordered_map>

namespace opscope {

namespace {

// Interns the store's string ids into the chain's own small table (attribution reads names by id).
class LocalStrings {
public:
    LocalStrings(Database& db, HostCallData* host) : db_(db), host_(host) { host_->strings.assign(1, {}); }
    std::uint32_t local(std::int64_t storeId) {
        if (storeId <= 0) return 0;
        auto it = ids_.find(storeId);
        if (it != ids_.end()) return it->second;
        Statement st = db_.prepare("SELECT value FROM string WHERE id = ?");
        st.bind(1, storeId);
        const std::uint32_t id = static_cast<std::uint32_t>(host_->strings.size());
        host_->strings.push_back(st.step() ? st.text(0) : std::string());
        ids_.emplace(storeId, id);
        return id;
    }

private:
    Database& db_;
    HostCallData* host_;
    std::unordered_map<std::int64_t, std::uint32_t> ids_;
};

const char* kHostSliceColumns =
    "SELECT s.id, coalesce(s.parent_id, 0), s.ts, s.dur, s.name_id, coalesce(s.cat_id, 0), t.thread_id, s.depth "
    "FROM slice s JOIN track t ON t.id = s.track_id ";

HostSliceRecord hostRecord(Statement& st, LocalStrings& strings, HostThreadTable& threads) {
    HostSliceRecord r;
    r.id = st.int64(0);
    r.parentId = st.int64(1);
    r.tsNs = st.int64(2);
    r.durNs = st.int64(3);
    r.nameId = strings.local(st.int64(4));
    r.catId = strings.local(st.int64(5));
    r.threadIndex = threads.indexOf(st.isNull(6) ? 0 : st.int64(6));
    r.depth = hostDepth(st.int64(7));
    return r;
}

Error storeFailure(Database& db, const char* what) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", what};
}

} // namespace

bool readDeviceLaunchChain(Database& db, std::int64_t deviceSliceId, DeviceLaunchChain* out, Error* error) {
    *out = DeviceLaunchChain{};
    try {
        if (!db.tableExists("launch_link")) return true;
        LocalStrings strings(db, &out->host);
        HostThreadTable threads(&out->host.threadIds);
        Statement link = db.prepare(R"SQL(
SELECT d.ts, d.dur, d.name_id, c.id, cn.value, c.track_id, ct.name, c.ts, c.dur, l.correlation_id, l.source
FROM slice d JOIN launch_link l ON l.device_slice_id = d.id
JOIN slice c ON c.id = l.call_slice_id JOIN string cn ON cn.id = c.name_id JOIN track ct ON ct.id = c.track_id
WHERE d.id = ?)SQL");
        link.bind(1, deviceSliceId);
        if (!link.step()) return true;
        out->deviceTsNs = link.int64(0);
        out->deviceDurNs = link.int64(1);
        out->deviceNameId = strings.local(link.int64(2));
        LaunchCallInfo& call = out->call;
        call.sliceId = link.int64(3);
        call.name = link.text(4);
        call.trackId = link.int64(5);
        call.trackName = link.text(6);
        call.tsNs = link.int64(7);
        call.durNs = link.int64(8);
        call.hasCorrelation = !link.isNull(9);
        call.correlationId = call.hasCorrelation ? link.int64(9) : 0;
        call.source = link.text(10);

        // The call and its ancestors: a loop bounded like attribution's walk, never recursion.
        Statement one = db.prepare(std::string(kHostSliceColumns) + "WHERE s.id = ?");
        Statement backward = db.prepare("SELECT EXISTS(SELECT 1 FROM flow WHERE slice_in = ? AND cat = 'fwdbwd')");
        bool hasStep = false;
        std::int64_t next = call.sliceId;
        for (int guard = 0; next != 0 && guard < 4096; ++guard) {
            one.reset();
            one.bind(1, next);
            if (!one.step()) break;
            HostSliceRecord r = hostRecord(one, strings, threads);
            backward.reset();
            backward.bind(1, r.id);
            r.backwardTarget = backward.step() && backward.int64(0) != 0;
            hasStep |= out->host.text(r.nameId).rfind("ProfilerStep#", 0) == 0;
            next = r.parentId;
            out->host.slices.push_back(r);
        }
        // A call on a thread no step encloses (autograd's) is placed by time among all steps.
        if (!hasStep) {
            Statement steps = db.prepare(std::string(kHostSliceColumns) + R"SQL(
WHERE t.device_id IS NULL AND t.kind = 'thread' AND t.thread_id IS NOT NULL
  AND s.name_id IN (SELECT id FROM string WHERE value >= 'ProfilerStep#' AND value < 'ProfilerStep$'))SQL");
            while (steps.step()) out->host.slices.push_back(hostRecord(steps, strings, threads));
        }
        std::sort(out->host.slices.begin(), out->host.slices.end(),
                  [](const HostSliceRecord& a, const HostSliceRecord& b) { return a.id < b.id; });
        out->host.slices.erase(std::unique(out->host.slices.begin(), out->host.slices.end(),
                                           [](const HostSliceRecord& a, const HostSliceRecord& b) { return a.id == b.id; }),
                               out->host.slices.end());
    } catch (const std::exception& e) {
        if (error) *error = storeFailure(db, e.what());
        return false;
    }
    return true;
}

bool readKernelsLaunchedBy(Database& db, std::int64_t hostSliceId, std::vector<LaunchedKernelRecord>* out,
                           Error* error) {
    out->clear();
    try {
        if (!db.tableExists("launch_link")) return true;
        Statement host = db.prepare("SELECT s.track_id, s.ts, s.dur, s.depth FROM slice s JOIN track t ON t.id = s.track_id "
                                    "WHERE s.id = ? AND t.device_id IS NULL");
        host.bind(1, hostSliceId);
        if (!host.step()) return true;
        const std::int64_t trackId = host.int64(0);
        const TimeNs tsNs = host.int64(1);
        TimeNs endNs = 0;
        if (__builtin_add_overflow(tsNs, std::max<TimeNs>(host.int64(2), 0), &endNs)) endNs = tsNs;
        // Calls nested in the slice: later on its track, deeper, starting before it ends (properly nested
        // slices make that exactly its descendants); and the slice itself when it is the call.
        Statement st = db.prepare(R"SQL(
SELECT d.id, c.id, d.track_id, dn.value, coalesce(CAST(dev.ordinal AS TEXT), p.name, p.pid, ''), coalesce(th.tid, ''),
       d.ts, d.dur
FROM slice c JOIN launch_link l ON l.call_slice_id = c.id
JOIN slice d ON d.id = l.device_slice_id JOIN string dn ON dn.id = d.name_id
JOIN track dt ON dt.id = d.track_id LEFT JOIN device dev ON dev.id = dt.device_id
LEFT JOIN thread th ON th.id = dt.thread_id LEFT JOIN process p ON p.id = dt.process_id
WHERE c.track_id = ?1 AND c.ts >= ?2 AND c.ts <= ?3 AND (c.id = ?4 OR (c.depth > ?5 AND c.ts < ?3))
ORDER BY d.ts, d.id)SQL");
        st.bind(1, trackId);
        st.bind(2, tsNs);
        st.bind(3, endNs);
        st.bind(4, hostSliceId);
        st.bind(5, host.int64(3));
        while (st.step()) {
            LaunchedKernelRecord r;
            r.sliceId = st.int64(0);
            r.callSliceId = st.int64(1);
            r.trackId = st.int64(2);
            r.name = st.text(3);
            r.device = st.text(4);
            r.stream = st.text(5);
            r.tsNs = st.int64(6);
            r.durNs = st.int64(7);
            out->push_back(std::move(r));
        }
    } catch (const std::exception& e) {
        if (error) *error = storeFailure(db, e.what());
        return false;
    }
    return true;
}

} // namespace opscope
