#include "core/store/slice_details.h"

#include "core/store/memory_slice_details.h"
#include "core/store/sqlite_db.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace opscope {

namespace {

std::string scalarText(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_null()) return "null";
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Rows deeper than this are summarised in one row: the panel has no use for them and a store written
// by an older opscope may hold args of any depth.
constexpr int kMaxArgRowLevel = 32;

// Depth-first with an explicit stack (never recursion into the input's depth), rows in document order.
void flatten(const nlohmann::json& root, const std::string& rootKey, std::vector<SliceArgRow>* rows) {
    struct Pending {
        const nlohmann::json* value;
        std::string key;
        int level;
    };
    std::vector<Pending> stack{{&root, rootKey, 0}};
    while (!stack.empty()) {
        Pending item = std::move(stack.back());
        stack.pop_back();
        const nlohmann::json& value = *item.value;
        if (!value.is_object() && !value.is_array()) {
            rows->push_back({item.key, scalarText(value), item.level, false});
            continue;
        }
        if (item.level >= kMaxArgRowLevel) {
            rows->push_back({item.key, "(nested deeper than " + std::to_string(kMaxArgRowLevel) + " levels)",
                             item.level, false});
            continue;
        }
        rows->push_back({item.key, {}, item.level, true});
        const std::size_t firstChild = stack.size();
        if (value.is_object()) {
            for (auto it = value.begin(); it != value.end(); ++it)
                stack.push_back({&it.value(), it.key(), item.level + 1});
        } else {
            for (std::size_t i = 0; i < value.size(); ++i)
                stack.push_back({&value[i], "[" + std::to_string(i) + "]", item.level + 1});
        }
        std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(firstChild), stack.end()); // first child on top
    }
}

void loadFields(Database& db, std::int64_t sliceId, SliceDetails* d, bool* found) {
    Statement st = db.prepare(
        "SELECT s.id, s.track_id, s.ts, s.dur, s.depth, s.parent_id, s.self_dur, n.value, c.value, ty.value, "
        "a.json, s.flags, t.name, coalesce(p.name, p.pid), coalesce(th.name, th.tid), s.thread_ts, s.thread_dur "
        "FROM slice s JOIN track t ON t.id = s.track_id "
        "LEFT JOIN process p ON p.id = t.process_id LEFT JOIN thread th ON th.id = t.thread_id "
        "LEFT JOIN string n ON n.id = s.name_id LEFT JOIN string c ON c.id = s.cat_id "
        "LEFT JOIN string ty ON ty.id = s.type_id LEFT JOIN args a ON a.id = s.arg_id WHERE s.id = ?");
    st.bind(1, sliceId);
    *found = st.step();
    if (!*found) return;
    d->id = st.int64(0);
    d->trackId = st.int64(1);
    d->tsNs = st.int64(2);
    d->durNs = st.int64(3);
    d->depth = static_cast<int>(st.int64(4));
    if (!st.isNull(5)) d->parentId = st.int64(5);
    d->selfNs = st.int64(6);
    d->name = st.text(7);
    d->category = st.text(8);
    d->type = st.text(9);
    d->argsJson = st.text(10);
    d->flags = static_cast<int>(st.int64(11));
    d->trackName = st.text(12);
    d->processName = st.text(13);
    d->threadName = st.text(14);
    if (!st.isNull(15)) d->threadTsNs = st.int64(15);
    if (!st.isNull(16)) d->threadDurNs = st.int64(16);
}

void loadFlows(Database& db, std::int64_t sliceId, SliceDetails* d) {
    // Both directions in one statement: the "other" end is slice_out for incoming flows.
    Statement st = db.prepare(
        "SELECT f.slice_in = ?1 AS incoming, o.id, n.value, o.track_id, t.name, o.ts, f.cat, f.name "
        "FROM flow f JOIN slice o ON o.id = CASE WHEN f.slice_in = ?1 THEN f.slice_out ELSE f.slice_in END "
        "JOIN track t ON t.id = o.track_id LEFT JOIN string n ON n.id = o.name_id "
        "WHERE f.slice_in = ?1 OR f.slice_out = ?1 ORDER BY incoming DESC, o.ts, o.id");
    st.bind(1, sliceId);
    while (st.step()) {
        SliceFlowRef ref;
        ref.outgoing = st.int64(0) == 0;
        ref.otherSliceId = st.int64(1);
        ref.otherName = st.text(2);
        ref.otherTrackId = st.int64(3);
        ref.otherTrackName = st.text(4);
        ref.otherTsNs = st.int64(5);
        ref.category = st.text(6);
        ref.name = st.text(7);
        d->flows.push_back(std::move(ref));
    }
}

void loadMetrics(Database& db, std::int64_t sliceId, SliceDetails* d) {
    Statement st = db.prepare(
        "SELECT k.name, k.unit, coalesce(k.group_name, ''), m.num, m.txt FROM slice_metric m "
        "JOIN metric_key k ON k.id = m.key_id WHERE m.slice_id = ? ORDER BY k.id");
    st.bind(1, sliceId);
    while (st.step()) {
        std::string group = st.text(2);
        auto it = std::find_if(d->metricGroups.begin(), d->metricGroups.end(),
                               [&](const SliceMetricGroup& g) { return g.name == group; });
        if (it == d->metricGroups.end()) {
            d->metricGroups.push_back({group, {}});
            it = d->metricGroups.end() - 1;
        }
        SliceMetricRow row{st.text(0), st.text(1), std::nullopt, st.text(4)};
        if (!st.isNull(3)) row.num = st.real(3);
        it->rows.push_back(std::move(row));
    }
}

} // namespace

std::vector<SliceArgRow> parseArgRows(const std::string& json) {
    std::vector<SliceArgRow> rows;
    if (json.empty()) return rows;
    nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded()) {
        rows.push_back({"args", json, 0, false});
        return rows;
    }
    if (doc.is_object()) {
        for (auto it = doc.begin(); it != doc.end(); ++it) flatten(it.value(), it.key(), &rows);
    } else {
        flatten(doc, "args", &rows);
    }
    return rows;
}

bool loadSliceDetails(Database& db, std::int64_t sliceId, SliceDetails* details, Error* error) {
    *details = SliceDetails{};
    try {
        bool found = false;
        loadFields(db, sliceId, details, &found);
        if (!found) {
            if (error) *error = Error{};
            return false;
        }
        details->args = parseArgRows(details->argsJson);
        if (db.tableExists("flow")) loadFlows(db, sliceId, details);
        if (db.tableExists("slice_metric")) loadMetrics(db, sliceId, details);
        appendMemoryDetails(db, sliceId, &details->metricGroups);
        if (db.tableExists("device_slice_class")) {
            Statement cls = db.prepare("SELECT class FROM device_slice_class WHERE slice_id = ?");
            cls.bind(1, sliceId);
            if (cls.step()) details->deviceClass = cls.text(0);
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
