#include "core/analysis/snapshot/slice_scan.h"

#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>

namespace opscope {

namespace {

void toRecord(const SliceRow& row, SliceRecord* r) {
    r->id = row.id;
    r->tsNs = row.tsNs;
    r->durNs = row.durNs;
    r->selfNs = row.selfNs;
    r->depth = static_cast<std::uint16_t>(row.depth);
    r->nameId = static_cast<std::uint32_t>(row.nameId);
    r->catId = static_cast<std::uint32_t>(row.catId);
    r->typeId = static_cast<std::uint32_t>(row.typeId);
    r->argId = row.argId;
    r->flags = static_cast<std::uint16_t>(row.flags);
}

// Stored counts are hints: a reservation never trusts them beyond what any real trace needs.
std::size_t reservationFor(std::int64_t slices) {
    return static_cast<std::size_t>(std::clamp<std::int64_t>(slices, 0, std::int64_t{1} << 24));
}

} // namespace

void scanSliceRows(SliceRowReader& reader, const SliceScanPlan& plan, ScannedSlices* out) {
    const SliceLoadFilter& filter = *plan.filter;
    const std::vector<std::uint32_t>& skipCats = filter.computeCategoriesToSkip;
    const auto trackCount = static_cast<std::int64_t>(plan.tracks.size());
    SliceRow row;
    std::size_t classHint = 0; // rows come in id order: each class lookup starts where the last ended
    while (reader.step()) {
        const std::int64_t track = reader.trackId();
        if (track < 0 || track >= trackCount) continue;
        const TrackScanFacts& t = plan.tracks[static_cast<std::size_t>(track)];
        if (t.logicalIndex < 0) continue;
        reader.read(&row);
        SliceRecord r;
        toRecord(row, &r);
        if (t.compute && !skipCats.empty() && std::binary_search(skipCats.begin(), skipCats.end(), r.catId)) {
            ++out->skippedAnnotations;
            continue;
        }
        if (t.compute && filter.deviceClasses) {
            std::optional<DeviceClass> c = filter.deviceClasses->classOf(r.id, &classHint);
            if (c && !isDeviceWork(*c)) {
                ++out->skippedNotWork;
                if (filter.notWork)
                    out->notWork.push_back({r.id, (*plan.logicalIds)[static_cast<std::size_t>(t.logicalIndex)], r.tsNs,
                                            r.endNs(), r.nameId, r.argId, *c});
                continue;
            }
        }
        r.trackIndex = static_cast<std::uint32_t>(t.logicalIndex);
        out->rows.push_back(r);
    }
}

std::size_t sliceScanParts(const Database& db, std::int64_t storeSlices, const SliceLoadFilter& filter) {
    // A second connection sees what this one sees only when this one cannot hold uncommitted rows.
    if (storeSlices < filter.parallelScanMinSlices || !db.isReadOnly()) return 1;
    return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
}

void scanAllSlices(Database& db, const SliceScanPlan& plan, std::size_t parts, ScannedSlices* out) {
    std::int64_t minId = 0, maxId = 0;
    if (parts <= 1 || !readSliceIdBounds(db, &minId, &maxId) || maxId - minId < static_cast<std::int64_t>(parts)) {
        out->rows.reserve(reservationFor(plan.wantedSlices));
        SliceRowReader reader(db, SliceRowReader::Scope::AllSlices);
        scanSliceRows(reader, plan, out);
        return;
    }
    const auto count = static_cast<std::int64_t>(parts);
    const std::int64_t width = (maxId - minId) / count + 1;
    std::vector<ScannedSlices> scanned(parts);
    // The first part's rows become the result: it reserves room for all, the others for their share.
    scanned[0].rows.reserve(reservationFor(plan.wantedSlices));
    auto scanPart = [&](Database& connection, std::size_t part) {
        const std::int64_t first = minId + width * static_cast<std::int64_t>(part);
        const std::int64_t end = part + 1 == parts ? maxId + 1 : first + width;
        if (part > 0) scanned[part].rows.reserve(reservationFor(plan.wantedSlices / count + 1));
        SliceRowReader reader(connection, SliceRowReader::Scope::IdRange);
        reader.selectIdRange(first, end);
        scanSliceRows(reader, plan, &scanned[part]);
    };
    std::vector<std::exception_ptr> failures(parts);
    auto scanOnSibling = [&](std::size_t part) {
        try {
            Database sibling = db.readOnlySibling();
            scanPart(sibling, part);
        } catch (...) {
            failures[part] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    std::vector<std::size_t> notStarted; // no thread could be made for these: read here after part 0
    threads.reserve(parts - 1);
    for (std::size_t part = 1; part < parts; ++part) {
        try {
            threads.emplace_back(scanOnSibling, part);
        } catch (const std::system_error&) {
            notStarted.push_back(part);
        }
    }
    try {
        scanPart(db, 0);
    } catch (...) {
        failures[0] = std::current_exception();
    }
    for (std::size_t part : notStarted) scanOnSibling(part);
    for (std::thread& t : threads) t.join();
    for (const std::exception_ptr& failure : failures)
        if (failure) std::rethrow_exception(failure);
    std::size_t total = 0;
    for (const ScannedSlices& part : scanned) total += part.rows.size();
    *out = std::move(scanned[0]);
    out->rows.reserve(total);
    for (std::size_t part = 1; part < parts; ++part) {
        const ScannedSlices& more = scanned[part];
        out->rows.insert(out->rows.end(), more.rows.begin(), more.rows.end());
        out->skippedAnnotations += more.skippedAnnotations;
        out->skippedNotWork += more.skippedNotWork;
        out->notWork.insert(out->notWork.end(), more.notWork.begin(), more.notWork.end());
    }
}

} // namespace opscope
