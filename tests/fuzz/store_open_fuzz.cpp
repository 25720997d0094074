// libFuzzer harness: opening a file as an opscope store through the session's open path (the door
// of every command: validation first), then what info, stats, bubbles, diagnose and baseline read
// from it, and the timeline (its stored layout, timeline_pack, read and checked, or the slice scan). Every failure must come back as an Error value; SQLite's errors on a damaged page are
// turned into errors by TraceSession::query, so nothing here may throw.
#include "fuzz_support.h"

#include "core/session/trace_session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    const std::string path = fuzz::writeInput(data, size, "store.opscope.sqlite");
    Error error;
    if (auto session = TraceSession::openStore(path, &error)) {
        StoreSummary summary;
        session->summary(&summary, &error);
        OperatorStats stats;
        session->operatorStats(OperatorStatsOptions{}, &stats, &error);
        BubbleReport bubbles;
        session->bubbles(BubbleOptions{}, &bubbles, &error);
        DiagnosisReport diagnosis;
        session->diagnosis(DiagnosisOptions{}, &diagnosis, &error);
        BaselineAggregates baseline;
        session->baseline(BaselineOptions{}, &baseline, &error);
        session->timeline(&error);
    }
    fuzz::clearScratch();
    return 0;
}
