#include "app/gui/about_dialog.h"
#include "core/store/library_versions.h"

#include "app/gui/app_icons.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtGlobal>

#include <nlohmann/json_fwd.hpp>
#include <qcustomplot.h>
#include <zlib.h>

#ifndef OPSCOPE_GRAPHVIZ_VERSION
#define OPSCOPE_GRAPHVIZ_VERSION ""
#endif
#ifndef OPSCOPE_CATCH2_VERSION
#define OPSCOPE_CATCH2_VERSION ""
#endif

namespace opscope::gui {

namespace {
QString orUnknown(const char* version) {
    return *version ? QString::fromLatin1(version) : AboutDialog::tr("version unknown");
}
} // namespace

QStringList AboutDialog::libraryVersions() {
    const QString json = QStringLiteral("%1.%2.%3")
                             .arg(NLOHMANN_JSON_VERSION_MAJOR)
                             .arg(NLOHMANN_JSON_VERSION_MINOR)
                             .arg(NLOHMANN_JSON_VERSION_PATCH);
    return {
        tr("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)),
        tr("QCustomPlot %1").arg(QStringLiteral(QCUSTOMPLOT_VERSION_STR)),
        tr("SQLite %1").arg(QString::fromStdString(sqliteLibraryVersion())),
        tr("nlohmann_json %1").arg(json),
        tr("zlib %1").arg(QString::fromLatin1(zlibVersion())),
        tr("Graphviz %1 (graph layout)").arg(orUnknown(OPSCOPE_GRAPHVIZ_VERSION)),
        tr("Catch2 %1 (tests)").arg(orUnknown(OPSCOPE_CATCH2_VERSION)),
    };
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About opscope"));
    auto* icon = new QLabel(this);
    icon->setPixmap(applicationIcon().pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);
    QString html = tr("<h2>opscope %1</h2><p>A viewer for AI accelerator profiling traces: Ascend msprof and "
                      "torch_npu, Kineto and Chrome JSON.</p>")
                       .arg(QStringLiteral(OPSCOPE_VERSION));
    html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Built with").toHtmlEscaped());
    for (const QString& line : libraryVersions()) html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    auto* text = new QLabel(html, this);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setTextFormat(Qt::RichText);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

} // namespace opscope::gui
