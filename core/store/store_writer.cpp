#include "core/store/store_writer.h"

#include "core/model/sink_keys.h"
#include "core/model/utf8.h"
#include "core/store/ascend_statistics_tables.h"
#include "core/store/cluster_tables.h"
#include "core/store/device_class_pass.h"
#include "core/store/insert_pipe.h"
#include "core/model/json_depth.h"
#include "core/model/time_bounds.h"
#include "core/store/source_fingerprint.h"
#include "core/store/scratch_store.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace opscope {

std::unique_ptr<StoreWriter> StoreWriter::create(const std::string& finalPath, Error* error) {
    std::unique_ptr<StoreWriter> writer(new StoreWriter());
    writer->finalPath_ = finalPath;
    writer->tempPath_ = scratchStorePath(finalPath);
    if (!createScratchStore(writer->tempPath_, &writer->db_, error)) return nullptr;
    const char* noPipe = std::getenv("OPSCOPE_NO_INSERT_PIPE");
    if (!noPipe || std::string_view(noPipe) != "1") {
        writer->pipe_ = std::make_unique<InsertPipe>(writer->db_.handle());
        if (!writer->pipe_->registered()) writer->pipe_.reset(); // rows then go in on this thread
    }
    try {
        // For benchmarks and tests of the spill path on small traces.
        if (const char* budget = std::getenv("OPSCOPE_SPILL_BUDGET_MB"))
            writer->setSpillBudgetBytes(static_cast<std::size_t>(std::strtoull(budget, nullptr, 10)) << 20);
        writer->db_.exec("BEGIN");
        writer->prepareStatements();
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, writer->tempPath_, -1, -1, -1, "a writable store", e.what()};
        discardScratchStore(&writer->db_, writer->tempPath_);
        return nullptr;
    }
    return writer;
}

StoreWriter::~StoreWriter() {
    if (!finished_) {
        insertArgs_ = BatchInsert();
        insertCounter_ = BatchInsert();
        releaseStatements();
        memoryRows_.reset();
        discardScratchStore(&db_, tempPath_);
    }
}

void StoreWriter::classifyDeviceSlices(DeviceSliceClassifier classify) {
    deviceClasses_ = std::make_unique<DeviceClassCollector>(std::move(classify), tempPath_ + ".classes", sideBudgetBytes());
    addFinishPass([](StoreWriter& w) { w.deviceClasses_->write(w); });
}

void StoreWriter::prepareStatements() {
    insertArgs_ = BatchInsert(db_, "args", "id, json", 2, 64, pipe_.get());
    insertCounter_ = BatchInsert(db_, "counter", "track_id, ts, value", 3, 64, pipe_.get());
}

Statement& StoreWriter::cached(Cached which) {
    static constexpr const char* kSql[] = {
        "UPDATE process SET name = ? WHERE id = ?",
        "UPDATE process SET labels = ? WHERE id = ?",
        "UPDATE process SET sort_index = ? WHERE id = ?",
        "UPDATE thread SET name = ? WHERE id = ?",
        "UPDATE thread SET sort_index = ? WHERE id = ?",
        "UPDATE process SET device_id = ? WHERE id = ?",
        "UPDATE track SET device_id = ? WHERE id = ?",
        "UPDATE track SET is_compute = ? WHERE id = ?",
    };
    static_assert(std::size(kSql) == static_cast<std::size_t>(Cached::Count));
    Statement& st = cachedStatements_[static_cast<std::size_t>(which)];
    if (!st.handle()) st = db_.prepare(kSql[static_cast<std::size_t>(which)]);
    return st;
}

void StoreWriter::releaseStatements() {
    for (Statement& st : cachedStatements_) st = Statement();
    taskTypes_.releaseStatement();
}

void StoreWriter::flushRows() {
    insertArgs_.flush();
    insertCounter_.flush();
    if (memoryRows_) memoryRows_->flush();
}

MemoryRowWriter& StoreWriter::memoryRows() {
    if (!memoryRows_) memoryRows_ = std::make_unique<MemoryRowWriter>(db_, pipe_.get());
    return *memoryRows_;
}

void StoreWriter::addMemoryRow(const MemoryRecordRow& row) { memoryRows().add(row); }
void StoreWriter::addMemoryRow(const MemoryAllocationRow& row) { memoryRows().add(row); }
void StoreWriter::addMemoryRow(const MemoryModuleRow& row) { memoryRows().add(row); }

void StoreWriter::addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) {
    writeClusterSteps(db_, source, rows);
}
void StoreWriter::addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) {
    writeCommOps(db_, source, ops);
}
void StoreWriter::addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) {
    writeCommLinks(db_, source, links);
}
void StoreWriter::addCommGroups(const std::vector<CommGroup>& groups) { writeCommGroups(db_, groups); }
void StoreWriter::addAscendStatistics(std::string_view source, const std::vector<AscendStatisticRow>& rows) {
    writeAscendStatistics(db_, source, rows);
}
void StoreWriter::addAscendOperatorDetails(std::string_view source,
                                           const std::vector<AscendOperatorDetailRow>& rows) {
    writeAscendOperatorDetails(db_, source, rows);
}

StringId StoreWriter::intern(std::string_view text) {
    auto it = stringIds_.find(text);
    if (it != stringIds_.end()) return it->second;
    if (!isValidUtf8(text)) {
        // The raw spelling maps to the id of its repaired text, so later lookups stay one hash probe.
        StringId id = intern(clean(text).view());
        stringIds_.emplace(std::string(text), id);
        return id;
    }
    strings_.emplace_back(text);
    StringId id = static_cast<StringId>(strings_.size());
    stringIds_.emplace(strings_.back(), id);
    return id;
}

StoreWriter::CleanText StoreWriter::clean(std::string_view text) {
    CleanText out;
    if (isValidUtf8(text)) {
        out.text = text;
        return out;
    }
    std::size_t replaced = 0;
    out.fixed = sanitizedUtf8(text, &replaced);
    out.text = out.fixed;
    noteInvalidUtf8(out.fixed, replaced);
    return out;
}

void StoreWriter::noteInvalidUtf8(std::string_view repaired, std::size_t replacements) {
    if (replacements == 0) return;
    if (invalidUtf8Strings_ == 0) invalidUtf8Sample_ = std::string(repaired.substr(0, 200));
    ++invalidUtf8Strings_;
    invalidUtf8Replacements_ += static_cast<std::int64_t>(replacements);
}

std::string_view StoreWriter::stringAt(StringId id) const {
    if (id == 0 || id > strings_.size()) return {};
    return strings_[id - 1];
}

DeviceId StoreWriter::device(std::string_view name, std::string_view kind, int ordinal) {
    std::string key(name);
    auto it = devices_.find(key);
    if (it != devices_.end()) return it->second;
    Statement st = db_.prepare("INSERT INTO device(name, kind, ordinal) VALUES(?, ?, ?)");
    st.bind(1, clean(name).view()).bind(2, kind).bind(3, ordinal).run();
    DeviceId id = db_.lastInsertRowId();
    devices_.emplace(key, id);
    return id;
}

DeviceId StoreWriter::device(const DeviceIdentity& identity) {
    if (identity.rank < 0 && identity.host.empty()) return device(deviceLabel(identity), identity.kind, identity.ordinal);
    std::string key = sinkKey(sinkKey(identity.kind, identity.host),
                              std::to_string(identity.rank) + "/" + std::to_string(identity.ordinal));
    auto it = devices_.find(key);
    if (it != devices_.end()) return it->second;
    Statement st = db_.prepare("INSERT INTO device(name, kind, ordinal, rank, host) VALUES(?, ?, ?, ?, ?)");
    st.bind(1, deviceLabel(identity)).bind(2, identity.kind).bind(3, identity.ordinal);
    if (identity.rank >= 0) st.bind(4, static_cast<std::int64_t>(identity.rank));
    // The host may come from a folder or file name: bytes, not necessarily UTF-8.
    if (!identity.host.empty()) st.bind(5, clean(identity.host).view());
    st.run();
    DeviceId id = db_.lastInsertRowId();
    devices_.emplace(key, id);
    return id;
}

void StoreWriter::setDeviceClockOffset(DeviceId device, TimeNs offsetNs) {
    db_.prepare("UPDATE device SET clock_offset_ns = ? WHERE id = ?").bind(1, offsetNs).bind(2, device).run();
}

ArgId StoreWriter::addArgs(std::string_view json) {
    if (json.empty() || json == "{}") return 0;
    // Args are shown, dumped and re-parsed later: too deep a nesting would take any recursive reader
    // down, so it is replaced here, where the input is read, and counted.
    if (jsonNestingExceeds(json, kMaxArgsDepth)) {
        addWarning("args_too_deep", {}, -1, -1, json.substr(0, 80));
        json = kArgsTooDeepJson;
    }
    std::size_t replaced = 0;
    if (sanitizeJsonText(json, &argsScratch_, &replaced)) {
        noteInvalidUtf8(argsScratch_, replaced);
        json = argsScratch_;
    }
    ArgId id = nextArgId_++;
    insertArgs_.value(id).value(json).endRow();
    if (deviceClasses_) taskTypes_.note(id, json);
    return id;
}

PendingSliceIndex StoreWriter::addSlice(const SliceInput& slice) {
    PendingSlice p{};
    p.tsNs = slice.tsNs;
    p.durNs = slice.durNs;
    // Every later "end = ts + dur" and "span = end - start" must fit in int64: bound the times here.
    const SliceTimeFix fix = boundSliceTimes(&p.tsNs, &p.durNs);
    if (fix == SliceTimeFix::StartOutOfRange) addWarning("time_out_of_range", {}, -1, -1, slice.name);
    if (fix == SliceTimeFix::DurationOutOfRange) addWarning("duration_out_of_range", {}, -1, -1, slice.name);
    p.track = static_cast<std::uint32_t>(slice.track);
    p.args = static_cast<std::uint32_t>(slice.args);
    p.name = intern(slice.name);
    p.category = slice.category.empty() ? 0 : intern(slice.category);
    p.type = slice.type.empty() ? 0 : intern(slice.type);
    p.flags = static_cast<std::uint32_t>(slice.flags);
    const auto index = static_cast<PendingSliceIndex>(pendingSliceCount());
    if (slice.threadTsNs != kNoThreadTime || slice.threadDurNs != kNoThreadTime)
        threadTimes_.push_back({index, slice.threadTsNs, slice.threadDurNs});
    slices_.push_back(p);
    maybeSpill();
    return index;
}

void StoreWriter::setSliceType(PendingSliceIndex slice, std::string_view type) {
    if (slice >= sliceBase_ && slice < pendingSliceCount())
        slices_[slice - sliceBase_].type = type.empty() ? 0 : intern(type);
    else if (slice < sliceBase_) // spilled: applied when finish() writes the row
        typeOverrides_.push_back({slice, type.empty() ? 0 : intern(type)});
}

void StoreWriter::addCounter(TrackId track, TimeNs tsNs, double value) {
    // NaN cannot be stored in a REAL NOT NULL column, and infinities break every sum drawn from it.
    if (!std::isfinite(value)) {
        addWarning("counter_value_not_finite", {}, -1, -1, std::isnan(value) ? "nan" : "inf");
        return;
    }
    if (!timeInStoreRange(tsNs)) {
        addWarning("time_out_of_range", {}, -1, -1, "counter");
        return;
    }
    insertCounter_.value(track).value(tsNs).value(value).endRow();
    ++counterRows_;
    TrackStats& stats = trackStats_[track];
    ++stats.counters;
    stats.minTs = std::min(stats.minTs, tsNs);
    stats.maxEnd = std::max(stats.maxEnd, tsNs);
}

void StoreWriter::addFlowEndpoint(const FlowEndpoint& endpoint, std::string_view name) {
    PendingEndpoint e{};
    e.keyHash = endpoint.keyHash;
    e.tsNs = endpoint.tsNs;
    e.track = static_cast<std::uint32_t>(endpoint.track);
    e.cat = endpoint.cat;
    e.name = flowNames_.add(clean(name).view());
    e.phase = endpoint.phase;
    e.binding = endpoint.binding;
    endpoints_.push_back(e);
    maybeSpill();
}

void StoreWriter::addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat, std::string_view name) {
    directFlows_.push_back({out, in, std::string(clean(cat).view()), std::string(clean(name).view())});
}

void StoreWriter::addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                               LaunchKeyKind kind, std::int64_t id) {
    if (!launchKeys_) launchKeys_ = std::make_unique<LaunchKeySpill>(tempPath_ + ".keys", sideBudgetBytes());
    launchKeys_->push({id, tsNs, slice, static_cast<std::uint32_t>(track), category.empty() ? 0 : intern(category), kind});
}

void StoreWriter::addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call,
                                std::optional<std::int64_t> correlationId, std::string_view source) {
    launchLinks_.push_back({deviceSlice, call, correlationId.value_or(0), correlationId.has_value(), std::string(source)});
}

void StoreWriter::addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num,
                            std::string_view text, std::string_view unit, std::string_view group) {
    const CleanText cleanKey = clean(key), cleanUnit = clean(unit), cleanGroup = clean(group);
    key = cleanKey.view();
    unit = cleanUnit.view();
    group = cleanGroup.view();
    std::string k(key);
    auto it = metricKeys_.find(k);
    std::int64_t keyId;
    if (it == metricKeys_.end()) {
        Statement st = db_.prepare("INSERT INTO metric_key(name, unit, group_name) VALUES(?, ?, ?)");
        st.bind(1, key);
        if (unit.empty()) st.bindNull(2); else st.bind(2, unit);
        if (group.empty()) st.bindNull(3); else st.bind(3, group);
        st.run();
        keyId = db_.lastInsertRowId();
        metricKeys_.emplace(k, keyId);
    } else {
        keyId = it->second;
    }
    PendingMetric m{num.value_or(0.0), metricText_.size(), slice, static_cast<std::uint32_t>(keyId), 0,
                    num.has_value(), !text.empty()};
    if (m.hasText) {
        const CleanText cleanText = clean(text);
        m.textLength = static_cast<std::uint32_t>(cleanText.view().size());
        metricText_.append(cleanText.view());
    }
    metrics_.push_back(m);
    if (!keepInMemory_ && metrics_.size() * sizeof(PendingMetric) + metricText_.size() > spillBudgetBytes_ / 2)
        spillMetrics();
}

// One run per spill, each metric with its text after it.
void StoreWriter::spillMetrics() {
    if (!metricSpill_) metricSpill_ = std::make_unique<SpillFile>(tempPath_ + ".metrics");
    metricSpill_->beginRun();
    for (const PendingMetric& m : metrics_) {
        metricSpill_->appendValue(m);
        metricSpill_->append(metricText_.data() + m.textOffset, m.textLength);
    }
    metricSpill_->endRun();
    metrics_.clear();
    metricText_.clear();
}

void StoreWriter::addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset,
                             std::int64_t line, std::string_view sample) {
    // Oddities come in runs of one code (thousands of out-of-order events): check the last one first.
    if (lastWarning_ < warnings_.size() && warnings_[lastWarning_].code == code && warnings_[lastWarning_].file == file) {
        ++warnings_[lastWarning_].count;
        return;
    }
    std::string key = sinkKey(code, file);
    auto it = warningIndex_.find(key);
    if (it != warningIndex_.end()) {
        lastWarning_ = it->second;
        ++warnings_[it->second].count;
        return;
    }
    WarningEntry entry;
    entry.code = std::string(code);
    entry.file = std::string(file);
    entry.sample = sanitizedUtf8(sample.substr(0, 400));
    entry.file = sanitizedUtf8(entry.file);
    entry.count = 1;
    entry.byteOffset = byteOffset;
    entry.line = line;
    lastWarning_ = warnings_.size();
    warningIndex_.emplace(key, warnings_.size());
    warnings_.push_back(std::move(entry));
}

void StoreWriter::addStat(std::string_view name, std::int64_t delta) { stats_[std::string(name)] += delta; }

bool StoreWriter::setMetaIfAbsent(std::string_view key, std::string_view value) {
    if (metaKeys_.count(std::string(key))) return false;
    setMeta(key, value);
    return true;
}

void StoreWriter::setMeta(std::string_view key, std::string_view value) {
    metaKeys_.emplace(key);
    db_.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)").bind(1, clean(key).view()).bind(2, clean(value).view()).run();
}

void StoreWriter::addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                                std::string_view reason, std::int64_t events) {
    Statement st = db_.prepare("INSERT INTO source_file(path, role, status, reason, size_bytes, mtime_ns, "
                               "content_hash, events) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, sanitizedUtf8(path)).bind(2, role).bind(3, status);
    if (reason.empty()) st.bindNull(4); else st.bind(4, sanitizedUtf8(reason));
    SourceFingerprint fp = fingerprintOf(std::string(path));
    if (fp.valid()) st.bind(5, fp.sizeBytes).bind(6, fp.mtimeNs).bind(7, fp.contentHash);
    else st.bindNull(5).bindNull(6).bindNull(7);
    st.bind(8, events).run();
}

} // namespace opscope
