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
