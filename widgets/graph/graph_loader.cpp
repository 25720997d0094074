#include "widgets/graph/graph_loader.h"

#include "widgets/graph/graph_scene.h"

namespace opscope {

GraphLoadResult loadGraphForView(const GraphLoadRequest& request) {
    return loadGraphFromStore(request.storePath, request);
}

CollapsedLayout collapseAndLayout(const StoredGraph& graph, const std::set<std::string>& collapsed,
                                  LayoutDirection direction) {
    CollapsedLayout out;
    out.collapsed = collapsed;
    out.view = collapseScopes(graph, collapsed);
    if (collapsed.empty()) {
        out.layout = GraphScene::layoutFromStored(graph);
        out.ok = true;
        return out;
    }
    out.ok = layoutViewGraph(out.view, direction, &out.layout, &out.error);
    return out;
}

} // namespace opscope
