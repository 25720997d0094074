// libFuzzer harness: the graph readers (opscope graph JSON, PyTorch ET, CANN offline model).
#include "fuzz_support.h"

#include "core/importers/graph/graph_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    const std::string path = fuzz::writeInput(data, size, "g.json");
    GraphModel model;
    Error error;
    readGraphFile(path, &model, &error);
    return 0;
}
