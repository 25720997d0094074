#include "core/analysis/snapshot/slice_scan.h"

#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <stdexcept>
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

// Rows written into a mapped file are handed back to it in steps of this many (2 MiB of records).
constexpr std::size_t kReleaseRows = (std::size_t{2} << 20) / sizeof(SliceRecord);

SliceRecord* mappedRows(const ScannedSlices& s) {
    return reinterpret_cast<SliceRecord*>(s.mappedFile->data() + s.mappedOffset);
}

// Hands back the pages of rows [from, to) of a mapped scan, from the page holding row `from` on (a page
// an earlier step left half written is whole now).
void releaseRows(const ScannedSlices& s, std::size_t from, std::size_t to) {
    const std::size_t page = MappedScratchFile::pageBytes();
    const std::size_t begin = (s.mappedOffset + from * sizeof(SliceRecord)) / page * page;
    const std::size_t end = s.mappedOffset + to * sizeof(SliceRecord);
    if (end > begin) s.mappedFile->release(begin, end - begin);
}

} // namespace

void scanSliceRows(SliceRowReader& reader, const SliceScanPlan& plan, ScannedSlices* out) {
    const SliceLoadFilter& filter = *plan.filter;
    const std::vector<std::uint32_t>& skipCats = filter.computeCategoriesToSkip;
    const auto trackCount = static_cast<std::int64_t>(plan.tracks.size());
    SliceRow row;
    std::size_t classHint = 0; // rows come in id order: each class lookup starts where the last ended
    std::size_t releasedRows = out->mappedCount;
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
        if (!out->mappedFile) {
            out->rows.push_back(r);
            continue;
        }
        // Ids are unique, so a range's rows fit its room; more would mean the store changed under the scan.
        if (out->mappedCount == out->mappedCapacity) throw std::runtime_error("slice scan: more rows than the id range holds");
        mappedRows(*out)[out->mappedCount++] = r;
        if (out->mappedCount - releasedRows >= kReleaseRows) {
            releaseRows(*out, releasedRows, out->mappedCount);
            releasedRows = out->mappedCount;
        }
    }
    if (out->mappedFile) releaseRows(*out, releasedRows, out->mappedCount);
}

std::size_t sliceScanParts(const Database& db, std::int64_t storeSlices, const SliceLoadFilter& filter) {
    // A second connection sees what this one sees only when this one cannot hold uncommitted rows.
    if (storeSlices < filter.parallelScanMinSlices || !db.isReadOnly()) return 1;
    return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
}

void scanAllSlices(Database& db, const SliceScanPlan& plan, std::size_t parts, ScannedSlices* out,
                   const MappedScratchFile* into) {
    std::int64_t minId = 0, maxId = 0;
    const bool bounded = readSliceIdBounds(db, &minId, &maxId);
    // Room for a row per id of the span, in the caller's file (which was sized from the same bounds).
    auto mapPart = [&](ScannedSlices* part, std::int64_t firstId, std::int64_t endId) {
        part->mappedFile = into;
        part->mappedOffset = static_cast<std::size_t>(firstId - minId) * sizeof(SliceRecord);
        part->mappedCapacity = static_cast<std::size_t>(endId - firstId);
        if (part->mappedOffset + part->mappedCapacity * sizeof(SliceRecord) > into->size())
            throw std::runtime_error("slice scan: the mapped file is smaller than the store's id span");
    };
    if (into && !bounded) throw std::runtime_error("slice scan: no id span to map the rows by");
    if (parts <= 1 || !bounded || maxId - minId < static_cast<std::int64_t>(parts)) {
        if (into) mapPart(out, minId, maxId + 1);
        else out->rows.reserve(reservationFor(plan.wantedSlices));
        SliceRowReader reader(db, SliceRowReader::Scope::AllSlices);
        scanSliceRows(reader, plan, out);
        return;
    }
    const auto count = static_cast<std::int64_t>(parts);
    const std::int64_t width = (maxId - minId) / count + 1;
    std::vector<ScannedSlices> scanned(parts);
    // The first part's rows become the result: it reserves room for all, the others for their share.
    if (!into) scanned[0].rows.reserve(reservationFor(plan.wantedSlices));
    auto scanPart = [&](Database& connection, std::size_t part) {
        const std::int64_t first = minId + width * static_cast<std::int64_t>(part);
        const std::int64_t end = part + 1 == parts ? maxId + 1 : first + width;
        if (into) mapPart(&scanned[part], first, end);
        else if (part > 0) scanned[part].rows.reserve(reservationFor(plan.wantedSlices / count + 1));
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
    for (const ScannedSlices& part : scanned) total += part.rowCount();
    *out = std::move(scanned[0]);
    if (into) out->mappedCapacity = total;
    else out->rows.reserve(total);
    for (std::size_t part = 1; part < parts; ++part) {
        const ScannedSlices& more = scanned[part];
        if (into) {
            // Moved down behind the parts before it, a stretch at a time (the target lies before the
            // source: a front-to-back copy never overwrites rows not yet moved), handing back both.
            const SliceRecord* from = mappedRows(more);
            for (std::size_t done = 0; done < more.mappedCount; done += kReleaseRows) {
                const std::size_t n = std::min(kReleaseRows, more.mappedCount - done);
                std::memmove(mappedRows(*out) + out->mappedCount, from + done, n * sizeof(SliceRecord));
                out->mappedCount += n;
                releaseRows(*out, out->mappedCount - n, out->mappedCount);
                releaseRows(more, done, done + n);
            }
        } else {
            out->rows.insert(out->rows.end(), more.rows.begin(), more.rows.end());
        }
        out->skippedAnnotations += more.skippedAnnotations;
        out->skippedNotWork += more.skippedNotWork;
        out->notWork.insert(out->notWork.end(), more.notWork.begin(), more.notWork.end());
    }
}

} // namespace opscope
