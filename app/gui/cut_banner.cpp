#include "app/gui/cut_banner.h"

#include "core/store/store_summary.h"

#include <QFileInfo>
#include <QLabel>
#include <QLocale>

namespace opscope::gui {

CutBanner::CutBanner(QWidget* parent) : QToolBar(tr("Cut-off trace"), parent), label_(new QLabel(this)) {
    setObjectName(QStringLiteral("cutBanner"));
    setMovable(false);
    setFloatable(false);
    toggleViewAction()->setVisible(false); // not a toolbar the user shows: it comes with the trace
    label_->setWordWrap(true);
    label_->setMargin(6);
    // Amber as a warning, readable in both themes (dark text on a light fill).
    label_->setStyleSheet(QStringLiteral("QLabel { background: #ffe8a3; color: #3b2f00; border: 1px solid #d9a400; }"));
    addWidget(label_);
    hide();
}

void CutBanner::showFor(const std::vector<StoreWarning>& warnings) {
    QStringList lines;
    const QLocale locale;
    for (const StoreWarning& w : warnings)
        if (w.code == "trace_cut_off")
            lines << tr("%1 is cut off at byte %2: only the events before the cut are shown, and the trace "
                        "ends there rather than where the job ended.")
                         .arg(QFileInfo(QString::fromStdString(w.file)).fileName(),
                              locale.toString(static_cast<qlonglong>(w.byteOffset)));
    label_->setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}

QString CutBanner::text() const { return label_->text(); }

} // namespace opscope::gui
