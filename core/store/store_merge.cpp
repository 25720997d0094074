#include "core/store/store_merge.h"

#include "core/model/utf8.h"
#include "core/model/warning_severity.h"
#include "core/model/import_timing.h"
#include "core/store/memory_schema.h"
#include "core/store/schema.h"
#include "core/store/scratch_store.h"
#include "core/store/launch_queue_store.h"
#include "core/store/timeline_pack.h"

#include <algorithm>
#include <set>

namespace opscope {

const std::vector<MergeReference>& mergeReferences() {
    static const std::vector<MergeReference> all{
        {"process", "device_id", "device"},       {"thread", "process_id", "process"},
        {"track", "process_id", "process"},       {"track", "thread_id", "thread"},
        {"track", "device_id", "device"},         {"slice", "track_id", "track"},
        {"slice", "parent_id", "slice"},          {"slice", "name_id", "string"},
        {"slice", "cat_id", "string"},            {"slice", "type_id", "string"},
        {"slice", "arg_id", "args"},              {"counter", "track_id", "track"},
        {"flow", "slice_out", "slice"},           {"flow", "slice_in", "slice"},
        {"launch_link", "device_slice_id", "slice"}, {"launch_link", "call_slice_id", "slice"},
        {"slice_metric", "slice_id", "slice"},    {"slice_metric", "key_id", "metric_key"},
        {"graph_node", "graph_id", "graph"},      {"graph_edge", "graph_id", "graph"},
        {"graph_edge", "src_node", "graph_node"}, {"graph_edge", "dst_node", "graph_node"},
        {"graph_node_slice", "node_id", "graph_node"}, {"graph_node_slice", "slice_id", "slice"},
        {"comm_bandwidth", "op_id", "comm_op"},   {"comm_packet", "op_id", "comm_op"},
        {"device_slice_class", "slice_id", "slice"}, {"device_slice_class", "device_id", "device"},
        {"memory_record", "device_id", "device"}, {"memory_allocation", "device_id", "device"},
        {"memory_allocation", "slice_id", "slice"}, {"memory_module", "device_id", "device"},
        {"ascend_statistic", "device_id", "device"}, {"ascend_operator_detail", "device_id", "device"},
    };
    return all;
}

namespace {

// Tables whose rows are not copied one for one: shared dictionaries, sums, the store's own meta.
const std::set<std::string>& specialTables() {
    // timeline_pack: positions into the part's own slices; the merged store writes its own.
    // launch_queue_*: thread ids of the part; the merged store computes its own from the merged links.
    static const std::set<std::string> tables{"meta", "stat", "warning", "string", "device", "metric_key",
                                              "timeline_pack", "launch_queue_track", "launch_queue_points"};
    return tables;
}

// Meta keys the merged store computes itself.
bool ownMetaKey(const std::string& key) {
    return key == "trace_start_ns" || key == "trace_end_ns" || key == "schema_version" || key == "importer_version";
}

bool isMapped(const std::string& target) { return target == "string" || target == "device" || target == "metric_key"; }

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

std::string mapTable(const std::string& target) { return "temp.merge_map_" + target; }

} // namespace

std::unique_ptr<StoreMerger> StoreMerger::create(const std::string& finalPath, Error* error) {
    std::unique_ptr<StoreMerger> merger(new StoreMerger());
    merger->finalPath_ = finalPath;
    merger->tempPath_ = scratchStorePath(finalPath);
    if (!createScratchStore(merger->tempPath_, &merger->db_, error)) return nullptr;
    try {
        for (const char* target : {"string", "device", "metric_key"})
            merger->db_.exec("CREATE TEMP TABLE merge_map_" + std::string(target) +
                             "(old INTEGER PRIMARY KEY, new INTEGER NOT NULL)");
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, merger->tempPath_, -1, -1, -1, "a writable store", e.what()};
        discardScratchStore(&merger->db_, merger->tempPath_);
        return nullptr;
    }
    return merger;
}

StoreMerger::~StoreMerger() {
    if (finished_) return;
    discardScratchStore(&db_, tempPath_);
}

void StoreMerger::mapStrings() {
    db_.exec("DELETE FROM temp.merge_map_string");
    Statement read = db_.prepare("SELECT id, value FROM part.string ORDER BY id");
    Statement insert = db_.prepare("INSERT INTO main.string(id, value) VALUES(?, ?)");
    Statement map = db_.prepare("INSERT INTO temp.merge_map_string(old, new) VALUES(?, ?)");
    while (read.step()) {
        std::string value = read.text(1);
        auto [it, added] = strings_.emplace(value, nextString_);
        if (added) {
            insert.bind(1, nextString_).bind(2, value).run();
            ++nextString_;
        }
        map.bind(1, read.int64(0)).bind(2, it->second).run();
    }
}

void StoreMerger::mapMetricKeys() {
    db_.exec("DELETE FROM temp.merge_map_metric_key");
    Statement read = db_.prepare("SELECT id, name, unit, group_name FROM part.metric_key ORDER BY id");
    Statement insert = db_.prepare("INSERT INTO main.metric_key(id, name, unit, group_name) VALUES(?, ?, ?, ?)");
    Statement map = db_.prepare("INSERT INTO temp.merge_map_metric_key(old, new) VALUES(?, ?)");
    while (read.step()) {
        auto [it, added] = metricKeys_.emplace(read.text(1), nextMetricKey_);
        if (added) {
            insert.bind(1, nextMetricKey_).bind(2, read.textView(1));
            if (read.isNull(2)) insert.bindNull(3); else insert.bind(3, read.textView(2));
            if (read.isNull(3)) insert.bindNull(4); else insert.bind(4, read.textView(3));
            insert.run();
            ++nextMetricKey_;
        }
        map.bind(1, read.int64(0)).bind(2, it->second).run();
    }
}

// The same key as StoreWriter::device: by name while rank and host are unknown, else by
// (kind, host, rank, local ordinal).
void StoreMerger::mapDevices(const MergeHostFix& hostFix) {
    db_.exec("DELETE FROM temp.merge_map_device");
    Statement read =
        db_.prepare("SELECT id, name, kind, ordinal, clock_offset_ns, rank, host FROM part.device ORDER BY id");
    Statement insert = db_.prepare(
        "INSERT INTO main.device(name, kind, ordinal, clock_offset_ns, rank, host) VALUES(?, ?, ?, ?, ?, ?)");
    Statement map = db_.prepare("INSERT INTO temp.merge_map_device(old, new) VALUES(?, ?)");
    while (read.step()) {
        const bool hasRank = !read.isNull(5);
        std::string host = read.isNull(6) ? std::string() : read.text(6);
        if (host.empty() && hasRank && !hostFix.host.empty() && read.int64(5) == hostFix.rank) {
            host = hostFix.host;
            // A host from a file name: bytes, not necessarily UTF-8; repaired and counted as StoreWriter does.
            if (!isValidUtf8(host)) {
                std::size_t replaced = 0;
                host = sanitizedUtf8(host, &replaced);
                addWarning("invalid_utf8_replaced", host, 1);
                db_.prepare("INSERT INTO main.stat(name, value) VALUES('text.invalid_utf8_replacements', ?) "
                            "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value")
                    .bind(1, static_cast<std::int64_t>(replaced))
                    .run();
            }
        }
        const std::string key =
            !hasRank && host.empty()
                ? "name\x1f" + read.text(1)
                : read.text(2) + "\x1f" + host + "\x1f" + (hasRank ? std::to_string(read.int64(5)) : "-1") + "/" +
                      (read.isNull(3) ? std::string() : std::to_string(read.int64(3)));
        auto it = devices_.find(key);
        if (it == devices_.end()) {
            insert.bind(1, read.textView(1)).bind(2, read.textView(2));
            if (read.isNull(3)) insert.bindNull(3); else insert.bind(3, read.int64(3));
            insert.bind(4, read.int64(4));
            if (hasRank) insert.bind(5, read.int64(5)); else insert.bindNull(5);
            if (host.empty()) insert.bindNull(6); else insert.bind(6, host);
            insert.run();
            it = devices_.emplace(key, db_.lastInsertRowId()).first;
        }
        map.bind(1, read.int64(0)).bind(2, it->second).run();
    }
}

void StoreMerger::addWarning(const std::string& code, const std::string& sample, std::int64_t count) {
    const std::string key = code + "\x1f";
    if (auto it = warnings_.find(key); it != warnings_.end()) {
        db_.prepare("UPDATE main.warning SET count = count + ? WHERE id = ?").bind(1, count).bind(2, it->second).run();
        return;
    }
    db_.prepare("INSERT INTO main.warning(code, count, sample) VALUES(?, ?, ?)").bind(1, code).bind(2, count).bind(3, sample).run();
    warnings_.emplace(key, db_.lastInsertRowId());
}

// One warning row per (code, file) with the runs added up, as StoreWriter::addWarning keeps them.
void StoreMerger::mergeWarnings() {
    Statement read = db_.prepare("SELECT code, count, file, byte_offset, line, sample FROM part.warning ORDER BY id");
    Statement add = db_.prepare("UPDATE main.warning SET count = count + ? WHERE id = ?");
    Statement insert =
        db_.prepare("INSERT INTO main.warning(code, count, file, byte_offset, line, sample) VALUES(?, ?, ?, ?, ?, ?)");
    while (read.step()) {
        const std::string key = read.text(0) + "\x1f" + (read.isNull(2) ? std::string() : read.text(2));
        if (auto it = warnings_.find(key); it != warnings_.end()) {
            add.bind(1, read.int64(1)).bind(2, it->second).run();
            continue;
        }
        insert.bind(1, read.textView(0)).bind(2, read.int64(1));
        for (int column = 2; column <= 5; ++column) {
            if (read.isNull(column)) insert.bindNull(column + 1);
            else if (column == 3 || column == 4) insert.bind(column + 1, read.int64(column));
            else insert.bind(column + 1, read.textView(column));
        }
        insert.run();
        warnings_.emplace(key, db_.lastInsertRowId());
    }
}

// A part whose range is 0..0 held no slice and no counter (StoreWriter::finish writes it so).
void StoreMerger::mergeTimeRange() {
    const TimeNs start = db_.scalarInt("SELECT CAST(value AS INTEGER) FROM part.meta WHERE key = 'trace_start_ns'");
    const TimeNs end = db_.scalarInt("SELECT CAST(value AS INTEGER) FROM part.meta WHERE key = 'trace_end_ns'");
    if (start == 0 && end == 0) return;
    startNs_ = hasRange_ ? std::min(startNs_, start) : start;
    endNs_ = hasRange_ ? std::max(endNs_, end) : end;
    hasRange_ = true;
}

void StoreMerger::copyTable(const std::string& table, const std::map<std::string, std::int64_t>& offsets) {
    std::string columns, values;
    Statement info = db_.prepare("PRAGMA part.table_info(" + quoted(table) + ")");
    while (info.step()) {
        const std::string column = info.text(1);
        std::string value = quoted(column);
        const MergeReference* ref = nullptr;
        for (const MergeReference& r : mergeReferences())
            if (table == r.table && column == r.column) ref = &r;
        if (ref && isMapped(ref->target)) {
            value = "(SELECT new FROM " + mapTable(ref->target) + " WHERE old = " + quoted(column) + ")";
        } else {
            const std::string target = ref ? ref->target : column == "id" ? table : std::string();
            auto offset = offsets.find(target);
            if (offset != offsets.end() && offset->second != 0)
                value = quoted(column) + " + " + std::to_string(offset->second);
        }
        columns += (columns.empty() ? "" : ", ") + quoted(column);
        values += (values.empty() ? "" : ", ") + value;
    }
    // rank_clock_offset is keyed by rank: a later part's offset for the same rank replaces the earlier.
    const char* verb = table == "rank_clock_offset" ? "INSERT OR REPLACE" : "INSERT";
    db_.exec(std::string(verb) + " INTO main." + quoted(table) + "(" + columns + ") SELECT " + values +
             " FROM part." + quoted(table));
}

bool StoreMerger::append(const std::string& partPath, const MergeHostFix& hostFix, Error* error) {
    StageTimer timer;
    bool attached = false;
    try {
        db_.prepare("ATTACH DATABASE ? AS part").bind(1, partPath).run();
        attached = true;
        db_.exec("BEGIN");
        std::vector<std::string> tables;
        Statement list = db_.prepare("SELECT name FROM part.sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                     "'sqlite_%' ORDER BY rowid");
        while (list.step()) tables.push_back(list.text(0));
        // Offsets first: a table's references to another are shifted by what that table held before this part.
        std::map<std::string, std::int64_t> offsets;
        for (const std::string& table : tables) {
            Statement hasId = db_.prepare("SELECT count(*) FROM pragma_table_info(?, 'main') WHERE name = 'id'");
            hasId.bind(1, table);
            if (hasId.step() && hasId.int64(0) > 0)
                offsets[table] = db_.scalarInt("SELECT coalesce(max(id), 0) FROM main." + quoted(table));
        }
        mapStrings();
        mapMetricKeys();
        mapDevices(hostFix);
        mergeWarnings();
        mergeTimeRange();
        db_.exec("INSERT INTO main.stat(name, value) SELECT name, value FROM part.stat WHERE true "
                 "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value");
        Statement meta = db_.prepare("SELECT key, value FROM part.meta ORDER BY rowid");
        while (meta.step())
            if (!ownMetaKey(meta.text(0))) setMeta(meta.text(0), meta.text(1));
        for (const std::string& table : tables)
            if (!specialTables().count(table)) copyTable(table, offsets);
        db_.exec("COMMIT");
        db_.exec("DETACH DATABASE part");
        timer.mark("merge: append one part");
    } catch (const SqliteError& e) {
        if (db_.isOpen()) {
            try {
                db_.exec("ROLLBACK");
            } catch (const SqliteError&) { // no transaction was open
            }
            if (attached) {
                try {
                    db_.exec("DETACH DATABASE part");
                } catch (const SqliteError&) {
                }
            }
        }
        if (error) *error = Error{ErrorCode::StoreFailed, partPath, -1, -1, -1, "a store to merge", e.what()};
        return false;
    }
    return true;
}

void StoreMerger::setMeta(const std::string& key, const std::string& value) {
    db_.prepare("INSERT OR REPLACE INTO main.meta(key, value) VALUES(?, ?)").bind(1, key).bind(2, value).run();
}

bool StoreMerger::finish(ImportSummary* summary, Error* error) {
    StageTimer timer;
    try {
        db_.exec(schemaIndicesSql());
        db_.exec(memorySchemaIndicesSql());
        timer.mark("merge: indices");
        setMeta("trace_start_ns", std::to_string(startNs_));
        setMeta("trace_end_ns", std::to_string(endNs_));
        setMeta("schema_version", std::to_string(kSchemaVersion));
        setMeta("importer_version", kImporterVersion);
        if (summary) {
            *summary = ImportSummary{};
            summary->processes = db_.scalarInt("SELECT count(*) FROM process");
            summary->threads = db_.scalarInt("SELECT count(*) FROM thread");
            summary->tracks = db_.scalarInt("SELECT count(*) FROM track");
            summary->slices = db_.scalarInt("SELECT count(*) FROM slice");
            summary->counters = db_.scalarInt("SELECT count(*) FROM counter");
            summary->flows = db_.scalarInt("SELECT count(*) FROM flow");
            Statement warnings = db_.prepare("SELECT code, count FROM warning");
            while (warnings.step())
                (isInformationalWarning(warnings.textView(0)) ? summary->notes : summary->warnings) += warnings.int64(1);
            summary->startNs = startNs_;
            summary->endNs = endNs_;
        }
        {
            Transaction queue(db_);
            storeLaunchQueueTracks(db_, tempPath_ + ".queue");
            queue.commit();
        }
        timer.mark("merge: launch queue tracks");
        writeTimelinePack(db_);
        timer.mark("merge: timeline pack");
        db_.exec("PRAGMA analysis_limit=2000; ANALYZE;");
        db_.close();
        timer.mark("merge: analyze+close");
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, tempPath_, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    if (!publishScratchStore(tempPath_, finalPath_, error)) return false;
    finished_ = true;
    return true;
}

} // namespace opscope
