#include "core/analysis/operators/operator_grouping.h"

#include "core/analysis/snapshot/metric_access.h"
#include "core/model/id_index.h"
#include "core/model/spillable_array.h"
#include "core/model/text_interner.h"
#include "core/store/args_reader.h"

#include <algorithm>

namespace opscope {

const char* groupByName(GroupBy by) { return by == GroupBy::Name ? "name" : "type"; }

const char* typeSourceName(TypeSource source) {
    switch (source) {
    case TypeSource::Auto: return "auto";
    case TypeSource::TypeColumn: return "type";
    case TypeSource::Category: return "cat";
    case TypeSource::ArgsField: return "args";
    }
    return "auto";
}

namespace {

bool included(const SliceRecord& s, const GroupingOptions& options) {
    // A complete event of zero duration (aten::empty in a µs Kineto trace) is an execution: count 1,
    // time 0. Only instants (ph i/I/n) are markers.
    if (options.skipInstants && s.isInstant()) return false;
    if (options.range && !options.range->contains(s.tsNs)) return false;
    if (options.onlySliceIds && !std::binary_search(options.onlySliceIds->begin(), options.onlySliceIds->end(), s.id))
        return false;
    return true;
}

// Group per string id (names, types, categories), through a dense map over the string table.
void groupByStringId(const StoreSnapshot& snap, const GroupingOptions& options, OperatorGrouping* out) {
    const auto& slices = snap.slices.slices;
    out->groupOfSlice.assign(slices.size(), kNoGroup);
    std::vector<std::uint32_t> groupOfString(snap.strings.size() + 1, kNoGroup);
    TextInterner interner; // the groups' labels, by group id
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        const SliceRecord& s = walk[i];
        if (!included(s, options)) continue;
        std::uint32_t sid = s.nameId;
        if (options.by == GroupBy::Type) {
            if (options.typeSource == TypeSource::TypeColumn) sid = s.typeId;
            else if (options.typeSource == TypeSource::Category) sid = s.catId;
            else sid = s.typeId ? s.typeId : s.catId;
        }
        // An id past the string table (a store's value, up to 2^32) names no string: its label is id 0's,
        // so it takes id 0's group rather than sizing the table by it.
        if (sid >= groupOfString.size()) sid = 0;
        if (groupOfString[sid] == kNoGroup) {
            std::string label(snap.strings.at(sid));
            if (sid == 0 || label.empty()) label = options.by == GroupBy::Type ? kNoTypeLabel : "";
            groupOfString[sid] = interner.intern(label);
        }
        out->groupOfSlice[i] = groupOfString[sid];
    }
    out->labels = interner.takeTexts();
}

bool groupByArgsField(Database& db, const StoreSnapshot& snap, const GroupingOptions& options,
                      OperatorGrouping* out, Error* error) {
    const auto& slices = snap.slices.slices;
    out->groupOfSlice.assign(slices.size(), kNoGroup);
    std::int64_t lo = 0, hi = -1;
    for (const SliceRecord& s : walkReleasing(slices)) {
        if (!s.argId) continue;
        lo = hi < lo ? s.argId : std::min(lo, s.argId);
        hi = std::max(hi, s.argId);
    }
    TextInterner interner; // the groups' labels, by group id
    // Args ids are a store's values: spread wide, they are searched rather than sizing a table (id_index.h).
    IdIndex<std::uint32_t> groupOfArg(lo, hi, slices.size(), kNoGroup);
    const bool read = readArgsField(
        db, options.argsField, lo, hi,
        [&](std::int64_t argsId, const std::string& value) { groupOfArg.set(argsId, interner.intern(value)); },
        error);
    if (!read) {
        out->labels = interner.takeTexts();
        return false;
    }
    groupOfArg.seal();
    std::uint32_t noType = kNoGroup;
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        const SliceRecord& s = walk[i];
        if (!included(s, options)) continue;
        std::uint32_t g = s.argId ? groupOfArg.get(s.argId) : kNoGroup;
        if (g == kNoGroup) {
            if (noType == kNoGroup) noType = interner.intern(kNoTypeLabel);
            g = noType;
        }
        out->groupOfSlice[i] = g;
    }
    out->labels = interner.takeTexts();
    return true;
}

} // namespace

bool groupOperators(Database& db, const StoreSnapshot& snapshot, const GroupingOptions& options,
                    OperatorGrouping* out, Error* error) {
    out->labels.clear();
    if (options.by == GroupBy::Type && options.typeSource == TypeSource::ArgsField)
        return groupByArgsField(db, snapshot, options, out, error);
    groupByStringId(snapshot, options, out);
    return true;
}

} // namespace opscope
