// Operator -> kernel sequences and fusion candidates on a fixture with known patterns.
#include "core/session/open_trace.h"
#include "../launch_fixtures.h"
#include "core/analysis/launch/kernel_sequences.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("kernel sequences per operator, the minimum length on both sides, fusion candidates", "[launch][sequences]") {
    TempDir dir;
    OpenResult result;
    Error error;
    REQUIRE(openTrace({dir.write("seq.json", kSequenceTrace)}, OpenOptions{}, ImportProgress{}, &result, &error));
    Database db(result.storePath, Database::Mode::ReadOnly);
    LaunchData launches;
    HostCallData host;
    REQUIRE(readLaunchData(db, &launches, &error));
    REQUIRE(readHostCalls(db, &host, &error));

    SequenceReport r = findKernelSequences(launches, host, SequenceOptions{});
    REQUIRE(r.sequences.size() == 2);
    CHECK(r.roots == 3); // aten::add has 2 kernels, under the minimum of 3
    const KernelSequence& top = r.sequences[0];
    CHECK(top.pattern == "aten::linear|gemm|bias|relu");
    CHECK(top.count == 2);
    CHECK(top.kernels == 3);
    CHECK(top.gpuTotalNs == 2 * 14000);
    CHECK(top.cpuTotalNs == 60000);
    CHECK(top.opToLaunchTotalNs == 2000 + 4000);
    CHECK(top.meanOpToLaunchNs() == Approx(3000));
    // delays: 40-4, 50-12, 60-22 and 140-106, 150-112, 160-122 (us)
    CHECK(top.launchToKernelTotalNs == (36 + 38 + 38 + 34 + 38 + 38) * 1000);
    CHECK(r.sequences[1].pattern == "aten::linear|gemm|relu|bias");
    CHECK(r.sequences[1].count == 1);
    REQUIRE(r.fusionCandidates.size() == 1); // seen at least twice
    CHECK(r.fusionCandidates[0].pattern == top.pattern);

    SequenceOptions two;
    two.minPatternLength = 2;
    two.operatorName = "aten::add";
    SequenceReport adds = findKernelSequences(launches, host, two);
    REQUIRE(adds.sequences.size() == 1);
    CHECK(adds.sequences[0].pattern == "aten::add|add|add");
    SequenceOptions three = two;
    three.minPatternLength = 3;
    CHECK(findKernelSequences(launches, host, three).sequences.empty());
}
