// libFuzzer harness: GE's protobuf-text graph dump (the text parser, then the graph reader).
#include "fuzz_support.h"

#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/protobuf_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    TextDocument doc;
    Error error;
    parseProtobufText(std::string_view(reinterpret_cast<const char*>(data), size), "in.txt", &doc, &error);
    const std::string path = fuzz::writeInput(data, size, "ge_proto_1_Build.txt");
    GraphModel model;
    readGraphFile(path, &model, &error);
    return 0;
}
