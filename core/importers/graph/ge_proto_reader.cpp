// Reader of GE's protobuf-text graph dumps (ge_proto_*_Build.txt: ge.proto ModelDef, or one GraphDef).
// The parsed fields are rewritten into the JSON that `atc --mode=5` makes of the same file (graph[].op[]
// with input, attr [{key, value}], input_desc/output_desc shape.dim), so that both go through one
// mapping (readCannOm). Only the levels that mapping reads are copied: the JSON stays a few levels deep
// however deeply the dump nests (attribute graphs, tensors), and nothing here recurses.
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/protobuf_text.h"

#include <charconv>
#include <cstdlib>

namespace opscope {

namespace {

using nlohmann::json;

class Converter {
public:
    Converter(const TextDocument& doc, const std::string& text, const std::string& path)
        : doc_(doc), text_(text), path_(path) {}

    bool run(json* out, Error* error) {
        *out = json::object();
        json graphs = json::array();
        const std::int32_t name = doc_.child(-1, "name");
        if (name >= 0) (*out)["name"] = field(name).value;
        bool anyGraph = false;
        bool ok = true;
        doc_.forEachChild(-1, [&](std::int32_t i) {
            if (!ok || field(i).name != "graph") return;
            anyGraph = true;
            json g;
            ok = graph(i, &g, error);
            if (ok) graphs.push_back(std::move(g));
        });
        if (!ok) return false;
        if (!anyGraph) { // a GraphDef on its own: the ops are top-level fields
            if (doc_.child(-1, "op") < 0) {
                *error = Error{ErrorCode::UnknownFormat, path_, 0, 1, 1,
                               "a GE graph dump: ModelDef fields (graph { op { ... } }) or GraphDef fields (op { ... })", {}};
                return false;
            }
            json g;
            if (!graph(-1, &g, error)) return false;
            graphs.push_back(std::move(g));
        }
        (*out)["graph"] = std::move(graphs);
        return true;
    }

private:
    const TextField& field(std::int32_t i) const { return doc_.fields[static_cast<std::size_t>(i)]; }

    Error errorAt(std::int32_t i, ErrorCode code, std::string expected) const {
        Error e{code, path_, field(i).offset, -1, -1, std::move(expected), "at field '" + field(i).name + "'"};
        lineAndColumn(text_, e.byteOffset, &e.line, &e.column);
        return e;
    }

    bool integer(std::int32_t i, std::int64_t* value, Error* error) const {
        const std::string& text = field(i).value;
        const char* begin = text.data();
        if (!text.empty() && text[0] == '+') ++begin;
        auto [end, ec] = std::from_chars(begin, text.data() + text.size(), *value);
        if (field(i).isMessage || ec != std::errc() || end != text.data() + text.size()) {
            *error = errorAt(i, ErrorCode::WrongType, "a 64-bit integer");
            return false;
        }
        return true;
    }

    bool scalarJson(std::int32_t i, const std::string& kind, json* out, Error* error) const {
        const TextField& f = field(i);
        if (f.isMessage) {
            *error = errorAt(i, ErrorCode::WrongType, "a value, not a message");
            return false;
        }
        if (kind == "i") {
            std::int64_t v = 0;
            if (!integer(i, &v, error)) return false;
            *out = v;
        } else if (kind == "f") {
            *out = std::strtod(f.value.c_str(), nullptr); // inf and nan become null in the stored JSON
        } else if (kind == "b") {
            *out = f.value == "true" || f.value == "True" || f.value == "t" || f.value == "1";
        } else {
            *out = f.value;
        }
        return true;
    }

    // An AttrDef's value message -> {"i"|"f"|"b"|"s": v} or {"list": {"i": [...], ...}}; tensors and graphs
    // as markers (their contents are not read).
    bool attrValue(std::int32_t value, json* out, Error* error) const {
        *out = json::object();
        bool ok = true;
        doc_.forEachChild(value, [&](std::int32_t i) {
            if (!ok) return;
            const std::string& kind = field(i).name;
            if (kind == "i" || kind == "f" || kind == "b" || kind == "s") {
                ok = scalarJson(i, kind, &(*out)[kind], error);
            } else if (kind == "dt") {
                (*out)["s"] = field(i).value;
            } else if (kind == "t" || kind == "g") {
                (*out)[kind] = json::object();
            } else if (kind == "list" && field(i).isMessage) {
                json list = json::object();
                doc_.forEachChild(i, [&](std::int32_t e) {
                    const std::string& k = field(e).name;
                    if (!ok || !(k == "i" || k == "f" || k == "b" || k == "s")) return;
                    json v;
                    ok = scalarJson(e, k, &v, error);
                    if (ok) list[k].push_back(std::move(v));
                });
                (*out)["list"] = std::move(list);
            } else if (kind == "list_list_int" && field(i).isMessage) {
                json rows = json::array();
                doc_.forEachChild(i, [&](std::int32_t row) {
                    if (!ok || !field(row).isMessage) return;
                    json cells = json::array();
                    doc_.forEachChild(row, [&](std::int32_t cell) {
                        json v;
                        if (ok && (ok = scalarJson(cell, "i", &v, error))) cells.push_back(std::move(v));
                    });
                    rows.push_back(std::move(cells));
                });
                (*out)["list"] = json{{"i", std::move(rows)}};
            }
        });
        return ok;
    }

    bool tensorDesc(std::int32_t desc, json* out, Error* error) const {
        *out = json::object();
        const std::int32_t shape = doc_.child(desc, "shape");
        if (shape >= 0) {
            json dims = json::array();
            bool ok = true;
            doc_.forEachChild(shape, [&](std::int32_t d) {
                std::int64_t v = 0;
                if (ok && field(d).name == "dim" && (ok = integer(d, &v, error))) dims.push_back(v);
            });
            if (!ok) return false;
            (*out)["shape"] = json{{"dim", std::move(dims)}};
        }
        for (const char* key : {"dtype", "layout"})
            if (std::int32_t f = doc_.child(desc, key); f >= 0 && !field(f).isMessage) (*out)[key] = field(f).value;
        return true;
    }

    bool op(std::int32_t index, json* out, Error* error) const {
        const std::int32_t name = doc_.child(index, "name");
        if (name < 0 || field(name).isMessage || field(name).value.empty()) {
            *error = errorAt(index, ErrorCode::WrongType, "an op with a non-empty name");
            return false;
        }
        *out = json{{"name", field(name).value}, {"input", json::array()}, {"attr", json::array()},
                    {"input_desc", json::array()}, {"output_desc", json::array()}};
        bool ok = true;
        doc_.forEachChild(index, [&](std::int32_t i) {
            if (!ok) return;
            const TextField& f = field(i);
            if (f.name == "type" && !f.isMessage) {
                (*out)["type"] = f.value;
            } else if (f.name == "id" && !f.isMessage) {
                std::int64_t v = 0;
                ok = integer(i, &v, error);
                (*out)["id"] = v;
            } else if (f.name == "input" && !f.isMessage) {
                (*out)["input"].push_back(f.value);
            } else if ((f.name == "input_desc" || f.name == "output_desc") && f.isMessage) {
                json desc;
                if ((ok = tensorDesc(i, &desc, error))) (*out)[f.name].push_back(std::move(desc));
            } else if (f.name == "attr" && f.isMessage) {
                const std::int32_t key = doc_.child(i, "key");
                const std::int32_t value = doc_.child(i, "value");
                if (key < 0 || field(key).isMessage) return; // a map entry without a key names nothing
                json v = json::object();
                if (value >= 0 && field(value).isMessage) ok = attrValue(value, &v, error);
                (*out)["attr"].push_back(json{{"key", field(key).value}, {"value", std::move(v)}});
            }
        });
        return ok;
    }

    bool graph(std::int32_t index, json* out, Error* error) const {
        *out = json{{"op", json::array()}};
        if (std::int32_t name = doc_.child(index, "name"); name >= 0 && !field(name).isMessage)
            (*out)["name"] = field(name).value;
        bool ok = true;
        doc_.forEachChild(index, [&](std::int32_t i) {
            if (!ok || field(i).name != "op") return;
            if (!field(i).isMessage) {
                *error = errorAt(i, ErrorCode::WrongType, "an op message (op { ... })");
                ok = false;
                return;
            }
            json o;
            if ((ok = op(i, &o, error))) (*out)["op"].push_back(std::move(o));
        });
        return ok;
    }

    const TextDocument& doc_;
    const std::string& text_;
    const std::string& path_;
};

} // namespace

bool readGeProto(const std::string& text, const std::string& path, GraphModel* out, Error* error) {
    TextDocument doc;
    if (!parseProtobufText(text, path, &doc, error)) return false;
    JsonSource source; // no text: readCannOm's own errors cannot arise on what the converter checked
    source.path = path;
    if (!Converter(doc, text, path).run(&source.doc, error)) return false;
    const auto replaced = static_cast<std::int64_t>(doc.invalidUtf8Replaced);
    doc = TextDocument{}; // the JSON holds what is needed: free the tree before the graph grows
    if (!readCannOm(source, out, error)) return false;
    out->format = graphFormatName(GraphFormat::GeProto);
    out->invalidUtf8Replaced += replaced;
    return true;
}

} // namespace opscope
