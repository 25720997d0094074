// Counter events (ph "C"): one series per args key, named as Perfetto names it.
#include "core/importers/chrome_json/chrome_event_handler.h"

#include "core/importers/chrome_json/chrome_value_helpers.h"

#include <algorithm>

namespace opscope {

namespace {

std::string unitInParentheses(const std::string& key) {
    auto open = key.rfind('(');
    if (open != std::string::npos && !key.empty() && key.back() == ')') return key.substr(open + 1, key.size() - open - 2);
    return {};
}

// "Read(MB/s)" -> "MB/s"; "MHz" -> "MHz"; "value" -> "".
std::string unitFromKey(const std::string& key) {
    std::string inParentheses = unitInParentheses(key);
    if (!inParentheses.empty()) return inParentheses;
    if (key == "value" || key.empty()) return {};
    return key;
}

} // namespace

// Series name "<name> <key>", or "<name> id: <id> <key>" with an id, for one key as for several
// (Perfetto's names, so a query written for one tool works in the other). A lone key is also the unit
// ("MHz"); with several keys only a "(unit)" suffix gives one.
void ChromeEventHandler::onCounter(const ChromeEvent& e, TimeNs ts) {
    nlohmann::json args = parseArgsObject(argsOf(e.args));
    if (args.empty()) {
        warn("counter_without_values", e, stringOf(e.name));
        return;
    }
    const Context& ctx = processOf(e);
    std::string base = stringOf(e.name);
    if (e.id.present()) base += " id: " + stringOf(e.id);
    const bool single = args.size() == 1;
    for (auto it = args.begin(); it != args.end(); ++it) {
        std::optional<double> value = counterNumberOf(it.value());
        if (!value) {
            warn("counter_value_not_number", e, base + " " + it.key());
            continue;
        }
        const std::string trackName = base + " " + it.key();
        TrackId track = writer_.counterTrack(ctx.process, trackName,
                                             single ? unitFromKey(it.key()) : unitInParentheses(it.key()));
        writer_.addCounter(track, ts, *value);
        traceEndNs_ = std::max(traceEndNs_, ts);
    }
}

} // namespace opscope
