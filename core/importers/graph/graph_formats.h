// The graph file formats opscope reads (docs/graph-format.md): its own graph JSON, the PyTorch
// Execution Trace (schema 1.0.1 and >= 1.0.3-chakra), the CANN offline-model JSON (atc --json) and
// GE's protobuf-text graph dump (ge_proto_*_Build.txt).
// Each reader fills a GraphModel or an Error naming the file, the place and what was expected.
#pragma once
#include "core/importers/graph/graph_json_source.h"
#include "core/model/graph_model.h"
#include "core/model/error.h"

#include <string>

namespace opscope {

enum class GraphFormat { Unknown, Opscope, PytorchEt, CannOm, GeProto };

const char* graphFormatName(GraphFormat format); // "opscope-graph", "pytorch-et", "cann-om", "ge-proto"
// Decides by the document's top-level keys (see docs/graph-format.md, "Recognising a file").
GraphFormat sniffGraphFormat(const nlohmann::json& doc);

bool readOpscopeGraph(const JsonSource& source, GraphModel* out, Error* error);
bool readPytorchEt(const JsonSource& source, GraphModel* out, Error* error);
bool readCannOm(const JsonSource& source, GraphModel* out, Error* error);
// text: the whole protobuf-text dump (ge_proto_reader.cpp).
bool readGeProto(const std::string& text, const std::string& path, GraphModel* out, Error* error);

// Reads any of the formats (plain or gzip): JSON by its top-level keys, protobuf text by its first token.
bool readGraphFile(const std::string& path, GraphModel* out, Error* error);

// Helpers shared by the readers.
std::string scopeOfName(const std::string& name); // "layer1/conv2" -> "layer1"; "conv" -> ""

} // namespace opscope
