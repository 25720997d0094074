// Format recognition and dispatch for graph files.
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/protobuf_text.h"

namespace opscope {

const char* graphFormatName(GraphFormat format) {
    switch (format) {
    case GraphFormat::Opscope: return "opscope-graph";
    case GraphFormat::PytorchEt: return "pytorch-et";
    case GraphFormat::CannOm: return "cann-om";
    case GraphFormat::GeProto: return "ge-proto";
    case GraphFormat::Unknown: break;
    }
    return "unknown";
}

std::string scopeOfName(const std::string& name) {
    std::size_t slash = name.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string() : name.substr(0, slash);
}

namespace {

bool looksLikeEtNode(const nlohmann::json& node) {
    return node.is_object() && node.contains("name") && node.contains("id") &&
           (node.contains("ctrl_deps") || node.contains("parent") || node.contains("rf_id") ||
            node.contains("op_schema"));
}

} // namespace

GraphFormat sniffGraphFormat(const nlohmann::json& doc) {
    if (!doc.is_object()) return GraphFormat::Unknown;
    auto format = doc.find("format");
    if (format != doc.end() && format->is_string() && *format == "opscope-graph") return GraphFormat::Opscope;
    auto graph = doc.find("graph");
    if (graph != doc.end() && graph->is_array() && !graph->empty() && (*graph)[0].is_object() &&
        (*graph)[0].contains("op"))
        return GraphFormat::CannOm;
    auto nodes = doc.find("nodes");
    if (nodes == doc.end() || !nodes->is_array()) return GraphFormat::Unknown;
    if (doc.contains("schema") && doc.contains("pid")) return GraphFormat::PytorchEt;
    for (std::size_t i = 0; i < nodes->size() && i < 8; ++i)
        if (looksLikeEtNode((*nodes)[i])) return GraphFormat::PytorchEt;
    // Our own format without the "format" key: nodes that are objects with a name.
    if (nodes->empty() || ((*nodes)[0].is_object() && (*nodes)[0].contains("name"))) return GraphFormat::Opscope;
    return GraphFormat::Unknown;
}

bool readGraphFile(const std::string& path, GraphModel* out, Error* error) {
    JsonSource source;
    const bool read = readJsonSource(path, &source, error);
    *out = GraphModel{};
    out->sourcePath = path;
    // Not JSON: a GE dump is protobuf text, recognised by its first token (a field name, then ':' or '{').
    if (!read && error->code == ErrorCode::NotJson && looksLikeProtobufText(source.text)) {
        *error = Error{};
        try {
            return readGeProto(source.text, path, out, error);
        } catch (const nlohmann::json::exception& e) { // as for the JSON formats below: an error, never an abort
            *error = Error{ErrorCode::WrongType, path, -1, -1, -1, "graph fields of the documented types", e.what()};
            return false;
        }
    }
    if (!read) return false;
    out->invalidUtf8Replaced = static_cast<std::int64_t>(source.invalidUtf8Replaced);
    // The readers check the fields they rely on; a value of another type anywhere else ("direction":
    // false, a number where a name was) must still end as an error naming the file, never an abort.
    try {
        switch (sniffGraphFormat(source.doc)) {
        case GraphFormat::Opscope: return readOpscopeGraph(source, out, error);
        case GraphFormat::PytorchEt: return readPytorchEt(source, out, error);
        case GraphFormat::CannOm: return readCannOm(source, out, error);
        case GraphFormat::GeProto: // recognised by its text above, never by JSON keys
        case GraphFormat::Unknown: break;
        }
    } catch (const nlohmann::json::exception& e) {
        *error = Error{ErrorCode::WrongType, path, -1, -1, -1, "graph fields of the documented types", e.what()};
        return false;
    }
    *error = jsonValueError(source, "",
                            "an opscope graph (\"format\": \"opscope-graph\", nodes), a PyTorch Execution Trace "
                            "(schema, nodes) or a CANN offline-model JSON (graph[].op)",
                            ErrorCode::UnknownFormat);
    error->detail.clear();
    return false;
}

} // namespace opscope
