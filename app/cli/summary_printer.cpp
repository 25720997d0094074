#include "app/cli/summary_printer.h"

#include <string>

namespace opscope::cli {

std::string formatDuration(TimeNs ns) {
    char buf[64];
    double v = static_cast<double>(ns);
    if (ns >= 1000000000 || ns <= -1000000000) std::snprintf(buf, sizeof buf, "%.3f s", v / 1e9);
    else if (ns >= 1000000 || ns <= -1000000) std::snprintf(buf, sizeof buf, "%.3f ms", v / 1e6);
    else if (ns >= 1000 || ns <= -1000) std::snprintf(buf, sizeof buf, "%.3f us", v / 1e3);
    else std::snprintf(buf, sizeof buf, "%lld ns", static_cast<long long>(ns));
    return buf;
}

void printSummary(std::FILE* out, const StoreSummary& s) {
    if (!s.sourcePath.empty()) std::fprintf(out, "source:       %s\n", s.sourcePath.c_str());
    std::fprintf(out, "events by phase:");
    if (s.eventsByPhase.empty()) std::fprintf(out, " (none recorded)");
    for (const auto& [phase, count] : s.eventsByPhase) std::fprintf(out, " %s=%lld", phase.c_str(), static_cast<long long>(count));
    std::fprintf(out, "\n");
    std::fprintf(out, "processes:    %lld\nthreads:      %lld\ntracks:       %lld (%lld compute)\n",
                 static_cast<long long>(s.processes), static_cast<long long>(s.threads),
                 static_cast<long long>(s.tracks), static_cast<long long>(s.computeTracks));
    std::fprintf(out, "devices:      %lld\nslices:       %lld\ncounters:     %lld\nflows:        %lld\n",
                 static_cast<long long>(s.devices), static_cast<long long>(s.slices),
                 static_cast<long long>(s.counters), static_cast<long long>(s.flows));
    if (s.metrics) std::fprintf(out, "metrics:      %lld\n", static_cast<long long>(s.metrics));
    if (s.launchDeviceEvents > 0 || !s.launchLinksBySource.empty()) {
        std::fprintf(out, "launch links: %lld of %lld device events linked, %lld unlinked",
                     static_cast<long long>(s.launchDeviceEventsLinked), static_cast<long long>(s.launchDeviceEvents),
                     static_cast<long long>(s.launchDeviceEvents - s.launchDeviceEventsLinked));
        for (const auto& [source, count] : s.launchLinksBySource)
            std::fprintf(out, " %s=%lld", source.c_str(), static_cast<long long>(count));
        std::fprintf(out, "\n");
    }
    std::fprintf(out, "time span:    %s (%lld .. %lld ns)\n", formatDuration(s.endNs - s.startNs).c_str(),
                 static_cast<long long>(s.startNs), static_cast<long long>(s.endNs));
    for (const StoreSourceFile& f : s.sources) {
        if (s.sources.size() == 1 && f.status == "used") break;
        std::fprintf(out, "file %-7s  %s%s%s\n", f.status.c_str(), f.path.c_str(), f.reason.empty() ? "" : ": ",
                     f.reason.c_str());
    }
    std::fprintf(out, "warnings:     %lld\n", static_cast<long long>(s.warningTotal()));
    for (const StoreWarning& w : s.warnings) {
        std::fprintf(out, "  %-30s x%-8lld", w.code.c_str(), static_cast<long long>(w.count));
        if (w.byteOffset >= 0) std::fprintf(out, " first at byte %lld", static_cast<long long>(w.byteOffset));
        if (w.line >= 0) std::fprintf(out, " (line %lld)", static_cast<long long>(w.line));
        if (!w.sample.empty()) std::fprintf(out, " e.g. %s", w.sample.substr(0, 80).c_str());
        std::fprintf(out, "\n");
    }
}

} // namespace opscope::cli
