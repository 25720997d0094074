// File > Export Report: the analyses run on the thread pool, the images are painted on the GUI thread
// (widgets can only render there), and the HTML file is written on the pool again; `finished` reports.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/store/timeline_data.h"

#include <QObject>
#include <QString>

#include <memory>
#include <string>

namespace opscope {
class AsyncJob;
class TraceDocument;
} // namespace opscope

namespace opscope::gui {

struct ReportJobState;

class ReportExport : public QObject {
    Q_OBJECT
public:
    explicit ReportExport(QObject* parent = nullptr);

    // False when an export is already running (or no document). The document must outlive the export.
    // diagnosis: the Diagnosis view's rules, device and fusion patterns, so the report's findings are the view's.
    bool start(TraceDocument* document, const QString& outPath, DiagnosisOptions diagnosis = {});
    bool isRunning() const { return running_; }
    void cancel();

signals:
    void finished(bool ok, const QString& message); // message: the file written, or what went wrong

private:
    void imagesAndWrite(std::shared_ptr<ReportJobState> state);
    void done(bool ok, const QString& message);

    AsyncJob* job_;
    bool running_ = false;
};

} // namespace opscope::gui
