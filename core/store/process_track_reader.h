// The process and track rows an import reads back after writing them (device classification, the Ascend
// timeline join): plain rows, SQLite errors thrown as SqliteError like the writer's own.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct ProcessRow {
    std::int64_t id = 0;
    std::string pid; // the key the importer wrote ("2/1234" for the second input)
    std::string name, labels;
};

// Processes with id > afterId, in id order.
std::vector<ProcessRow> readProcessesAfter(Database& db, std::int64_t afterId);
// Processes not yet placed on a device.
std::vector<ProcessRow> readProcessesWithoutDevice(Database& db);
// 0 when there is none.
std::int64_t maxProcessId(Database& db);

struct TrackThreadRow {
    std::int64_t trackId = 0, processId = 0;
    std::string threadName; // empty: not a thread track
};
// Tracks of the processes with id > afterProcess.
std::vector<TrackThreadRow> readTracksAfterProcess(Database& db, std::int64_t afterProcess);
// Thread tracks (kind 'thread') by process id.
std::map<std::int64_t, std::vector<std::int64_t>> readThreadTracksByProcess(Database& db);

} // namespace opscope
