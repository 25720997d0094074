#include "core/store/launch_linking.h"

#include "core/store/batch_insert.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// Kineto writes the runtime calls (cudaLaunchKernel, hipLaunchKernel, cudaMemcpyAsync, ...) under
// these categories; an External id is shared by an operator and all its calls, and the call is
// the launch.
bool isRuntimeCategory(std::string_view cat) {
    return cat == "cuda_runtime" || cat == "cuda_driver" || cat == "runtime" || cat == "hip_runtime";
}

struct KeyOrder {
    bool operator()(const PendingLaunchKey& a, const PendingLaunchKey& b) const {
        if (a.kind != b.kind) return a.kind < b.kind;
        if (a.id != b.id) return a.id < b.id;
        return a.tsNs < b.tsNs;
    }
};

const char* sourceOf(LaunchKeyKind kind) {
    switch (kind) {
    case LaunchKeyKind::Correlation: return "correlation";
    case LaunchKeyKind::ConnectionId: return "connection_id";
    case LaunchKeyKind::ExternalId: return "external_id";
    }
    return "correlation";
}

class Linker {
public:
    Linker(Database& db, const std::vector<std::uint32_t>& finalIds,
           const std::function<std::string_view(std::uint32_t)>& stringAt)
        : finalIds_(finalIds), stringAt_(stringAt),
          insert_(db, "launch_link", "device_slice_id, call_slice_id, correlation_id, source", 4) {
        Statement st = db.prepare("SELECT id FROM track WHERE device_id IS NOT NULL");
        while (st.step()) deviceTracks_.insert(st.int64(0));
        linked_.resize(finalIds.size() + 1);
    }

    void matchKeys(std::vector<PendingLaunchKey>& keys, LaunchLinkCounts* counts);
    void addDirect(const std::vector<PendingLaunchLink>& direct, LaunchLinkCounts* counts);
    void addFlows(std::vector<FlowLaunchCandidate>& flows, LaunchLinkCounts* counts);
    // The rows in device slice order: the table's key, so each goes in at the B-tree's end.
    void flush() {
        std::sort(links_.begin(), links_.end(), [](const Link& a, const Link& b) { return a.device < b.device; });
        for (const Link& l : links_) {
            insert_.value(l.device).value(l.call);
            if (l.correlation) insert_.value(*l.correlation); else insert_.null();
            insert_.value(l.source).endRow();
        }
        links_.clear();
        insert_.flush();
    }

private:
    std::int64_t idOf(std::uint32_t pending) const {
        return pending < finalIds_.size() ? static_cast<std::int64_t>(finalIds_[pending]) : 0;
    }
    bool isLinked(std::int64_t device) const {
        return device >= 0 && static_cast<std::size_t>(device) < linked_.size() && linked_[static_cast<std::size_t>(device)];
    }
    bool link(std::int64_t device, std::int64_t call, std::optional<std::int64_t> correlation, std::string_view source) {
        if (device <= 0 || call == 0 || device == call || isLinked(device)) return false;
        if (static_cast<std::size_t>(device) >= linked_.size()) linked_.resize(static_cast<std::size_t>(device) + 1);
        linked_[static_cast<std::size_t>(device)] = true;
        links_.push_back({device, call, correlation, source});
        return true;
    }
    std::optional<std::int64_t> correlationOf(std::int64_t device) const {
        auto it = std::lower_bound(deviceCorrelation_.begin(), deviceCorrelation_.end(), device,
                                   [](const std::pair<std::int64_t, std::int64_t>& e, std::int64_t d) { return e.first < d; });
        if (it == deviceCorrelation_.end() || it->first != device) return std::nullopt;
        return it->second;
    }

    const std::vector<std::uint32_t>& finalIds_;
    const std::function<std::string_view(std::uint32_t)>& stringAt_;
    BatchInsert insert_;
    std::unordered_set<std::int64_t> deviceTracks_;
    // Flat arrays rather than hash sets: a large trace has millions of device slices, and slice ids are dense.
    std::vector<bool> linked_; // by device slice id: it has a row
    struct Link {
        std::int64_t device, call;
        std::optional<std::int64_t> correlation;
        std::string_view source; // a literal or a PendingLaunchLink's source, alive until flush()
    };
    std::vector<Link> links_;
    std::vector<std::pair<std::int64_t, std::int64_t>> deviceCorrelation_; // (device slice id, its first correlation/connection id), sorted
};

// Among the host slices that carry the same id, the launch is the latest one that starts no later
// than the device slice (ids can repeat: a re-used External id, two runs in one file); without one,
// the earliest. For External ids, runtime calls win over the operator that shares the id.
void Linker::matchKeys(std::vector<PendingLaunchKey>& keys, LaunchLinkCounts* counts) {
    std::vector<PendingLaunchKey> host, device;
    for (const PendingLaunchKey& k : keys) (deviceTracks_.count(k.track) ? device : host).push_back(k);
    keys.clear();
    keys.shrink_to_fit();
    std::sort(host.begin(), host.end(), KeyOrder());
    std::sort(device.begin(), device.end(), KeyOrder());
    // The first correlation (or connection id) in key order names a device slice's correlation, as the
    // first insertion into a map did: a stable sort by slice keeps that order among equal slices.
    for (const PendingLaunchKey& d : device)
        if (d.kind != LaunchKeyKind::ExternalId) deviceCorrelation_.emplace_back(idOf(d.slice), d.id);
    std::stable_sort(deviceCorrelation_.begin(), deviceCorrelation_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    deviceCorrelation_.erase(std::unique(deviceCorrelation_.begin(), deviceCorrelation_.end(),
                                         [](const auto& a, const auto& b) { return a.first == b.first; }),
                             deviceCorrelation_.end());
    for (const PendingLaunchKey& d : device) { // sorted by kind: correlation, connection_id, External id
        const std::int64_t deviceId = idOf(d.slice);
        if (isLinked(deviceId)) continue;
        PendingLaunchKey probe = d;
        probe.tsNs = std::numeric_limits<TimeNs>::min();
        auto first = std::lower_bound(host.begin(), host.end(), probe, KeyOrder());
        auto last = first;
        while (last != host.end() && last->kind == d.kind && last->id == d.id) ++last;
        if (first == last) continue;
        const PendingLaunchKey* best = nullptr;
        bool bestRuntime = false;
        for (auto it = first; it != last; ++it) {
            const bool runtime = d.kind != LaunchKeyKind::ExternalId || isRuntimeCategory(stringAt_(it->cat));
            const bool before = it->tsNs <= d.tsNs;
            if (!best) {
                best = &*it;
                bestRuntime = runtime;
                continue;
            }
            if (runtime != bestRuntime) {
                if (runtime) best = &*it, bestRuntime = true;
                continue;
            }
            if (before) best = &*it; // sorted by ts: the latest one before the device slice wins
        }
        std::optional<std::int64_t> correlation = d.kind == LaunchKeyKind::ExternalId ? correlationOf(deviceId)
                                                                                      : std::optional<std::int64_t>(d.id);
        if (!link(deviceId, idOf(best->slice), correlation, sourceOf(d.kind))) continue;
        if (d.kind == LaunchKeyKind::Correlation) ++counts->correlation;
        else if (d.kind == LaunchKeyKind::ConnectionId) ++counts->connectionId;
        else ++counts->externalId;
    }
}

void Linker::addDirect(const std::vector<PendingLaunchLink>& direct, LaunchLinkCounts* counts) {
    for (const PendingLaunchLink& l : direct) {
        std::optional<std::int64_t> correlation;
        if (l.hasCorrelation) correlation = l.correlationId;
        if (link(idOf(l.deviceSlice), idOf(l.callSlice), correlation, l.source)) ++counts->importer;
    }
}

// A flow from a host slice into a device slice (Kineto ac2g, torch_npu HostToDevice / async_npu):
// the latest-starting host slice is the launch (a CANN call rather than the torch op around it).
// The candidates were noted as the flow rows were written; this is the order a join of flow, slice and
// track would give: by device slice, then host start and host id, latest first.
void Linker::addFlows(std::vector<FlowLaunchCandidate>& flows, LaunchLinkCounts* counts) {
    std::sort(flows.begin(), flows.end(), [](const FlowLaunchCandidate& a, const FlowLaunchCandidate& b) {
        if (a.deviceSlice != b.deviceSlice) return a.deviceSlice < b.deviceSlice;
        if (a.hostTsNs != b.hostTsNs) return a.hostTsNs > b.hostTsNs;
        return a.hostSlice > b.hostSlice;
    });
    for (const FlowLaunchCandidate& f : flows)
        if (link(f.deviceSlice, f.hostSlice, correlationOf(f.deviceSlice), "flow")) ++counts->flow;
    flows.clear();
    flows.shrink_to_fit();
}

void writeCounts(Database& db, const LaunchLinkCounts& c) {
    Statement st = db.prepare("INSERT OR REPLACE INTO stat(name, value) VALUES(?, ?)");
    const std::pair<const char*, std::int64_t> rows[] = {
        {"launch.links.correlation", c.correlation}, {"launch.links.connection_id", c.connectionId},
        {"launch.links.external_id", c.externalId},  {"launch.links.importer", c.importer},
        {"launch.links.flow", c.flow},               {"launch.device_events", c.deviceEvents},
        {"launch.device_events_linked", c.linkedDeviceEvents}};
    for (const auto& [name, value] : rows) {
        st.bind(1, name).bind(2, value);
        st.run();
    }
}

} // namespace

LaunchLinkCounts writeLaunchLinks(Database& db, std::vector<PendingLaunchKey>& keys,
                                  const std::vector<PendingLaunchLink>& direct,
                                  std::vector<FlowLaunchCandidate>& flows,
                                  const std::vector<std::uint32_t>& finalIds, std::int64_t deviceEvents,
                                  const std::function<std::string_view(std::uint32_t)>& stringAt) {
    LaunchLinkCounts counts;
    {
        Linker linker(db, finalIds, stringAt);
        linker.matchKeys(keys, &counts);
        linker.addDirect(direct, &counts);
        linker.addFlows(flows, &counts); // reads what is linked through linked_, not SQL
        linker.flush();
    }
    // Device events: slices on compute tracks, without the annotations Kineto mirrors onto streams; of
    // those, the linked ones (a launch_link row at most per slice: a seek for each link, no slice scan).
    counts.deviceEvents = deviceEvents;
    counts.linkedDeviceEvents = db.scalarInt(R"SQL(
SELECT count(*) FROM launch_link l JOIN slice s ON s.id = l.device_slice_id JOIN track t ON t.id = s.track_id
  LEFT JOIN string c ON c.id = s.cat_id
  WHERE t.is_compute = 1 AND coalesce(c.value, '') <> 'gpu_user_annotation')SQL");
    writeCounts(db, counts);
    return counts;
}

} // namespace opscope
