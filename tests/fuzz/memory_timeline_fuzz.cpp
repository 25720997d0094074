// libFuzzer harness for the PyTorch raw memory-timeline parser: any bytes, fed whole and then in two
// pieces split at a position the input chooses; both must agree and nothing may crash or hang.
#include "core/importers/memory_timeline/memory_timeline_parser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    opscope::MemoryTimelineParser whole;
    bool okWhole = whole.feed(bytes) && whole.finish();
    opscope::MemoryTimelineParser split;
    std::size_t cut = size ? data[0] % (size + 1) : 0;
    bool okSplit = split.feed(bytes.substr(0, cut)) && split.feed(bytes.substr(cut)) && split.finish();
    if (okWhole != okSplit || whole.eventCount() != split.eventCount()) std::abort();
    if (!okWhole && whole.error().byteOffset > static_cast<std::int64_t>(size)) std::abort();
    return 0;
}
