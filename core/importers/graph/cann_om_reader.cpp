// Reader of the CANN offline-model JSON that `atc --mode=1 --json` (or --mode=5 from a GE dump)
// writes: graph[].op[] with name, type, input ["src:index"; "src:-1" is a control edge], input_desc/
// output_desc shapes and attr as a [{key, value:{i|s|b|f|list}}] list. Constants are left out.
#include "core/importers/graph/graph_formats.h"

#include <cstdlib>
#include <unordered_map>

namespace opscope {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxAttrText = 200;

json attrValue(const json& value) {
    if (!value.is_object()) return nullptr;
    for (const char* key : {"i", "f", "b"})
        if (auto it = value.find(key); it != value.end()) return *it;
    if (auto s = value.find("s"); s != value.end() && s->is_string()) {
        const std::string& text = s->get_ref<const std::string&>();
        if (text.size() <= kMaxAttrText) return *s;
        // Cut at a character boundary: half a UTF-8 sequence would make the stored JSON invalid.
        std::size_t cut = kMaxAttrText;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        return json(text.substr(0, cut) + "…");
    }
    if (auto list = value.find("list"); list != value.end() && list->is_object()) {
        for (const char* key : {"i", "s", "f", "b"})
            if (auto it = list->find(key); it != list->end()) return *it;
        return json::array();
    }
    if (value.contains("t")) return "<tensor>";
    if (value.contains("g")) return "<graph>";
    return nullptr;
}

json attrsOf(const json& op, std::vector<std::string>* originalNames) {
    json attrs = json::object();
    auto list = op.find("attr");
    if (list == op.end() || !list->is_array()) return attrs;
    for (const json& item : *list) {
        if (!item.is_object() || !item.contains("key") || !item["key"].is_string()) continue;
        const std::string key = item["key"].get<std::string>();
        json v = attrValue(item.value("value", json()));
        if (key == "_datadump_original_op_names" && v.is_array())
            for (const json& name : v)
                if (name.is_string()) originalNames->push_back(name.get<std::string>());
        attrs[key] = std::move(v);
    }
    attrs["op_id"] = op.value("id", json());
    return attrs;
}

json dimsOf(const json& desc) {
    if (!desc.is_object()) return nullptr;
    auto shape = desc.find("shape");
    if (shape == desc.end() || !shape->is_object()) return json::array(); // a scalar
    return shape->value("dim", json::array());
}

json shapesOf(const json& op, const char* key) {
    json shapes = json::array();
    if (auto d = op.find(key); d != op.end() && d->is_array())
        for (const json& desc : *d) shapes.push_back(dimsOf(desc));
    return shapes;
}

bool isConstant(const std::string& type) { return type == "Const" || type == "Constant"; }

struct PendingInput {
    std::uint32_t dst;
    std::size_t slot;
    std::string text; // "src:index"
};

} // namespace

bool readCannOm(const JsonSource& src, GraphModel* out, Error* error) {
    out->format = graphFormatName(GraphFormat::CannOm);
    out->name = src.doc.value("name", std::string());
    const json& graphs = src.doc["graph"];
    std::unordered_map<std::string, std::uint32_t> byName;
    std::unordered_map<std::string, json> outputShapes; // op name -> output shapes (also for constants)
    std::vector<PendingInput> inputs;
    for (std::size_t g = 0; g < graphs.size(); ++g) {
        const json& graph = graphs[g];
        const std::string graphName = graph.value("name", std::string());
        auto ops = graph.find("op");
        if (ops == graph.end()) continue;
        if (!ops->is_array()) {
            *error = jsonValueError(src, "/graph/" + std::to_string(g) + "/op", "an array of ops");
            return false;
        }
        for (std::size_t i = 0; i < ops->size(); ++i) {
            const json& op = (*ops)[i];
            const std::string where = "/graph/" + std::to_string(g) + "/op/" + std::to_string(i);
            if (!op.is_object() || !op.contains("name") || !op["name"].is_string()) {
                *error = jsonValueError(src, where, "an op object with a string \"name\"");
                return false;
            }
            GraphNodeInput node;
            node.name = op["name"].get<std::string>();
            node.type = op.value("type", std::string());
            outputShapes[node.name] = shapesOf(op, "output_desc");
            if (isConstant(node.type)) {
                ++out->skippedNodes;
                continue;
            }
            node.scope = g == 0 ? scopeOfName(node.name) : graphName;
            node.attrsJson = attrsOf(op, &node.aliases).dump();
            node.inputShapesJson = shapesOf(op, "input_desc").dump();
            node.outputShapesJson = outputShapes[node.name].dump();
            node.order = static_cast<std::int64_t>(out->nodes.size());
            auto dst = static_cast<std::uint32_t>(out->nodes.size());
            if (!byName.emplace(node.name, dst).second) continue; // a name repeated in a subgraph: first wins
            if (auto in = op.find("input"); in != op.end() && in->is_array())
                for (std::size_t k = 0; k < in->size(); ++k)
                    if ((*in)[k].is_string() && !(*in)[k].get_ref<const std::string&>().empty())
                        inputs.push_back({dst, k, (*in)[k].get<std::string>()});
            out->nodes.push_back(std::move(node));
        }
    }
    for (const PendingInput& in : inputs) {
        std::size_t colon = in.text.rfind(':');
        std::string srcName = in.text.substr(0, colon);
        auto s = byName.find(srcName);
        if (s == byName.end()) continue; // a constant or a graph input
        int index = colon == std::string::npos ? 0 : std::atoi(in.text.c_str() + colon + 1);
        GraphEdgeInput edge{s->second, in.dst, index < 0 ? "ctrl" : "data", index < 0 ? "" : in.text, {}};
        const json& shapes = outputShapes[srcName];
        if (index >= 0 && static_cast<std::size_t>(index) < shapes.size()) edge.shape = shapes[index].dump();
        out->edges.push_back(std::move(edge));
    }
    return true;
}

} // namespace opscope
