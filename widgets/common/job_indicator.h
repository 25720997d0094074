// A slim "Computing… [Cancel]" strip for a view's AsyncJob: visible while the job runs; Cancel drops
// the result in flight and says so.
#pragma once
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace opscope {

class AsyncJob;

class JobIndicator : public QWidget {
    Q_OBJECT
public:
    explicit JobIndicator(AsyncJob* job, QWidget* parent = nullptr);
    void setText(const QString& text);

signals:
    void cancelled();

private:
    AsyncJob* job_;
    QProgressBar* bar_;
    QLabel* label_;
    QToolButton* cancel_;
};

} // namespace opscope
