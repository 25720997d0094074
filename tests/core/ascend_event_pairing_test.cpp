// Ascend EVENT_WAIT -> EVENT_RECORD pairing by device time (the exports name no event id): a record pairs
// when it ended inside the wait's span, both ends included; the later of two; never on the wait's own stream
// or another device. On the shared torch_npu rank 0 the waits, and the tasks that start before their
// launching call (clock skew, not a wrong link), are checked against what the data shows.
#include "core/analysis/launch/ascend_event_pairing.h"
#include "core/analysis/launch/queue_length.h"
#include "../shared_samples.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

struct Builder {
    LaunchData data;
    Builder() {
        data.names = {"EVENT_RECORD", "EVENT_WAIT", "MatMul"};
        data.streams = {{1, "0", "2", 1}, {2, "0", "3", 2}, {3, "1", "3", 3}}; // device 0: streams 2, 3; device 1: stream 3
    }
    std::uint32_t add(std::uint32_t nameId, std::uint32_t stream, TimeNs tsNs, TimeNs durNs) {
        DeviceLaunchEvent e;
        e.sliceId = static_cast<std::int64_t>(data.events.size()) + 100;
        e.nameId = nameId;
        e.stream = stream;
        e.tsNs = tsNs;
        e.durNs = durNs;
        data.events.push_back(e);
        return static_cast<std::uint32_t>(data.events.size() - 1);
    }
};

constexpr std::uint32_t kRecord = 0, kWait = 1, kKernel = 2;

} // namespace

TEST_CASE("Ascend event pairing: a record ending inside the wait's span, ends included", "[launch][critical][ascend]") {
    Builder b;
    const std::uint32_t wait = b.add(kWait, 0, 1000, 500);            // waits 1000..1500 on stream 2
    const std::uint32_t atStart = b.add(kRecord, 1, 990, 10);         // ends at 1000: the wait's start
    const std::uint32_t before = b.add(kRecord, 1, 980, 19);          // ends at 999
    const std::uint32_t wait2 = b.add(kWait, 0, 2000, 500);           // 2000..2500
    const std::uint32_t atEnd = b.add(kRecord, 1, 2490, 10);          // ends at 2500: the wait's end
    const std::uint32_t wait3 = b.add(kWait, 0, 3000, 500);           // 3000..3500
    b.add(kRecord, 1, 3491, 10);                                      // ends at 3501: after the wait
    b.add(kRecord, 0, 3100, 10);                                      // its own stream
    b.add(kRecord, 2, 3100, 10);                                      // another device
    b.add(kKernel, 1, 3200, 10);                                      // not a record
    const std::vector<std::uint32_t> awaited = pairAscendEventWaits(b.data);
    CHECK(awaited[wait] == atStart);
    CHECK(awaited[wait2] == atEnd);
    CHECK(awaited[wait3] == kNoAwaitedRecord);
    CHECK(awaited[atStart] == kNoAwaitedRecord); // only waits are paired
    CHECK(awaited[before] == kNoAwaitedRecord);

    Builder one; // a record 1 ns before the wait's start is not inside it
    const std::uint32_t w = one.add(kWait, 0, 1000, 500);
    one.add(kRecord, 1, 980, 19);
    CHECK(pairAscendEventWaits(one.data)[w] == kNoAwaitedRecord);
}

TEST_CASE("Ascend event pairing: of two records inside the wait, the one that ended last released it", "[launch][critical][ascend]") {
    Builder b;
    const std::uint32_t wait = b.add(kWait, 0, 1000, 500);
    b.add(kRecord, 1, 1100, 10);
    const std::uint32_t last = b.add(kRecord, 1, 1480, 10);
    CHECK(pairAscendEventWaits(b.data)[wait] == last);
    CHECK(isAscendEventRecord("EVENT_RECORD"));
    CHECK_FALSE(isAscendEventRecord("EVENT_WAIT"));
    CHECK(isAscendEventWait("EVENT_WAIT"));
    CHECK_FALSE(isAscendEventWait("Notify Wait"));
}

TEST_CASE("torch_npu rank 0: no compute-stream record ends inside a wait; early tasks are linked right", "[launch][critical][ascend][shared]") {
    const std::string input = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    TempDir dir;
    Database db = openReadOnly(importedStore(dir, input));
    LaunchData data;
    Error error;
    REQUIRE(readLaunchData(db, &data, &error));
    // Stream 2 holds six waits: two were not held (their records on stream 3 ended 138 and 153 us before),
    // four were held until records on stream 4, HCCL's stream without compute tasks (no device events).
    std::int64_t waits = 0, heldNs = 0;
    const std::vector<std::uint32_t> awaited = pairAscendEventWaits(data);
    for (std::uint32_t i = 0; i < data.events.size(); ++i) {
        if (!isAscendEventWait(data.name(data.events[i].nameId))) continue;
        ++waits;
        CHECK(awaited[i] == kNoAwaitedRecord);
        if (data.events[i].durNs > 1000) heldNs += data.events[i].durNs;
    }
    CHECK(waits == 6);
    CHECK(heldNs / 1000 == 91684); // 65.6 + 2.1 + 2.1 + 21.9 ms
    // The 28 tasks that start before their call: each linked by connection_id to the call that names it,
    // so the link is right and the host and device clocks disagree (by up to 11.1 us).
    CHECK(db.scalarInt("SELECT count(*) FROM launch_link l JOIN slice d ON d.id = l.device_slice_id "
                       "JOIN slice c ON c.id = l.call_slice_id WHERE d.ts < c.ts") == 28);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_link l JOIN slice_view d ON d.id = l.device_slice_id "
                       "JOIN slice_view c ON c.id = l.call_slice_id WHERE d.ts < c.ts AND l.source = 'connection_id' AND "
                       "(json_extract(c.args, '$.item_id') = d.name OR (c.name = 'AscendCL@aclrtStreamWaitEvent' AND d.name = 'EVENT_WAIT'))") == 28);
    CHECK(db.scalarInt("SELECT max(c.ts - d.ts) FROM launch_link l JOIN slice d ON d.id = l.device_slice_id "
                       "JOIN slice c ON c.id = l.call_slice_id WHERE d.ts < c.ts") == 11132);
    // The launch queue of stream 2 counts its 27 at their call's start (it read -1 before); the 28th, an
    // EVENT_WAIT on stream 4, is no device event (that stream has no compute task).
    const QueueReport queue = computeQueueLength(data, QueueOptions{});
    REQUIRE(queue.streams.size() == 2);
    CHECK(queue.streams[0].stream == "2");
    CHECK(queue.streams[0].earlyStarts == 27);
    CHECK(queue.streams[0].min == 0);
    CHECK(queue.streams[0].max == 32);
    CHECK(queue.streams[1].earlyStarts == 0);
}
