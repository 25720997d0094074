// A document printed with its leading array streamed must be the bytes dump(2) gives for it whole:
// CI pipelines parse `launches --json`, and docs/cli.md promises its shape.
#include "core/report/json_stream.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace opscope;
using Json = nlohmann::ordered_json;

namespace {

std::string streamed(const std::string& key, const std::vector<Json>& items, const Json& rest) {
    char* buffer = nullptr;
    std::size_t size = 0;
    std::FILE* out = open_memstream(&buffer, &size);
    REQUIRE(out != nullptr);
    printJsonWithLeadingArray(out, key, items.size(), [&](std::size_t i) { return items[i]; }, rest);
    std::fclose(out);
    std::string text(buffer, size);
    std::free(buffer);
    return text;
}

std::string whole(const std::string& key, const std::vector<Json>& items, const Json& rest) {
    Json doc;
    doc[key] = Json::array();
    for (const Json& item : items) doc[key].push_back(item);
    for (const auto& [k, v] : rest.items()) doc[k] = v;
    return doc.dump(2) + "\n";
}

} // namespace

TEST_CASE("a leading array printed one element at a time is dump(2) of the whole document", "[json]") {
    const Json row = {{"id", 1}, {"name", "MatMul \xE2\x86\x92 \"q\"\n"}, {"none", nullptr}, {"empty", Json::array()},
                      {"flags", {"short_kernel", "long_delay"}}, {"nested", {{"a", {1, 2}}, {"b", Json::object()}}}};
    const Json rest = {{"kernels", {{{"kernel", "k"}, {"count", 3}}}}, {"device_events", 7}, {"ratio", 0.25}};
    for (std::size_t n : {0, 1, 3}) {
        std::vector<Json> items(n, row);
        for (std::size_t i = 0; i < n; ++i) items[i]["id"] = i;
        CHECK(streamed("launches", items, rest) == whole("launches", items, rest));
        CHECK(streamed("launches", items, Json::object()) == whole("launches", items, Json::object()));
    }
    CHECK(streamed("a \"key\"", {Json(1), Json("x")}, rest) == whole("a \"key\"", {Json(1), Json("x")}, rest));
    const std::string text = streamed("launches", {row}, rest);
    CHECK(Json::parse(text)["launches"][0]["flags"][1] == "long_delay");
}

TEST_CASE("elements that end in a long array of their own are streamed as dump(2) lays them out", "[json]") {
    // The shape of critical-path --json: {"steps": [{..., "segments": [...]}, ...]}.
    const std::vector<Json> heads{Json{{"step", 1}, {"bound", "host"}, {"ratios", {0.5, 1e-9}}}, Json::object(),
                                  Json{{"step", 3}, {"empty", Json::object()}}};
    const std::vector<std::size_t> segmentCounts{2, 0, 3};
    auto segment = [](std::size_t step, std::size_t i) {
        return Json{{"kind", "host"}, {"slice_id", step * 10 + i}, {"edge", {{"type", "operator"}, {"w", i}}}};
    };
    Json doc;
    doc["steps"] = Json::array();
    for (std::size_t s = 0; s < heads.size(); ++s) {
        Json step = heads[s];
        step["segments"] = Json::array();
        for (std::size_t i = 0; i < segmentCounts[s]; ++i) step["segments"].push_back(segment(s, i));
        doc["steps"].push_back(step);
    }
    char* buffer = nullptr;
    std::size_t size = 0;
    std::FILE* out = open_memstream(&buffer, &size);
    REQUIRE(out != nullptr);
    printJsonWithLeadingArray(
        out, "steps", heads.size(),
        [&](std::FILE* o, std::size_t s, std::size_t indent) {
            writeJsonObjectEndingInArray(o, heads[s], "segments", segmentCounts[s], indent,
                                         [&](std::FILE* o2, std::size_t i, std::size_t in2) { writeJsonAt(o2, segment(s, i), in2); });
        },
        Json::object());
    std::fclose(out);
    const std::string text(buffer, size);
    std::free(buffer);
    CHECK(text == doc.dump(2) + "\n");
}
