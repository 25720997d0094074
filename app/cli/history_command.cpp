// opscope-cli history: every profiled run of a workload kept in one history database, the trend of any
// metric with its noise band, and a check that fails a pipeline when a new run regressed against the
// recent ones (docs/history.md).
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "app/cli/history_plot.h"
#include "core/analysis/compare/baseline_json.h"
#include "core/history/run_history.h"
#include "core/session/trace_session.h"
#include "core/history/run_time.h"
#include "core/model/fnv1a.h"
#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

using namespace opscope::history;
using ordered_json = nlohmann::ordered_json;

const char* kHelp =
    "usage: opscope-cli history add TRACE|STORE|BASE.json --db H [--label L] [--commit C] [--time T] [--known-change] [--again]\n"
    "       opscope-cli history check TRACE|STORE|BASE.json --db H [--json] [--thresholds F] [--skip-known]\n"
    "                                [--add [--label L] [--commit C] [--time T]]\n"
    "       opscope-cli history trend --db H METRIC [--op NAME | --device D | --scope S] [--csv | --json] [--thresholds F]\n"
    "       opscope-cli history list --db H [--json]\n"
    "       opscope-cli history metrics --db H\n"
    "       opscope-cli history mark --db H RUN [--unmark]\n"
    "       opscope-cli history import-baselines --db H BASE.json... [--time T]\n"
    "       opscope-cli history plot --db H METRIC [--op NAME | --device D | --scope S] [--size WxH] -o OUT.png\n"
    "add:    adds the run's metrics (device busy, bubbles, top operators, findings) to the history H (created\n"
    "        when missing); a trace already in H is skipped unless --again. T is ISO 8601 UTC or Unix seconds.\n"
    "check:  compares the run with the recent runs of H; exit 1 when a metric regressed beyond its noise band\n"
    "        (naming the metric, its size, the band and the first run where it appeared), 0 otherwise.\n"
    "        --add adds the run afterwards; --skip-known passes over a run whose trace is in H already.\n"
    "trend:  one metric's series with its smoothed value, band and changes (steps, drifts).\n"
    "plot:   renders the History view of one metric (as the GUI draws it) to PNG or SVG.\n"
    "mark:   marks run RUN as a known change: a new baseline starts there.\n"
    "Exit codes: 0 ok, 1 regression (check), 2 bad input, 3 the history could not be written.\n";

bool openHistory(const std::string& path, bool create, std::optional<HistoryStore>* out) {
    if (path.empty()) {
        std::fprintf(stderr, "opscope-cli history: --db H is required\n%s", kHelp);
        return false;
    }
    Error error;
    *out = HistoryStore::open(path, create, &error);
    if (!*out) std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
    return out->has_value();
}

bool readDescription(ArgParser& parser, RunDescription* d) {
    parser.option("--label", &d->label);
    parser.option("--commit", &d->commit);
    std::string time;
    if (parser.option("--time", &time)) {
        std::optional<std::int64_t> ns = parseRunTime(time);
        if (!ns) {
            std::fprintf(stderr, "opscope-cli history: --time %s: expected ISO 8601 UTC (2026-12-01T10:00:00Z) "
                                 "or seconds since the Unix epoch\n", time.c_str());
            return false;
        }
        d->runTimeNs = *ns;
    }
    d->knownChange = parser.flag("--known-change");
    return true;
}

bool readConfig(ArgParser& parser, ThresholdsConfig* config) {
    std::string path;
    if (!parser.option("--thresholds", &path)) return true;
    Error error;
    if (!readThresholdsFile(path, config, &error)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return false;
    }
    return true;
}

bool leftoversOk(const ArgParser& parser, std::size_t positionals) {
    if (!parser.unknownOptions().empty() || parser.positional().size() != positionals) {
        std::fprintf(stderr, "opscope-cli history: unexpected arguments\n%s", kHelp);
        return false;
    }
    return true;
}

std::string fileHash(const std::string& text) {
    Fnv1a hash;
    hash.add(text);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash.hash()));
    return hex;
}

// A baseline file `baseline save` wrote stands for its run: no trace needs to be kept.
bool collectBaseline(const std::string& path, const RunDescription& d, CollectedRun* run) {
    std::string text;
    BaselineAggregates baseline;
    Error error;
    if (!readSmallFile(path, &text, &error) || !baselineFromJson(text, &baseline, &error)) {
        if (error.file.empty()) error.file = path;
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return false;
    }
    *run = runFromBaseline(baseline, path, fileHash(text), d);
    return true;
}

bool collect(const std::string& input, const RunDescription& d, CollectedRun* run) {
    if (looksLikeBaselineFile(input)) return collectBaseline(input, d, run);
    std::shared_ptr<TraceSession> session = openInputSession(input, "history");
    if (!session) return false;
    Error error;
    if (!session->historyRun(input, d, run, &error)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return false;
    }
    return true;
}

// Adds the run unless its content is in the history already. Returns the exit code: 2 when the run holds a
// value no history keeps (a hand-edited baseline), 3 when the history refused the write.
int addCollected(HistoryStore& store, const CollectedRun& run, bool again) {
    Error error;
    if (!again) {
        if (std::optional<RunInfo> existing = store.runWithHash(run.info.contentHash, &error)) {
            std::printf("%s is in the history already as run %lld (%s): skipped (--again adds it anyway)\n",
                        run.info.tracePath.c_str(), static_cast<long long>(existing->id), existing->label.c_str());
            return kExitOk;
        }
    }
    std::optional<std::int64_t> id = store.addRun(run.info, run.metrics, &error);
    if (!id) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return error.code == ErrorCode::WrongType ? kExitBadInput : kExitFailure;
    }
    std::printf("run %lld added: %s, %s, %zu metrics\n", static_cast<long long>(*id), run.info.label.c_str(),
                formatRunTime(run.info.runTimeNs).c_str(), run.metrics.size());
    return kExitOk;
}

int add(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    RunDescription d;
    if (!readDescription(parser, &d)) return kExitBadInput;
    const bool again = parser.flag("--again");
    if (!leftoversOk(parser, 1)) return kExitBadInput;
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, true, &store)) return kExitBadInput;
    CollectedRun run;
    if (!collect(parser.positional()[0], d, &run)) return kExitBadInput;
    return addCollected(*store, run, again);
}

ordered_json runJson(const RunInfo& r) {
    return {{"id", r.id},           {"label", r.label},          {"run_time_ns", r.runTimeNs},
            {"run_time", formatRunTime(r.runTimeNs)}, {"commit", r.commit}, {"host", r.host},
            {"trace_path", r.tracePath}, {"content_hash", r.contentHash}, {"known_change", r.knownChange}};
}

std::string scopeText(const std::string& metric, const std::string& scope) {
    return scope.empty() ? metric : metric + " [" + scope + "]";
}

std::string valueText(double value, const std::string& unit) {
    if (unit == "ns") return numberText(value / 1000.0, 3) + " us";
    if (unit == "count") return numberText(value, 0);
    return numberText(value, 4) + (unit.empty() || unit == "ratio" ? "" : " " + unit);
}

int check(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    const bool json = parser.flag("--json");
    const bool addAfter = parser.flag("--add");
    const bool skipKnown = parser.flag("--skip-known");
    RunDescription d;
    ThresholdsConfig config;
    if (!readDescription(parser, &d) || !readConfig(parser, &config)) return kExitBadInput;
    if (!leftoversOk(parser, 1)) return kExitBadInput;
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, addAfter, &store)) return kExitBadInput;
    CollectedRun run;
    if (!collect(parser.positional()[0], d, &run)) return kExitBadInput;
    if (skipKnown) {
        Error error;
        if (std::optional<RunInfo> existing = store->runWithHash(run.info.contentHash, &error)) {
            std::printf("%s is in the history already as run %lld: not checked again\n", run.info.tracePath.c_str(),
                        static_cast<long long>(existing->id));
            return kExitOk;
        }
    }
    CheckReport report;
    Error error;
    if (!checkRun(*store, run, config, &report, &error)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) {
        ordered_json doc;
        doc["history"] = store->path();
        doc["runs_considered"] = report.runsConsidered;
        doc["metrics_checked"] = report.metricsChecked;
        doc["regressed"] = !report.regressions.empty();
        ordered_json list = ordered_json::array();
        for (const HistoryRegression& r : report.regressions) {
            list.push_back({{"metric", r.metric},
                            {"scope", r.scope},
                            {"unit", r.unit},
                            {"kind", changeKindName(r.change.kind)},
                            {"confirmed", r.change.confirmed},
                            {"first_run", r.firstRun.id != 0 ? runJson(r.firstRun) : ordered_json(nullptr)},
                            {"before", r.change.before},
                            {"after", r.change.after},
                            {"latest", r.latest},
                            {"relative", r.change.relative()},
                            {"half_band", r.change.halfBand}});
        }
        doc["regressions"] = std::move(list);
        std::printf("%s\n", doc.dump(1).c_str());
    } else {
        for (const HistoryRegression& r : report.regressions) {
            const std::string first = r.firstRun.id != 0 ? "run " + std::to_string(r.firstRun.id) + " (" + r.firstRun.label + ")"
                                                         : std::string("this run");
            std::printf("REGRESSION: %s %s: %s -> %s (%+.1f%%, noise band ±%s), %s since %s\n",
                        scopeText(r.metric, r.scope).c_str(), changeKindName(r.change.kind),
                        valueText(r.change.before, r.unit).c_str(), valueText(r.latest, r.unit).c_str(),
                        r.change.relative() * 100.0, valueText(r.change.halfBand, r.unit).c_str(),
                        r.change.confirmed ? "confirmed" : "first seen", first.c_str());
        }
        std::printf("%zu metric(s) checked against %zu recent run(s): %s\n", report.metricsChecked,
                    report.runsConsidered, report.regressions.empty() ? "no regression" : "regressed");
    }
    if (addAfter) {
        if (const int added = addCollected(*store, run, true); added != kExitOk) return added;
    }
    return report.regressions.empty() ? kExitOk : kExitRegression;
}

int trend(ArgParser parser) {
    std::string dbPath, op, device, scope;
    parser.option("--db", &dbPath);
    const bool json = parser.flag("--json"), csv = parser.flag("--csv");
    parser.option("--op", &op);
    parser.option("--device", &device);
    parser.option("--scope", &scope);
    ThresholdsConfig config;
    if (!readConfig(parser, &config)) return kExitBadInput;
    if (!leftoversOk(parser, 1)) return kExitBadInput;
    if (!op.empty()) scope = op;
    if (!device.empty()) scope = device;
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, false, &store)) return kExitBadInput;
    Trend t;
    Error error;
    const std::string metric = parser.positional()[0];
    if (!computeTrend(*store, metric, scope, config, &t, &error)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (t.points.empty()) {
        std::fprintf(stderr, "opscope-cli history: no run of %s has the metric %s (see `history metrics`)\n",
                     store->path().c_str(), scopeText(metric, scope).c_str());
        return kExitBadInput;
    }
    if (json) {
        ordered_json doc;
        doc["metric"] = t.metric;
        doc["scope"] = t.scope;
        doc["unit"] = t.unit;
        doc["direction"] = directionName(t.thresholds.direction);
        ordered_json points = ordered_json::array();
        for (const TrendPoint& p : t.points) {
            ordered_json row = runJson(p.run);
            row["value"] = p.value;
            row["smoothed"] = p.smoothed;
            row["band_low"] = p.band.judged ? ordered_json(p.band.low()) : ordered_json(nullptr);
            row["band_high"] = p.band.judged ? ordered_json(p.band.high()) : ordered_json(nullptr);
            row["beyond"] = p.beyond;
            points.push_back(std::move(row));
        }
        doc["points"] = std::move(points);
        ordered_json changes = ordered_json::array();
        for (const TrendChange& c : t.changes) {
            changes.push_back({{"kind", changeKindName(c.change.kind)}, {"first_run_id", c.firstRun.id},
                               {"last_run_id", c.lastRun.id}, {"before", c.change.before}, {"after", c.change.after},
                               {"relative", c.change.relative()}, {"half_band", c.change.halfBand},
                               {"confirmed", c.change.confirmed}});
        }
        doc["changes"] = std::move(changes);
        std::printf("%s\n", doc.dump(1).c_str());
        return kExitOk;
    }
    if (csv) {
        writeCsvRow(stdout, {"run_id", "label", "run_time", "commit", "value", "smoothed", "band_low", "band_high", "beyond"});
        for (const TrendPoint& p : t.points) {
            writeCsvRow(stdout, {std::to_string(p.run.id), p.run.label, formatRunTime(p.run.runTimeNs), p.run.commit,
                   numberText(p.value, 3), numberText(p.smoothed, 3), p.band.judged ? numberText(p.band.low(), 3) : "",
                   p.band.judged ? numberText(p.band.high(), 3) : "", p.beyond ? "1" : "0"});
        }
        return kExitOk;
    }
    std::printf("%s (%s, worse when %s)\n", scopeText(t.metric, t.scope).c_str(), t.unit.c_str(),
                directionName(t.thresholds.direction));
    for (const TrendPoint& p : t.points) {
        std::printf("%6lld  %-20s  %s  %16s  smoothed %16s%s%s\n", static_cast<long long>(p.run.id), p.run.label.c_str(),
                    formatRunTime(p.run.runTimeNs).c_str(), valueText(p.value, t.unit).c_str(),
                    valueText(p.smoothed, t.unit).c_str(), p.beyond ? "  beyond band" : "",
                    p.run.knownChange ? "  known change" : "");
    }
    for (const TrendChange& c : t.changes) {
        std::printf("%s from run %lld to run %lld: %s -> %s (%+.1f%%, band ±%s)%s\n", changeKindName(c.change.kind),
                    static_cast<long long>(c.firstRun.id), static_cast<long long>(c.lastRun.id),
                    valueText(c.change.before, t.unit).c_str(), valueText(c.change.after, t.unit).c_str(),
                    c.change.relative() * 100.0, valueText(c.change.halfBand, t.unit).c_str(),
                    c.change.confirmed ? "" : " (not yet confirmed)");
    }
    return kExitOk;
}

int list(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    const bool json = parser.flag("--json");
    if (!leftoversOk(parser, 0)) return kExitBadInput;
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, false, &store)) return kExitBadInput;
    Error error;
    const std::vector<RunInfo> runs = store->runs(&error);
    if (error) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) {
        ordered_json doc;
        ordered_json arr = ordered_json::array();
        for (const RunInfo& r : runs) {
            ordered_json j = runJson(r);
            j["metrics"] = r.metricCount;
            arr.push_back(std::move(j));
        }
        doc["runs"] = std::move(arr);
        std::printf("%s\n", doc.dump(1).c_str());
        return kExitOk;
    }
    for (const RunInfo& r : runs) {
        std::printf("%6lld  %s  %-24s  %-12s  %5lld metrics%s  %s\n", static_cast<long long>(r.id),
                    formatRunTime(r.runTimeNs).c_str(), r.label.c_str(), r.commit.c_str(),
                    static_cast<long long>(r.metricCount), r.knownChange ? "  known change" : "", r.tracePath.c_str());
    }
    std::printf("%zu run(s)\n", runs.size());
    return kExitOk;
}

int metrics(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    if (!leftoversOk(parser, 0)) return kExitBadInput;
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, false, &store)) return kExitBadInput;
    Error error;
    for (const auto& [name, scope] : store->metricKeys(&error)) std::printf("%s\t%s\n", name.c_str(), scope.c_str());
    return error ? kExitBadInput : kExitOk;
}

int mark(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    const bool unmark = parser.flag("--unmark");
    if (!leftoversOk(parser, 1)) return kExitBadInput;
    std::int64_t id = 0;
    try {
        std::size_t used = 0;
        id = std::stoll(parser.positional()[0], &used);
        if (used != parser.positional()[0].size()) throw std::invalid_argument("id");
    } catch (const std::exception&) {
        std::fprintf(stderr, "opscope-cli history: RUN must be a run id (see `history list`)\n");
        return kExitBadInput;
    }
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, false, &store)) return kExitBadInput;
    Error error;
    if (!store->setKnownChange(id, !unmark, &error)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    std::printf("run %lld %s\n", static_cast<long long>(id), unmark ? "is no longer a known change" : "marked as a known change");
    return kExitOk;
}

int importBaselines(ArgParser parser) {
    std::string dbPath;
    parser.option("--db", &dbPath);
    RunDescription d;
    if (!readDescription(parser, &d)) return kExitBadInput;
    if (!parser.unknownOptions().empty() || parser.positional().empty()) {
        std::fprintf(stderr, "opscope-cli history: import-baselines needs BASE.json files\n%s", kHelp);
        return kExitBadInput;
    }
    std::optional<HistoryStore> store;
    if (!openHistory(dbPath, true, &store)) return kExitBadInput;
    for (const std::string& path : parser.positional()) {
        CollectedRun run;
        if (!collectBaseline(path, d, &run)) return kExitBadInput;
        if (const int added = addCollected(*store, run, false); added != kExitOk) return added;
    }
    return kExitOk;
}

int runHistory(const std::vector<std::string>& args) {
    if (args.empty() || wantsHelp(args)) {
        std::printf("%s", kHelp);
        return args.empty() ? kExitBadInput : kExitOk;
    }
    ArgParser rest(std::vector<std::string>(args.begin() + 1, args.end()));
    const std::string& sub = args[0];
    if (sub == "add") return add(std::move(rest));
    if (sub == "check") return check(std::move(rest));
    if (sub == "trend") return trend(std::move(rest));
    if (sub == "list") return list(std::move(rest));
    if (sub == "metrics") return metrics(std::move(rest));
    if (sub == "mark") return mark(std::move(rest));
    if (sub == "import-baselines") return importBaselines(std::move(rest));
    if (sub == "plot") return historyPlot(std::move(rest));
    std::fprintf(stderr, "opscope-cli history: unknown subcommand '%s'\n%s", sub.c_str(), kHelp);
    return kExitBadInput;
}

const bool registered =
    registerCommand({"history", "keep every run of a workload; trends, drift and regression checks", &runHistory});

} // namespace
} // namespace opscope::cli
