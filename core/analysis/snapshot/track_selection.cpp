#include "core/analysis/snapshot/track_selection.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace opscope {

namespace {

// Overflow lanes are named "<track name> (overlap N)" by StoreWriter::finish().
std::string baseNameOfLane(const std::string& name, int lane) {
    std::string suffix = " (overlap " + std::to_string(lane) + ")";
    if (lane > 0 && name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        return name.substr(0, name.size() - suffix.size());
    return name;
}

} // namespace

bool TrackCatalog::load(Database& db, TrackCatalog* out, Error* error) {
    std::vector<TrackRecord> tracks;
    if (!readTracks(db, &tracks, error)) return false;
    out->setTracks(std::move(tracks));
    return true;
}

void TrackCatalog::setTracks(std::vector<TrackRecord> tracks) {
    tracks_ = std::move(tracks);
    std::sort(tracks_.begin(), tracks_.end(), [](const TrackRecord& a, const TrackRecord& b) { return a.id < b.id; });
    resolveLanes();
}

void TrackCatalog::resolveLanes() {
    using Key = std::tuple<std::int64_t, std::int64_t, std::string, std::string>;
    std::map<Key, std::size_t> laneZero;
    for (std::size_t i = 0; i < tracks_.size(); ++i) {
        TrackRecord& t = tracks_[i];
        t.logicalId = t.id;
        if (t.lane == 0) laneZero.emplace(Key{t.processId, t.threadId, t.kind, t.name}, i);
    }
    for (TrackRecord& t : tracks_) {
        if (t.lane == 0) continue;
        auto it = laneZero.find(Key{t.processId, t.threadId, t.kind, baseNameOfLane(t.name, t.lane)});
        if (it == laneZero.end()) continue;
        const TrackRecord& parent = tracks_[it->second];
        t.logicalId = parent.id;
        t.isCompute = parent.isCompute;
    }
    lanes_.clear();
    for (const TrackRecord& t : tracks_) lanes_[t.logicalId].push_back(t.id);
}

const TrackRecord* TrackCatalog::find(std::int64_t trackId) const {
    auto it = std::lower_bound(tracks_.begin(), tracks_.end(), trackId,
                               [](const TrackRecord& r, std::int64_t id) { return r.id < id; });
    return it != tracks_.end() && it->id == trackId ? &*it : nullptr;
}

std::vector<std::int64_t> TrackCatalog::sliceTracks() const {
    std::map<std::int64_t, std::int64_t> slicesPerLogical;
    for (const TrackRecord& t : tracks_)
        if (t.kind != "counter") slicesPerLogical[t.logicalId] += t.sliceCount;
    std::vector<std::int64_t> ids;
    for (const auto& [id, count] : slicesPerLogical)
        if (count > 0) ids.push_back(id);
    return ids;
}

std::vector<std::int64_t> TrackCatalog::computeTracks() const {
    std::vector<std::int64_t> ids;
    for (std::int64_t id : sliceTracks())
        if (find(id)->isCompute) ids.push_back(id);
    return ids;
}

std::vector<std::int64_t> TrackCatalog::lanesOf(std::int64_t logicalId) const {
    auto it = lanes_.find(logicalId);
    return it == lanes_.end() ? std::vector<std::int64_t>{} : it->second;
}

std::string TrackCatalog::label(std::int64_t trackId) const {
    const TrackRecord* t = find(trackId);
    if (!t) return "track " + std::to_string(trackId);
    const TrackRecord* logical = find(t->logicalId);
    if (logical) t = logical;
    std::string own = !t->threadName.empty() && t->kind == "thread" ? t->threadName : t->name;
    return t->processName.empty() ? own : t->processName + " / " + own;
}

std::string TrackCatalog::deviceLabel(std::int64_t deviceKey) const {
    for (const TrackRecord& t : tracks_) {
        if (t.deviceKey() != deviceKey) continue;
        if (!t.deviceName.empty()) return t.deviceName;
        return t.processName.empty() ? "process " + std::to_string(t.processId) : t.processName;
    }
    return "device " + std::to_string(deviceKey);
}

SelectedTracks selectTracks(const TrackCatalog& catalog, const TrackSelection& selection) {
    SelectedTracks out;
    switch (selection.scope) {
    case TrackScope::Compute:
        out.logicalIds = catalog.computeTracks();
        if (out.logicalIds.empty() && selection.fallBackToAll) {
            out.logicalIds = catalog.sliceTracks();
            out.fellBackToAll = !out.logicalIds.empty();
        }
        break;
    case TrackScope::All: out.logicalIds = catalog.sliceTracks(); break;
    case TrackScope::Explicit:
        for (std::int64_t id : selection.explicitTracks)
            if (const TrackRecord* t = catalog.find(id)) out.logicalIds.push_back(t->logicalId);
        std::sort(out.logicalIds.begin(), out.logicalIds.end());
        out.logicalIds.erase(std::unique(out.logicalIds.begin(), out.logicalIds.end()), out.logicalIds.end());
        break;
    }
    return out;
}

} // namespace opscope
