// A trace of host ops each launching a device task through a flow, imported into a store of its own:
// the fixture of the flow arrow tests (merging, deferred loading).
#pragma once
#include "core/session/open_trace.h"

#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <string>

namespace opscope::testing {

// `flows` host ops, one every spacingUs µs lasting durUs, each with a flow to a device task of that length.
inline std::string launchFlowTrace(int flows, int spacingUs, int durUs) {
    std::string json = "[";
    const std::string d = std::to_string(durUs);
    for (int i = 0; i < flows; ++i) {
        const std::string t = std::to_string(i * spacingUs), id = std::to_string(i);
        json += R"({"ph":"X","name":"launch","pid":1,"tid":1,"ts":)" + t + R"(,"dur":)" + d + "},";
        json += R"({"ph":"s","name":"f","cat":"c","id":)" + id + R"(,"pid":1,"tid":1,"ts":)" + t + R"(.2},)";
        json += R"({"ph":"X","name":"task","pid":2,"tid":1,"ts":)" + t + R"(.5,"dur":)" + d + "},";
        json += R"({"ph":"f","bp":"e","name":"f","cat":"c","id":)" + id + R"(,"pid":2,"tid":1,"ts":)" + t + R"(.5})";
        json += i + 1 < flows ? "," : "]";
    }
    return json;
}

// The JSON imported into dir; returns the store's path.
inline std::string importFlowTrace(const QTemporaryDir& dir, const std::string& json) {
    const QString trace = dir.filePath(QStringLiteral("flows.json"));
    QFile file(trace);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json));
    file.close();
    OpenOptions options;
    options.storePath = dir.filePath(QStringLiteral("flows.opscope.sqlite")).toStdString();
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace.toStdString()}, options, {}, &result, &error));
    return result.storePath;
}

} // namespace opscope::testing
