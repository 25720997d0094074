// The banner over the timeline of a trace opened up to a cut (a crashed job's dump, `import --partial`):
// which file stops where, so nobody takes the cut-off tail for the job's real end.
#pragma once
#include <QToolBar>

class QLabel;

#include <vector>

namespace opscope {
struct StoreWarning;
}

namespace opscope::gui {

class CutBanner : public QToolBar {
    Q_OBJECT
public:
    explicit CutBanner(QWidget* parent = nullptr);
    // Shown when warnings hold "trace_cut_off" ones (one line per file), hidden otherwise.
    void showFor(const std::vector<StoreWarning>& warnings);
    QString text() const;

private:
    QLabel* label_;
};

} // namespace opscope::gui
