#include "app/cli/summary_printer.h"

#include "core/model/time_format.h"
#include "core/model/warning_severity.h"

#include <string>

namespace opscope::cli {

// As the GUI writes durations for people ("1ms 235us"), core/model/time_format.h.
std::string formatDuration(TimeNs ns) { return humanDurationText(ns); }

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
    // Real problems first; what is normal for the format (Kineto's unsorted events, flows cut by the
    // profiling window) on its own line, so "warnings" means something to fix.
    auto printCodes = [&](bool informational) {
        for (const StoreWarning& w : s.warnings) {
            if (isInformationalWarning(w.code) != informational) continue;
            std::fprintf(out, "  %-30s x%-8lld", w.code.c_str(), static_cast<long long>(w.count));
            if (w.byteOffset >= 0) std::fprintf(out, " first at byte %lld", static_cast<long long>(w.byteOffset));
            if (w.line >= 0) std::fprintf(out, " (line %lld)", static_cast<long long>(w.line));
            // Several files share a code (two ranks' trace_view.json): say whose row this is.
            if (s.sources.size() > 1 && !w.file.empty()) std::fprintf(out, " in %s", w.file.c_str());
            if (!w.sample.empty()) std::fprintf(out, " e.g. %s", w.sample.substr(0, 80).c_str());
            std::fprintf(out, "\n");
        }
    };
    std::fprintf(out, "warnings:     %lld\n", static_cast<long long>(s.warningTotal()));
    printCodes(false);
    if (s.informationalTotal() > 0) {
        std::fprintf(out, "informational: %lld (normal for the format, not problems)\n",
                     static_cast<long long>(s.informationalTotal()));
        printCodes(true);
    }
}

} // namespace opscope::cli
