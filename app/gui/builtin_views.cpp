#include "app/gui/builtin_views.h"

#include "widgets/common/view_registry.h"
#include "widgets/timeline/timeline_view.h"

#include <QCoreApplication>

namespace opscope::gui {

void registerBuiltinViews() {
    static bool done = false;
    if (done) return;
    done = true;
    ViewRegistry& registry = ViewRegistry::instance();
    registry.add({QStringLiteral("timeline"), QCoreApplication::translate("Views", "Timeline"),
                  [](const ViewContext& context, QWidget* parent) -> QWidget* {
                      auto* view = new TimelineView(context.zoom, parent);
                      view->setData(context.timeline);
                      return view;
                  }});
    // Further views (heatmap, bubbles, graph) add their factory here.
}

} // namespace opscope::gui
