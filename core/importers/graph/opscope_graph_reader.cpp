// Reader of opscope's own graph JSON (docs/graph-format.md): nodes by name with type, attributes and
// tensors; edges implied by tensor names (an output consumed as an input) and/or listed by node name.
#include "core/importers/graph/graph_formats.h"

#include <unordered_map>

namespace opscope {

namespace {

using nlohmann::json;

struct Tensor {
    std::string name;
    std::string shape; // JSON text or empty
};

// An input/output entry: "name" or {"tensor": "name", "shape": [...], ...}.
bool readTensors(const JsonSource& src, const json& node, const char* key, const std::string& where,
                 std::vector<Tensor>* out, std::string* shapesJson, Error* error) {
    auto it = node.find(key);
    if (it == node.end() || it->is_null()) return true;
    if (!it->is_array()) {
        *error = jsonValueError(src, where + "/" + key, std::string("an array of tensors in \"") + key + "\"");
        return false;
    }
    json shapes = json::array();
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& t = (*it)[i];
        Tensor tensor;
        if (t.is_string()) {
            tensor.name = t.get<std::string>();
            shapes.push_back(nullptr);
        } else if (t.is_object()) {
            if (auto n = t.find("tensor"); n != t.end() && n->is_string()) tensor.name = n->get<std::string>();
            auto shape = t.find("shape");
            if (shape != t.end() && !shape->is_array() && !shape->is_null()) {
                *error = jsonValueError(src, where + "/" + key + "/" + std::to_string(i) + "/shape",
                                        "a shape as an array of dimensions");
                return false;
            }
            if (shape != t.end() && shape->is_array()) tensor.shape = shape->dump();
            shapes.push_back(shape != t.end() ? *shape : json(nullptr));
        } else {
            *error = jsonValueError(src, where + "/" + key + "/" + std::to_string(i),
                                    "a tensor name or an object {\"tensor\", \"shape\"}");
            return false;
        }
        out->push_back(std::move(tensor));
    }
    *shapesJson = shapes.dump();
    return true;
}

struct NodeTensors {
    std::vector<Tensor> inputs, outputs;
};

bool readNode(const JsonSource& src, const json& node, std::size_t index, GraphNodeInput* out, NodeTensors* tensors,
              Error* error) {
    const std::string where = "/nodes/" + std::to_string(index);
    if (!node.is_object()) {
        *error = jsonValueError(src, where, "a node object {\"name\", \"type\", ...}");
        return false;
    }
    auto name = node.find("name");
    if (name == node.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
        *error = jsonValueError(src, name == node.end() ? where : where + "/name", "a non-empty string \"name\"");
        return false;
    }
    out->name = name->get<std::string>();
    if (auto t = node.find("type"); t != node.end() && t->is_string()) out->type = t->get<std::string>();
    auto scope = node.find("scope");
    out->scope = scope != node.end() && scope->is_string() ? scope->get<std::string>() : scopeOfName(out->name);
    if (auto attrs = node.find("attrs"); attrs != node.end()) {
        if (!attrs->is_object()) {
            *error = jsonValueError(src, where + "/attrs", "an object of attributes");
            return false;
        }
        out->attrsJson = attrs->dump();
    }
    if (auto aliases = node.find("aliases"); aliases != node.end() && aliases->is_array())
        for (const json& a : *aliases)
            if (a.is_string()) out->aliases.push_back(a.get<std::string>());
    out->order = static_cast<std::int64_t>(index);
    return readTensors(src, node, "inputs", where, &tensors->inputs, &out->inputShapesJson, error) &&
           readTensors(src, node, "outputs", where, &tensors->outputs, &out->outputShapesJson, error);
}

// Node by name, or by index when the edge gives a number.
bool edgeEnd(const JsonSource& src, const json& edge, const char* key, const std::string& where,
             const std::unordered_map<std::string, std::uint32_t>& byName, std::size_t nodeCount, std::uint32_t* out,
             Error* error) {
    auto it = edge.find(key);
    if (it != edge.end() && it->is_string()) {
        auto found = byName.find(it->get<std::string>());
        if (found != byName.end()) {
            *out = found->second;
            return true;
        }
    } else if (it != edge.end() && it->is_number_unsigned() && it->get<std::size_t>() < nodeCount) {
        *out = static_cast<std::uint32_t>(it->get<std::size_t>());
        return true;
    }
    *error = jsonValueError(src, it == edge.end() ? where : where + "/" + key,
                            std::string("\"") + key + "\": the name of a node in \"nodes\"");
    return false;
}

bool readEdges(const JsonSource& src, const std::unordered_map<std::string, std::uint32_t>& byName, GraphModel* out,
               Error* error) {
    auto edges = src.doc.find("edges");
    if (edges == src.doc.end() || edges->is_null()) return true;
    if (!edges->is_array()) {
        *error = jsonValueError(src, "/edges", "an array of edges {\"from\", \"to\"}");
        return false;
    }
    for (std::size_t i = 0; i < edges->size(); ++i) {
        const json& e = (*edges)[i];
        const std::string where = "/edges/" + std::to_string(i);
        if (!e.is_object()) {
            *error = jsonValueError(src, where, "an edge object {\"from\", \"to\"}");
            return false;
        }
        GraphEdgeInput edge;
        if (!edgeEnd(src, e, "from", where, byName, out->nodes.size(), &edge.src, error) ||
            !edgeEnd(src, e, "to", where, byName, out->nodes.size(), &edge.dst, error))
            return false;
        edge.kind = e.value("kind", std::string("data"));
        if (edge.kind != "data" && edge.kind != "ctrl") {
            *error = jsonValueError(src, where + "/kind", "\"kind\": \"data\" or \"ctrl\"");
            return false;
        }
        edge.tensor = e.contains("tensor") && e["tensor"].is_string() ? e["tensor"].get<std::string>() : "";
        if (e.contains("shape") && e["shape"].is_array()) edge.shape = e["shape"].dump();
        out->edges.push_back(std::move(edge));
    }
    return true;
}

} // namespace

bool readOpscopeGraph(const JsonSource& src, GraphModel* out, Error* error) {
    out->format = graphFormatName(GraphFormat::Opscope);
    const json& doc = src.doc;
    if (auto v = doc.find("version"); v != doc.end() && (!v->is_number_integer() || v->get<int>() != 1)) {
        *error = jsonValueError(src, "/version", "\"version\": 1");
        return false;
    }
    out->name = doc.value("name", std::string());
    out->direction = doc.value("direction", std::string());
    auto nodes = doc.find("nodes");
    if (nodes == doc.end() || !nodes->is_array()) {
        *error = jsonValueError(src, nodes == doc.end() ? "" : "/nodes", "an array \"nodes\"");
        return false;
    }
    std::unordered_map<std::string, std::uint32_t> byName;
    std::vector<NodeTensors> tensors(nodes->size());
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        GraphNodeInput node;
        if (!readNode(src, (*nodes)[i], i, &node, &tensors[i], error)) return false;
        if (!byName.emplace(node.name, static_cast<std::uint32_t>(i)).second) {
            *error = jsonValueError(src, "/nodes/" + std::to_string(i) + "/name",
                                    "a node name not used before (\"" + node.name + "\" is a duplicate)");
            return false;
        }
        out->nodes.push_back(std::move(node));
    }
    // Data edges by tensor: the node that outputs a tensor feeds every node that takes it as input.
    std::unordered_map<std::string, std::uint32_t> producer;
    for (std::size_t i = 0; i < tensors.size(); ++i)
        for (const Tensor& t : tensors[i].outputs)
            if (!t.name.empty()) producer.emplace(t.name, static_cast<std::uint32_t>(i));
    for (std::size_t i = 0; i < tensors.size(); ++i)
        for (const Tensor& t : tensors[i].inputs) {
            auto p = producer.find(t.name);
            if (t.name.empty() || p == producer.end() || p->second == i) continue;
            std::string shape = t.shape;
            if (shape.empty())
                for (const Tensor& o : tensors[p->second].outputs)
                    if (o.name == t.name) shape = o.shape;
            out->edges.push_back({p->second, static_cast<std::uint32_t>(i), "data", t.name, shape});
        }
    return readEdges(src, byName, out, error);
}

} // namespace opscope
