// Deeply nested Chrome traces for opscope-gen --nest-depth: chains of slices on one thread, each
// inside the one before, to measure that an import's memory does not grow with nesting depth.
#pragma once
#include "gen_output.h"

#include <algorithm>
#include <cstdint>

namespace opscope::gen {

// Writes `events` events as chains `depth` deep on pid 1 / tid 1, times in whole µs. As X events,
// slice i of a chain starts at i and ends at 2*depth - i (each encloses the next). As B/E pairs
// (beginEnd), each chain is depth B events then their E events in reverse order; a pair counts as
// two events. Chains follow each other in time.
inline void writeNestedTrace(Sink& sink, std::int64_t events, std::int64_t depth, bool beginEnd) {
    const std::int64_t perSlice = beginEnd ? 2 : 1;
    std::int64_t chainStartUs = 0;
    for (std::int64_t left = events; left >= perSlice;) {
        const std::int64_t chain = std::min(depth, left / perSlice);
        for (std::int64_t i = 0; i < chain; ++i) {
            sink.beginEvent();
            sink.put(beginEnd ? R"({"ph":"B","name":"n)" : R"({"ph":"X","name":"n)");
            sink.putInt(i % 1000);
            sink.put(R"(","pid":1,"tid":1,"ts":)");
            sink.putInt(chainStartUs + i);
            if (!beginEnd) {
                sink.put(R"(,"dur":)");
                sink.putInt(2 * (chain - i));
            }
            sink.put('}');
        }
        for (std::int64_t i = beginEnd ? chain - 1 : -1; i >= 0; --i) {
            sink.beginEvent();
            sink.put(R"({"ph":"E","pid":1,"tid":1,"ts":)");
            sink.putInt(chainStartUs + 2 * chain - i);
            sink.put('}');
        }
        left -= chain * perSlice;
        chainStartUs += 2 * chain + 1;
    }
}

} // namespace opscope::gen
