// Reader of the PyTorch Execution Trace (ExecutionTraceObserver, as used by Chakra): schema 1.0.1
// (parent, inputs as arrays with input_shapes/input_types) and >= 1.0.3-chakra (ctrl_deps, inputs as
// {values, shapes, types}, attrs as a list). Data edges come from tensor ids: the last node that
// output a tensor feeds the next node that takes it; the call tree gives ctrl edges and the scope.
#include "core/importers/graph/graph_formats.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

using nlohmann::json;

bool isRootNode(const std::string& name) {
    return name.rfind("[pytorch|profiler|execution_trace|", 0) == 0 ||
           name.rfind("[pytorch|profiler|execution_graph|", 0) == 0;
}

struct EtIo {
    const json* values = nullptr;
    const json* shapes = nullptr;
    const json* types = nullptr;
};

// Old schema: "inputs", "input_shapes", "input_types"; new: "inputs": {"values", "shapes", "types"}.
EtIo ioOf(const json& node, const char* key, const char* shapesKey, const char* typesKey) {
    EtIo io;
    auto it = node.find(key);
    if (it == node.end()) return io;
    if (it->is_object()) {
        if (auto v = it->find("values"); v != it->end()) io.values = &*v;
        if (auto s = it->find("shapes"); s != it->end()) io.shapes = &*s;
        if (auto t = it->find("types"); t != it->end()) io.types = &*t;
    } else {
        io.values = &*it;
        if (auto s = node.find(shapesKey); s != node.end()) io.shapes = &*s;
        if (auto t = node.find(typesKey); t != node.end()) io.types = &*t;
    }
    return io;
}

bool isTensorValue(const json& v) {
    return v.is_array() && (v.size() == 5 || v.size() == 6) && v[0].is_number_integer();
}

// Tensor ids of one input/output slot: a tensor, or a list of tensors (GenericList[Tensor...]).
void tensorIdsOf(const json& value, const std::string& type, std::vector<std::int64_t>* out) {
    if (type.rfind("Tensor", 0) == 0 && isTensorValue(value)) {
        out->push_back(value[0].get<std::int64_t>());
    } else if (type.find("Tensor") != std::string::npos && value.is_array()) {
        for (const json& v : value)
            if (isTensorValue(v)) out->push_back(v[0].get<std::int64_t>());
    }
}

struct EtNode {
    std::int64_t id = 0;
    std::int64_t parent = -1;
    std::size_t index = 0; // into the file's nodes array
    std::vector<std::int64_t> inputs, outputs;
    std::vector<std::string> inputShapes; // per tensor input, JSON text
};

void collectTensors(const EtIo& io, std::vector<std::int64_t>* ids, std::vector<std::string>* shapes) {
    if (!io.values || !io.values->is_array()) return;
    for (std::size_t i = 0; i < io.values->size(); ++i) {
        std::string type = io.types && io.types->is_array() && i < io.types->size() && (*io.types)[i].is_string()
                               ? (*io.types)[i].get<std::string>()
                               : std::string("Tensor");
        std::size_t before = ids->size();
        tensorIdsOf((*io.values)[i], type, ids);
        if (shapes)
            for (std::size_t k = before; k < ids->size(); ++k)
                shapes->push_back(io.shapes && io.shapes->is_array() && i < io.shapes->size()
                                      ? (*io.shapes)[i].dump()
                                      : std::string());
    }
}

// attrs: the new schema's [{"name","type","value"}] as an object; the old schema's top-level fields.
json attrsOf(const json& node) {
    json attrs = json::object();
    if (auto a = node.find("attrs"); a != node.end() && a->is_array()) {
        for (const json& item : *a)
            if (item.is_object() && item.contains("name") && item["name"].is_string())
                attrs[item["name"].get<std::string>()] = item.value("value", json());
    }
    for (const char* key : {"rf_id", "op_schema", "seq_id", "scope", "tid", "fw_parent", "fw_tid"})
        if (auto it = node.find(key); it != node.end()) attrs[key] = *it;
    attrs["et_id"] = node.value("id", json());
    return attrs;
}

std::string typeOf(const json& attrs, const std::string& name) {
    std::string schema = attrs.contains("op_schema") && attrs["op_schema"].is_string()
                             ? attrs["op_schema"].get<std::string>()
                             : std::string();
    std::size_t paren = schema.find('(');
    if (!schema.empty()) return schema.substr(0, paren);
    return !name.empty() && name[0] == '[' ? "user_annotation" : "record_function";
}

std::int64_t parentOf(const json& node) {
    if (auto p = node.find("parent"); p != node.end() && p->is_number_integer()) return p->get<std::int64_t>();
    if (auto c = node.find("ctrl_deps"); c != node.end()) {
        if (c->is_number_integer()) return c->get<std::int64_t>();
        if (c->is_array() && !c->empty() && (*c)[0].is_number_integer()) return (*c)[0].get<std::int64_t>();
    }
    return -1;
}

} // namespace

bool readPytorchEt(const JsonSource& src, GraphModel* out, Error* error) {
    out->format = graphFormatName(GraphFormat::PytorchEt);
    out->name = src.doc.value("schema", std::string());
    const json& nodes = src.doc["nodes"];
    std::vector<EtNode> kept;
    std::unordered_map<std::int64_t, std::size_t> keptById; // ET id -> index in kept / out->nodes
    std::unordered_map<std::int64_t, std::int64_t> parentById;
    std::unordered_map<std::int64_t, std::string> nameById;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const json& n = nodes[i];
        const std::string where = "/nodes/" + std::to_string(i);
        if (!n.is_object() || !n.contains("name") || !n["name"].is_string()) {
            *error = jsonValueError(src, n.is_object() ? where : where, "an ET node with a string \"name\"");
            return false;
        }
        if (!n.contains("id") || !n["id"].is_number_integer()) {
            *error = jsonValueError(src, n.contains("id") ? where + "/id" : where, "an integer node \"id\"");
            return false;
        }
        std::int64_t id = n["id"].get<std::int64_t>();
        std::string name = n["name"].get<std::string>();
        parentById[id] = parentOf(n);
        nameById[id] = name;
        if (isRootNode(name)) {
            ++out->skippedNodes;
            continue;
        }
        EtNode et;
        et.id = id;
        et.parent = parentById[id];
        et.index = i;
        collectTensors(ioOf(n, "inputs", "input_shapes", "input_types"), &et.inputs, &et.inputShapes);
        collectTensors(ioOf(n, "outputs", "output_shapes", "output_types"), &et.outputs, nullptr);
        keptById[id] = kept.size();
        kept.push_back(std::move(et));
    }
    // Nodes in execution order (ids grow as ops start), so tensor producers precede their consumers.
    std::vector<std::size_t> order(kept.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return kept[a].id < kept[b].id; });
    std::vector<std::size_t> nodeOf(kept.size()); // kept index -> out->nodes index
    for (std::size_t rank = 0; rank < order.size(); ++rank) nodeOf[order[rank]] = rank;

    // Scope: the names of the kept ancestors, outermost first.
    auto scopeOf = [&](std::int64_t id) {
        std::vector<std::string> chain;
        std::unordered_set<std::int64_t> seen{id};
        std::int64_t p = parentById.count(id) ? parentById[id] : -1;
        while (p >= 0 && keptById.count(p) && seen.insert(p).second) {
            chain.push_back(nameById[p]);
            p = parentById.count(p) ? parentById[p] : -1;
        }
        std::string scope;
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) scope += (scope.empty() ? "" : "/") + *it;
        return scope;
    };
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const EtNode& et = kept[order[rank]];
        const json& n = nodes[et.index];
        GraphNodeInput node;
        node.name = n["name"].get<std::string>();
        json attrs = attrsOf(n);
        node.type = typeOf(attrs, node.name);
        node.scope = scopeOf(et.id);
        if (attrs.contains("rf_id") && attrs["rf_id"].is_number_integer() && attrs["rf_id"].get<std::int64_t>() > 0)
            node.recordFunctionId = attrs["rf_id"].get<std::int64_t>();
        node.attrsJson = attrs.dump();
        EtIo in = ioOf(n, "inputs", "input_shapes", "input_types");
        EtIo outIo = ioOf(n, "outputs", "output_shapes", "output_types");
        node.inputShapesJson = in.shapes ? in.shapes->dump() : "[]";
        node.outputShapesJson = outIo.shapes ? outIo.shapes->dump() : "[]";
        node.order = et.id;
        out->nodes.push_back(std::move(node));
    }
    // Ctrl edges: parent -> child in the call tree.
    auto isAncestor = [&](std::int64_t maybeAncestor, std::int64_t id) {
        std::unordered_set<std::int64_t> seen;
        for (std::int64_t p = parentById.count(id) ? parentById[id] : -1; p >= 0 && seen.insert(p).second;
             p = parentById.count(p) ? parentById[p] : -1)
            if (p == maybeAncestor) return true;
        return false;
    };
    for (std::size_t k = 0; k < kept.size(); ++k) {
        auto parent = keptById.find(kept[k].parent);
        if (parent != keptById.end() && parent->second != k)
            out->edges.push_back({static_cast<std::uint32_t>(nodeOf[parent->second]),
                                  static_cast<std::uint32_t>(nodeOf[k]), "ctrl", {}, {}});
    }
    // Data edges by tensor id, in execution order.
    std::unordered_map<std::int64_t, std::size_t> producer; // tensor id -> kept index
    for (std::size_t k : order) {
        const EtNode& et = kept[k];
        std::unordered_set<std::size_t> linked;
        for (std::size_t t = 0; t < et.inputs.size(); ++t) {
            auto p = producer.find(et.inputs[t]);
            if (p == producer.end() || p->second == k || isAncestor(kept[p->second].id, et.id)) continue;
            if (!linked.insert(p->second).second) continue;
            out->edges.push_back({static_cast<std::uint32_t>(nodeOf[p->second]), static_cast<std::uint32_t>(nodeOf[k]),
                                  "data", std::to_string(et.inputs[t]),
                                  t < et.inputShapes.size() ? et.inputShapes[t] : std::string()});
        }
        for (std::int64_t tensor : et.outputs) producer[tensor] = k;
    }
    return true;
}

} // namespace opscope
