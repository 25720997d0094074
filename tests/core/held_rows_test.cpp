// The writer's held process, thread and track rows (core/store/store_writer_held_rows.cpp): what is set
// on them while they are held is in the rows finish() writes, what is set after that updates the rows,
// and a failure while writing them leaves no store.
#include "test_support.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string rowText(Database& db, const std::string& sql) {
    Statement st = db.prepare(sql);
    std::string text;
    while (st.step()) {
        for (int c = 0; c < st.columnCount(); ++c) text += (st.isNull(c) ? std::string("NULL") : st.text(c)) + "|";
        text += "\n";
    }
    return text;
}

} // namespace

TEST_CASE("a process and its tracks set while held are written with what was set", "[store][heldrows]") {
    TempDir dir;
    Error error;
    const std::string path = dir.file("held.sqlite");
    auto writer = StoreWriter::create(path, &error);
    REQUIRE(writer);
    const ProcessId host = writer->process("7");
    const ProcessId gpu = writer->process("gpu");
    const TrackId before = writer->threadTrack(writer->thread(gpu, "3")); // made before the device is set
    writer->setProcessName(host, "python");
    writer->setProcessLabels(host, "rank 0");
    writer->setProcessSortIndex(host, 4);
    const DeviceId device = writer->device("GPU 0", "gpu", 0);
    writer->setProcessDevice(gpu, device);
    const TrackId after = writer->namedTrack(gpu, TrackKind::Async, "stream 7");
    const TrackId counter = writer->counterTrack(host, "mem", "bytes");
    writer->setTrackCompute(before, true);
    writer->setTrackSortIndex(after, -2);
    writer->setProcessName(gpu, ""); // an empty name is a name, not NULL
    ImportSummary summary;
    REQUIRE(writer->finish(&summary, &error));
    CHECK(summary.processes == 2);
    CHECK(summary.tracks == 3);
    Database db = openReadOnly(path);
    CHECK(rowText(db, "SELECT id, pid, name, labels, sort_index, device_id FROM process ORDER BY id") ==
          std::to_string(host) + "|7|python|rank 0|4|NULL|\n" + std::to_string(gpu) + "|gpu||NULL|NULL|" +
              std::to_string(device) + "|\n");
    CHECK(rowText(db, "SELECT id, process_id, kind, name, unit, sort_index, is_compute, device_id FROM track "
                      "ORDER BY id") ==
          std::to_string(before) + "|" + std::to_string(gpu) + "|thread|3|NULL|0|1|" + std::to_string(device) + "|\n" +
              std::to_string(after) + "|" + std::to_string(gpu) + "|async|stream 7|NULL|-2|0|" + std::to_string(device) + "|\n" +
              std::to_string(counter) + "|" + std::to_string(host) + "|counter|mem|bytes|0|0|NULL|\n");
}

TEST_CASE("setters and new rows after the held rows are written update the store", "[store][heldrows]") {
    TempDir dir;
    Error error;
    const std::string path = dir.file("late.sqlite");
    auto writer = StoreWriter::create(path, &error);
    REQUIRE(writer);
    const ProcessId early = writer->process("1");
    const TrackId earlyTrack = writer->threadTrack(writer->thread(early, "1"));
    // A finish pass runs after finish() wrote the held rows: each call there goes to the store at once.
    writer->addFinishPass([&](StoreWriter& w) {
        w.setProcessName(early, "late name");
        w.setTrackCompute(earlyTrack, true);
        const ProcessId late = w.process("2");
        w.setProcessSortIndex(late, 9);
        const ThreadId lateThread = w.thread(late, "5");
        w.setThreadName(lateThread, "worker");
        w.threadTrack(lateThread);
        w.setProcessDevice(early, w.device("NPU 0", "npu", 0));
    });
    ImportSummary summary;
    REQUIRE(writer->finish(&summary, &error));
    CHECK(summary.processes == 2);
    CHECK(summary.threads == 2);
    CHECK(summary.tracks == 2);
    Database db = openReadOnly(path);
    CHECK(rowText(db, "SELECT pid, name, sort_index, device_id IS NOT NULL FROM process ORDER BY id") ==
          "1|late name|NULL|1|\n2|NULL|9|0|\n");
    CHECK(rowText(db, "SELECT tid, name FROM thread ORDER BY id") == "1|NULL|\n5|worker|\n");
    CHECK(rowText(db, "SELECT t.name, t.is_compute, t.device_id IS NOT NULL, p.pid FROM track t "
                      "JOIN process p ON p.id = t.process_id ORDER BY t.id") ==
          "1|1|1|1|\n5|0|0|2|\n");
}

TEST_CASE("a held row failing to be written fails the import and leaves no store", "[store][heldrows]") {
    TempDir dir;
    Error error;
    const std::string path = dir.file("failed.sqlite");
    auto writer = StoreWriter::create(path, &error);
    REQUIRE(writer);
    writer->database().exec("CREATE TEMP TRIGGER planted BEFORE INSERT ON track WHEN NEW.name = 'bad' "
                            "BEGIN SELECT RAISE(ABORT, 'planted failure'); END");
    const ProcessId process = writer->process("1");
    for (int i = 0; i < 3000; ++i) writer->namedTrack(process, TrackKind::Instant, i == 2000 ? "bad" : std::to_string(i));
    ImportSummary summary;
    CHECK_FALSE(writer->finish(&summary, &error));
    CHECK(error.code == ErrorCode::StoreFailed);
    CHECK(error.detail.find("planted failure") != std::string::npos);
    writer.reset();
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(std::filesystem::directory_iterator(dir.path()) == std::filesystem::directory_iterator());
}
