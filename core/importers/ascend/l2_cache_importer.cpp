#include "core/importers/ascend/l2_cache_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"

#include <map>

namespace opscope::ascend {

namespace {

struct L2Columns {
    int stream = -1, task = -1, name = -1, device = -1;
    std::vector<ColumnName> names;
};

L2Columns l2ColumnsOf(const std::vector<std::string>& header) {
    L2Columns c;
    bool hasRate = false;
    for (std::size_t i = 0; i < header.size(); ++i) {
        std::string lowered = lowerAscii(cleanCell(header[i]));
        int index = static_cast<int>(i);
        if (lowered == "stream id") c.stream = index;
        else if (lowered == "task id") c.task = index;
        else if (lowered == "op name") c.name = index;
        else if (lowered == "device_id") c.device = index;
        else if (lowered == "hit rate") hasRate = true;
        c.names.push_back(splitColumnName(header[i]));
    }
    if (!hasRate) c.stream = -1;
    return c;
}

} // namespace

bool isL2CacheHeader(const std::vector<std::string>& header) {
    L2Columns c = l2ColumnsOf(header);
    return c.stream >= 0 && c.task >= 0;
}

bool importL2Cache(UnitContext& ctx, const std::string& path, L2CacheResult* result, Error* error) {
    auto reader = CsvReader::open(path, error);
    if (!reader) return false;
    std::vector<std::string> header, cells;
    if (!reader->next(&header) || !isL2CacheHeader(header)) {
        *error = Error{ErrorCode::BadCsv, path, 0, 1, -1, "an l2_cache header (Stream Id, Task Id, Hit Rate ...)", {}};
        return false;
    }
    L2Columns c = l2ColumnsOf(header);
    std::map<std::tuple<int, long long, long long>, std::size_t> seen; // occurrences so far per task key
    while (reader->next(&cells)) {
        if (reader->endedInsideQuotes() || (!reader->recordHadLineEnd() && cells.size() < header.size())) {
            *error = Error{ErrorCode::Truncated, path, reader->recordOffset(), reader->recordLine(), -1,
                           std::to_string(header.size()) + " fields", "the file ends inside this row"};
            break;
        }
        ++result->rows;
        auto cell = [&](int i) { return i >= 0 && i < static_cast<int>(cells.size()) ? cleanCell(cells[i]) : ""; };
        auto stream = parseInteger(cell(c.stream));
        auto task = parseInteger(cell(c.task));
        int device = parseInteger(cell(c.device)) ? static_cast<int>(*parseInteger(cell(c.device))) : ctx.defaultDevice;
        if (!stream || !task) {
            ++result->unjoined;
            continue;
        }
        std::size_t n = seen[{device, *stream, *task}]++;
        auto slice = ctx.timeline.taskOccurrence(device, *stream, *task, n);
        if (slice && c.name >= 0 && ctx.timeline.sliceName(*slice) != cell(c.name))
            slice.reset(); // the task id was reused by another kernel: do not guess
        if (!slice) {
            ++result->unjoined;
            continue;
        }
        ++result->joined;
        for (std::size_t i = 0; i < cells.size() && i < c.names.size(); ++i) {
            int index = static_cast<int>(i);
            if (index == c.stream || index == c.task || index == c.name || index == c.device) continue;
            addCellMetric(ctx.writer, *slice, "L2 " + c.names[i].key, c.names[i].unit, "AI Core PMU", cells[i], false,
                          false);
        }
    }
    return true;
}

} // namespace opscope::ascend
