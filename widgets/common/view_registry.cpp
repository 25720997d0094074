#include "widgets/common/view_registry.h"

namespace opscope {

ViewRegistry& ViewRegistry::instance() {
    static ViewRegistry registry;
    return registry;
}

void ViewRegistry::add(ViewFactory factory) {
    for (ViewFactory& existing : factories_) {
        if (existing.name == factory.name) {
            existing = std::move(factory);
            return;
        }
    }
    factories_.push_back(std::move(factory));
}

const ViewFactory* ViewRegistry::find(const QString& name) const {
    for (const ViewFactory& f : factories_)
        if (f.name == name) return &f;
    return nullptr;
}

QStringList ViewRegistry::names() const {
    QStringList out;
    for (const ViewFactory& f : factories_) out << f.name;
    return out;
}

} // namespace opscope
