// Time views by name ("timeline", later "heatmap", "bubbles", "graph"): a factory per name that builds the
// view's widget over an opened store, so the GUI and `opscope-cli screenshot --view NAME` build them alike.
#pragma once
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class QWidget;

namespace opscope {

class TraceDocument;
class ZoomControl;

// What a view may use: the opened trace (its session, timeline and shared selection) and the shared zoom.
struct ViewContext {
    TraceDocument* document = nullptr;
    ZoomControl* zoom = nullptr;
    std::int64_t step = -1; // a ProfilerStep#N the view should show (screenshot --step); -1: the view's default
};

struct ViewFactory {
    QString name;  // stable, used on the command line
    QString title; // translated, for menus
    std::function<QWidget*(const ViewContext& context, QWidget* parent)> create;
};

class ViewRegistry {
public:
    static ViewRegistry& instance();
    // Registration is explicit (see app/render/builtin_views.cpp): static registrars in a static
    // library would be dropped by the linker.
    void add(ViewFactory factory);
    const ViewFactory* find(const QString& name) const;
    QStringList names() const;

private:
    std::vector<ViewFactory> factories_;
};

} // namespace opscope
