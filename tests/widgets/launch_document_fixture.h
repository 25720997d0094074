// Opens an inline launch fixture (tests/launch_fixtures.h) as the document the views are handed: the
// trace written to a temporary folder, imported beside it, opened with its timeline.
#pragma once
#include "core/session/open_trace.h"
#include "widgets/common/trace_document.h"

#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <memory>
#include <string>

namespace opscope::testing {

struct LaunchDocument {
    QTemporaryDir dir;
    std::string storePath;
    std::unique_ptr<TraceDocument> document;

    LaunchDocument(const QString& name, const char* json) {
        const QString trace = dir.filePath(name);
        QFile file(trace);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(json);
        file.close();
        OpenOptions options;
        options.storePath = dir.filePath(name + QStringLiteral(".opscope.sqlite")).toStdString();
        OpenResult result;
        Error error;
        REQUIRE(openTrace({trace.toStdString()}, options, {}, &result, &error));
        storePath = result.storePath;
        document.reset(TraceDocument::openStore(storePath, nullptr, &error));
        REQUIRE(document);
    }
};

} // namespace opscope::testing
