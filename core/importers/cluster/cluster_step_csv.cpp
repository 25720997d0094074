#include "core/importers/cluster/cluster_step_csv.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"

#include <array>

namespace opscope::cluster {

namespace {

using ascend::cleanCell;
using ascend::lowerAscii;

enum Column {
    kStep, kType, kIndex, kComputing, kCommNotOverlapped, kOverlapped, kCommunication, kFree, kStage, kBubble,
    kCommNotOverlappedExcludeReceive, kPreparing, kDp, kPp, kTp, kColumnCount
};

constexpr std::array<const char*, kColumnCount> kHeaders = {
    "step", "type", "index", "computing", "communication(not overlapped)", "overlapped", "communication", "free",
    "stage", "bubble", "communication(not overlapped and exclude receive)", "preparing", "dp index", "pp index",
    "tp index"};

// The columns every version writes.
constexpr std::array<Column, 8> kRequired = {kType, kIndex, kComputing, kCommNotOverlapped, kOverlapped,
                                             kCommunication, kFree, kStage};

std::optional<TimeNs> microsCell(const std::vector<std::string>& fields, int column) {
    if (column < 0 || column >= static_cast<int>(fields.size())) return TimeNs{0};
    std::string_view cell = cleanCell(fields[column]);
    if (cell.empty() || ascend::isMissing(cell)) return TimeNs{0};
    return ascend::parseMicros(cell);
}

int intCell(const std::vector<std::string>& fields, int column) {
    if (column < 0 || column >= static_cast<int>(fields.size())) return -1;
    auto v = ascend::parseInteger(cleanCell(fields[column]));
    return v && *v >= 0 && *v < (1LL << 30) ? static_cast<int>(*v) : -1;
}

std::string textCell(const std::vector<std::string>& fields, int column) {
    if (column < 0 || column >= static_cast<int>(fields.size())) return {};
    return std::string(cleanCell(fields[column]));
}

} // namespace

bool readClusterStepCsv(const std::string& path, std::vector<ClusterStepRow>* rows, Error* error) {
    std::unique_ptr<CsvReader> reader = CsvReader::open(path, error);
    if (!reader) return false;
    std::vector<std::string> fields;
    if (!reader->next(&fields)) {
        *error = reader->error() ? reader->error() : Error{ErrorCode::EmptyFile, path, 0, 1, -1, "a header row", {}};
        return false;
    }
    std::array<int, kColumnCount> at;
    at.fill(-1);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string name = lowerAscii(cleanCell(fields[i]));
        for (int c = 0; c < kColumnCount; ++c)
            if (name == kHeaders[c] && at[c] < 0) at[c] = static_cast<int>(i);
    }
    for (Column c : kRequired)
        if (at[c] < 0) {
            *error = Error{ErrorCode::BadCsv, path, 0, 1, -1,
                           std::string("a cluster_step_trace_time.csv header with column ") + kHeaders[c], {}};
            return false;
        }
    while (reader->next(&fields)) {
        ClusterStepRow row;
        row.step = textCell(fields, at[kStep]);
        row.type = lowerAscii(textCell(fields, at[kType]));
        row.index = textCell(fields, at[kIndex]);
        if (row.type == "rank") row.rank = intCell(fields, at[kIndex]);
        std::array<TimeNs*, 8> targets = {&row.computingNs, &row.communicationNotOverlappedNs, &row.overlappedNs,
                                          &row.communicationNs, &row.freeNs, &row.stageNs, &row.bubbleNs,
                                          &row.communicationNotOverlappedExcludeReceiveNs};
        std::array<Column, 8> columns = {kComputing, kCommNotOverlapped, kOverlapped, kCommunication,
                                         kFree, kStage, kBubble, kCommNotOverlappedExcludeReceive};
        for (std::size_t i = 0; i < columns.size(); ++i) {
            std::optional<TimeNs> ns = microsCell(fields, at[columns[i]]);
            if (!ns) {
                *error = Error{ErrorCode::BadCsv, path, reader->recordOffset(), reader->recordLine(), -1,
                               std::string("a number of µs in column ") + kHeaders[columns[i]], textCell(fields, at[columns[i]])};
                return false;
            }
            *targets[i] = *ns;
        }
        if (at[kPreparing] >= 0) row.preparingNs = microsCell(fields, at[kPreparing]);
        row.dpIndex = intCell(fields, at[kDp]);
        row.ppIndex = intCell(fields, at[kPp]);
        row.tpIndex = intCell(fields, at[kTp]);
        if (row.type != "rank" && row.type != "stage") {
            *error = Error{ErrorCode::BadCsv, path, reader->recordOffset(), reader->recordLine(), -1,
                           "Type rank or stage", row.type};
            return false;
        }
        if (row.type == "rank" && row.rank < 0) {
            *error = Error{ErrorCode::BadCsv, path, reader->recordOffset(), reader->recordLine(), -1,
                           "a rank number in column Index", row.index};
            return false;
        }
        rows->push_back(std::move(row));
    }
    if (reader->error()) {
        *error = reader->error();
        return false;
    }
    return true;
}

} // namespace opscope::cluster
