<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Bubbles</name>
    <message>
        <source>Host-bound launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiler start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiler stop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>File not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a regular file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is empty: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damaged gzip data in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON syntax error in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ends too early (truncated?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected value type in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opscope does not know the format of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed CSV in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the database %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the store %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error (%1) in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1, column %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At byte %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an opscope store this version can read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusing to overwrite %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed while it was being imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Syntax error in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GraphColourScale</name>
    <message>
        <source>no execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GraphDock</name>
    <message>
        <source>Graph: %1 nodes, %2 of them joined to executions (%3%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>No graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Derived from the trace (no graph file): operators linked by task order and flows</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaneNames</name>
    <message>
        <source>%1 (overlap %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <source>&amp;OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>opscope report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by opscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy and idle time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top operators by time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of the device span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace marks no device compute track: every slice track was analysed as compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load imbalance (busiest device over the mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The least busy device idles for this share of the busiest one&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device compute activity in this trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions on the device compute tracks; busy time is the union of each track&apos;s slices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No operator executions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole trace, as the timeline view shows it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No image was rendered for this section.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distribution by duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likely causes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host work during the bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bubbles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace has no host-side tracks, so causes are unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start times are relative to the trace start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rule fired: nothing stands out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules that could not run (missing inputs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules that passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of device time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>derived from the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes joined to executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions no node matched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The computation graph, coloured by each node&apos;s share of device time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trends over the run history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each metric over the runs of the history: the latest run against the median of the runs before it, and every step or drift beyond the noise band (docs/history.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no change beyond the noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy (compute, communication, memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device activity: the trace holds no device work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Union of intervals per device, exact ns; per step as torch_npu&apos;s step_trace_time.csv (Ascend) or by the step that launched the work (Kineto). Definitions: docs/device-time.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comm-compute overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles are gaps in device busy (compute, communication and memory united), between the device&apos;s first and last slice; a wait task is a gap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution time per operator (rows, by total time) over the trace (columns): each row&apos;s compute, communication or memory time summed over its executions, not device busy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This trace (new) against the base, as opscope-cli compare: device operators by name, largest change first, and host operators (cpu_op) counted on each side as HTA&apos;s trace diff: added, deleted, increased or decreased by count, with the durations beside. Times in µs, exact to the ns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No host operator changed its count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more rows: opscope-cli compare --all or --json lists them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>increased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decreased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vanished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regressed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeFormat</name>
    <message>
        <source>ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m</source>
        <comment>minutes</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ViewSnapshot</name>
    <message>
        <source>opscope view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Viewer for AI accelerator profiling traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace files, Ascend profiling folders or opscope stores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE once the trace is open, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation graph to show beside the trace (opscope graph JSON, PyTorch Execution Trace or CANN offline-model JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An operation failed: %1
The open trace is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;scope of %2 nodes (double-click to expand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;scope: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;inputs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;outputs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;no execution in the trace&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 executions, total %2, mean %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;tensor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;shape %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opscope view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::AlignedTimelines</name>
    <message>
        <source>Base: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::AnalysisRunner</name>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::BubbleHistogram</name>
    <message>
        <source>Bubble duration (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n bubble(s), %2 in total</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n bubble, %2 in total</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n bubbles, %2 in total</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to list them&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::BubbleScatter</name>
    <message>
        <source>Bubble start (from trace start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble duration (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; bubble&lt;br&gt;at %2 on %3&lt;br&gt;Likely cause: %4&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::BubbleSummaryModel</name>
    <message>
        <source>%1 (all counted tracks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the first to the last activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cause holding the most bubble time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device / track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTA&apos;s idle causes per stream over the whole trace, as opscope-cli idle gives them: host wait (the next kernel&apos;s launch started after the previous kernel ended), kernel wait (a gap under 30 µs), other. Unlike HTA, opscope keeps exact ns (HTA rounds to µs) and the last ProfilerStep (HTA drops it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy: compute ∪ communication ∪ memory, united over the tracks. A wait is a gap, not busy (HTA has no wait class and counts Stream Wait Event / Stream Sync as busy)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::BubbleTableModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No host work overlaps this bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 [%2] %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track / device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host work overlapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No wait task in this gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the gap covered by wait tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between the profiler&apos;s start marker (PROFILING_ENABLE) and the first work: the profiling window, not the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between the last work and the profiler&apos;s stop marker (PROFILING_DISABLE): the profiling window, not the workload</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::BubbleView</name>
    <message>
        <source>Per device (union of tracks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device: a gap counts only when no counted track of the device runs anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shorter gaps count as idle time but not as bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum bubble:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy and idle time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the bubbles: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No counted track: check at least one on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 bubbles, %2 idle in bubbles, on %n counted track(s)</source>
        <translation>
            <numerusform>%1 bubbles, %2 idle in bubbles, on %n counted track</numerusform>
            <numerusform>%1 bubbles, %2 idle in bubbles, on %n counted tracks</numerusform>
        </translation>
    </message>
    <message>
        <source> (no host tracks: causes unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubbles (per device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubbles (per track)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1 and longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles %1 (the %2 longest of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked tracks count as device work (compute, communication, memory): their gaps are bubbles; the others are host work</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::ClusterStepsModel</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication not overlapped (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow by</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::ClusterView</name>
    <message>
        <source>it computes longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the others wait for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it idles longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it starts the dominant collective late</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1: %2%3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slow link %1: rank %2 at %3 GB/s (mean %4 GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No slow rank: no rule fires.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heatmap of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No per-rank figures in this store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock offsets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each rank&apos;s automatic clock offset and a manual correction, used by every view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the cluster summary…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the cluster summary: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the rank clock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not store the clock offsets: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationOpsModel</name>
    <message>
        <source>Click to show this operator on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapse (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation (ms)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationRanksModel</name>
    <message>
        <source>Above the 0.2 guidance: a communication bottleneck is likely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapse (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationView</name>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit size (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transit time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication matrix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matrix ranks are group-local: profiler_metadata.json has no parallel_group to map them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 has the smallest wait ratio while the most waiting rank synchronises above 0.2: it arrives last, the others wait for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow link %1: rank %2 at %3 GB/s against a mean of %4 GB/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packets on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No communication matrix in this store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination (transport: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the communication figures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the communication figures: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No slice named %1 on rank %2 in this trace.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::ComparePanel</name>
    <message>
        <source>A time regresses when it grows by more than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Summary CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Operators CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Base&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;New&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%n regression(s) beyond %1%:&lt;/b&gt;&lt;/span&gt; </source>
        <translation>
            <numerusform>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%n regression beyond %1%:&lt;/b&gt;&lt;/span&gt; </numerusform>
            <numerusform>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%n regressions beyond %1%:&lt;/b&gt;&lt;/span&gt; </numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;No regression beyond %1%.&lt;/b&gt;&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an operator to see its full name and figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> and %n more (hover for all)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change of the total: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regressed beyond the threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base trace&apos;s ProfilerStep: the work it launched, as compare --step N:M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new trace&apos;s ProfilerStep: the work it launched, as compare --step N:M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base: whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New: whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base: step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New: step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compare the chosen steps: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::ComparisonSummaryModel</name>
    <message>
        <source> (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device imbalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>appeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disappeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still fires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CounterCurvesPanel</name>
    <message>
        <source>Previous execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a graph node to plot its executions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>execution (device counters during the first %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>execution (device counters during each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>execution %1 of %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CriticalPathHighlight</name>
    <message>
        <source>host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the critical path: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No critical path: the trace has no ProfilerStep#N slice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Critical path of %n steps; longest: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1: path %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2 %3 beside the path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No critical path: the trace has no ProfilerStep#%1 slice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical path of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::CriticalPathView</name>
    <message>
        <source>Computing the critical path…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::DetailsPanel</name>
    <message>
        <source>Click a slice in the timeline to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::DiagnosisView</name>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detect from the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device profile for the roofline and bandwidth rules (nominal peaks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion patterns…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph fusion patterns (msprof-analyze&apos;s op_fusion_pass.yaml) to search in the trace&apos;s GE graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph fusion patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the fusion pattern file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · fusion patterns: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge your own thresholds over the shipped rules (JSON, by rule id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the rules file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the rules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The diagnosis failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No operator reports FLOPs and bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roofline data: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device profile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device profile detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · rules: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n unknown rule(s) ignored</source>
        <translation>
            <numerusform> · %n unknown rule ignored</numerusform>
            <numerusform> · %n unknown rules ignored</numerusform>
        </translation>
    </message>
    <message>
        <source> · no compute track marked: all tracks analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs: collect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes: collect %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::FindingsModel</name>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate of the device time the finding is about</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fires when</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::FindingsPanel</name>
    <message>
        <source>Show passed rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous evidence range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next evidence range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 findings, %2 rules not evaluated (inputs missing), over %3 of device time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rule ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a finding to see its evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no time ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n range(s)</source>
        <translation>
            <numerusform>%n range</numerusform>
            <numerusform>%n ranges</numerusform>
        </translation>
    </message>
    <message>
        <source>Range %1 of %2: %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;Not evaluated&lt;/b&gt;: %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;%2&lt;/b&gt; · %3 at stake (%4% of %5 device time)&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;Passed&lt;/b&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Measured&lt;/b&gt; %1 — fires when %2 %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Suggestion&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Time ranges&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Operators&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;li&gt;%1 — %2, %3 in %n execution(s)&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;li&gt;%1 — %2, %3 in %n execution&lt;/li&gt;</numerusform>
            <numerusform>&lt;li&gt;%1 — %2, %3 in %n executions&lt;/li&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::GraphColourScale</name>
    <message>
        <source>Total time share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble time before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::GraphWorkspace</name>
    <message>
        <source>No graph loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search nodes by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the node colours show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left to right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse name scopes (layer1/conv2 lives in layer1) into group nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the graph to the window (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the graph…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph could not be loaded:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All scopes expanded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scopes to depth %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble time before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Laying out…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · %2 edges · %3 joined (%4%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 execution matches no node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 executions match no node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator executions on the graph&apos;s tracks that no node joined (most frequent first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — no execution in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — 1 execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse scope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand all scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HeatmapPlot</name>
    <message>
        <source>Time from trace start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HeatmapView</name>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a row that sums the operators left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cividis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Magma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour map (all are perceptually uniform and colour-blind safe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic colour scale, for values that span several orders of magnitude</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions starting in each bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean duration of the executions starting in each bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of %1 (%2), weighted by execution time in the bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the heatmap: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No executions in the visible range</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) × %1 buckets of %2</source>
        <translation>
            <numerusform>%n row × %1 buckets of %2</numerusform>
            <numerusform>%n rows × %1 buckets of %2</numerusform>
        </translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions per bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean duration (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2% of the bucket)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3 (%4)&lt;br&gt;%5: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows shown: the operators with the most execution time in the binned range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bin the timeline&apos;s visible range and recompute as it zooms; otherwise the whole trace stays binned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution time: each execution of the row&apos;s operator clipped to the bucket and summed, so the row&apos;s compute, communication or memory time by its class. Waits and markers are gaps, never rows. This is not device busy (compute ∪ communication ∪ memory united across operators, in the Summary and Bubbles views and opscope-cli breakdown / bubbles); opscope-cli heatmap --csv prints the same cells.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per bucket (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Summed over the operator&apos;s executions in the bucket (not device busy)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HistoryPlot</name>
    <message>
        <source>noise band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond the band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drift</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HistoryView</name>
    <message>
        <source>Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The history could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s). Click a run to open its trace; Ctrl+click two runs to compare them.</source>
        <translation>
            <numerusform>%n run. Click a run to open its trace; Ctrl+click two runs to compare them.</numerusform>
            <numerusform>%n runs. Click a run to open its trace; Ctrl+click two runs to compare them.</numerusform>
        </translation>
    </message>
    <message>
        <source>No step or drift beyond the noise band.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from run %2 (%3, %4): %5% against a noise band of ±%6%%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (not yet confirmed)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HostOperatorDiffModel</name>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>increased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decreased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference (µs)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::HostOperatorDiffTab</name>
    <message>
        <source>Host operators (cpu_op) by name, counted on each side: %1 added, %2 deleted, %3 increased, %4 decreased, %5 unchanged. The class follows the count; the duration is shown beside.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::JobIndicator</name>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop waiting for this computation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::KernelLaunchModel</name>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay max (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long runtimes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long delays</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::LaunchTableModel</name>
    <message>
        <source>short kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>long runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>long delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU duration (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU duration (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::LaunchView</name>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the launches of kernels whose name contains this text (a click on a kernel fills it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing launches…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the launches: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No launches: no device event of this trace is linked to the call that launched it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 launches of %2 device events (%3 unlinked), %4 flagged as outliers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::MemoryBlockModel</name>
    <message>
        <source>Click to select this operator on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No timeline slice is known for this allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::MemoryOperatorModel</name>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never released</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::MemoryPlot</name>
    <message>
        <source>Memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (module) reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fragmentation (reserved − allocated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (GB/s, right axis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::MemoryView</name>
    <message>
        <source>Show zero-only series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alive in selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak allocated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, peak reserved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %n never released</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>This trace has no memory records or allocations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (%n zero-only series hidden)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Alive at the peak</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::NcclCollectivesModel</name>
    <message>
        <source>Click to show this kernel on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (us)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bus bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::OperatorDiffModel</name>
    <message>
        <source>regressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vanished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device busy time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device “%1” busy time %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator “%1” total time %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator “%1” mean time %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New operator “%1” takes %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New high-severity finding “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New mean</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::OperatorStatsModel</name>
    <message>
        <source>%1 (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (mean, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of %1 over the executions that report it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of %1 (%2) over the executions that report it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time not spent in nested slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nearest-rank percentile of the execution durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread (CPU) time summed over the executions whose trace gives it (Chrome tts/tdur), beside the wall time in Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time as a share of the summed time of all compute tasks (op_statistic.csv&apos;s Ratio); communication, memory and waits are listed apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 executions, %3 in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time as a share of the summed duration of the ProfilerStep#N steps; empty when the trace has no step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascend Core Type (kernel_details&apos; Accelerator Core): AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_AIC, MIX_AIV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core Type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::OperatorStatsView</name>
    <message>
        <source>Operator name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter operators…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible range only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count only executions that start inside the timeline&apos;s visible range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centre the timeline on the previous execution (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centre the timeline on the next execution (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the table as shown (filter and sort order) as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute the statistics: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n execution(s)</source>
        <translation>
            <numerusform>%n execution</numerusform>
            <numerusform>%n executions</numerusform>
        </translation>
    </message>
    <message>
        <source>Execution %1 of %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export operator statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 operators, %2 executions, summed compute-task time %3 on %n track(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Type and input shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per OP type and Input Shapes (Ascend kernel_details)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All core types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the executions of one Ascend Core Type (kernel_details&apos; Accelerator Core)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::PhaseComparePlot</name>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device utilisation (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No phases or steps found (forward/backward/optimizer slices or ProfilerStep#N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n instance(s))&lt;br&gt;Duration %2, device busy %3&lt;br&gt;Utilisation %4%&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n instance)&lt;br&gt;Duration %2, device busy %3&lt;br&gt;Utilisation %4%&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n instances)&lt;br&gt;Duration %2, device busy %3&lt;br&gt;Utilisation %4%&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::RankOffsetsDialog</name>
    <message>
        <source>Rank clock offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic offset (ns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual offset (ns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rank&apos;s times move by its automatic offset (the alignment of the first step or collective) plus its manual offset, in every view and in opscope-cli.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1: the manual offset must be a whole number of ns.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::RooflinePlot</name>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Performance (TFLOPS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 TFLOPS (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device profile: choose a device to draw the roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (nominal peaks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 FLOP/byte, %3 TFLOPS achieved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 TFLOPS attainable (%2% of the roof)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;%1 in %n execution(s)</source>
        <translation>
            <numerusform>&lt;br&gt;%1 in %n execution</numerusform>
            <numerusform>&lt;br&gt;%1 in %n executions</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to highlight its executions&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: peak or bandwidth unknown, choose a device to draw the roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nominal peaks derived from public sources, not a datasheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor shapes (the least traffic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event args</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · bytes from %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::SelectionStatsModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::SliceDetailsModel</name>
    <message>
        <source>Slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start (absolute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slice %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slice id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlapping, moved to a lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>negative duration in source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration missing in source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to go to this slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1% of wall time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread clock at start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-level operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Innermost operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n device events, %1 device time</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Device %1, stream %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n events, %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2 on device %3, stream %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more device events</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>compute (device busy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication (device busy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory (device busy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marker: not work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the collective %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait for %1: a gap in device busy, not work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped to %1 MHz while it ran (the device&apos;s highest: %2 MHz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MHz throughout (the device&apos;s highest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AI Core frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::SummaryView</name>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the device-time summary…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The summary could not be computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device activity: the trace holds no device work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top operators by compute share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rule fired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: device busy (compute, communication, memory) %2 % of %3, comm–compute overlap %4 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact ns over the whole trace; where this differs from HTA&apos;s figures, hover here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deliberate differences from Holistic Trace Analysis (HTA):
- opscope keeps the trace&apos;s exact ns; HTA rounds timestamps to µs (start up, end down).
- opscope keeps the whole trace; HTA drops the last ProfilerStep and the work it launched.
- opscope counts every classified slice of a device; HTA only events with an integer stream ≠ −1.
- opscope&apos;s device busy leaves waits out (a wait is a gap); HTA has no wait class and counts Stream Wait Event / Stream Sync as busy, as opscope&apos;s HTA-named idle does.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::TimelineView</name>
    <message>
        <source>Loading flows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(folded with its neighbours: zoom in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpin track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin track to top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a trace (File &gt; Open) or drop it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Absolute time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for %1: a gap in device busy, not work (drawn hatched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n hidden</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::gui::AboutDialog</name>
    <message>
        <source>version unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QCustomPlot %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nlohmann_json %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zlib %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz %1 (graph layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Catch2 %1 (tests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About opscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;opscope %1&lt;/h2&gt;&lt;p&gt;A viewer for AI accelerator profiling traces: Ascend msprof and torch_npu, Kineto and Chrome JSON.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built with</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::AnalysisDocks</name>
    <message>
        <source>Operator statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::CutBanner</name>
    <message>
        <source>Cut-off trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is cut off at byte %2: only the events before the cut are shown, and the trace ends there rather than where the job ended.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::GraphDock</name>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphs (*.json *.json.gz *.txt);;opscope graph (*.graph.json);;PyTorch Execution Trace (*_et.json *.et.json *.json.gz);;CANN offline model (*.om.json);;GE graph dump (ge_proto_*.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open graph</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::HistoryWindow</name>
    <message>
        <source>Run history — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace of this run is no longer on disk:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::ImportSession</name>
    <message>
        <source>%1: waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading %2 %, %3 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading, %2 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: writing its store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read, waiting for the merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: merging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the timeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesting slices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing rows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building indices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deriving memory rows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linking launches to kernels…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the store to disk…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packing the timeline for a fast reopen…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::MainWindow</name>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cursor: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the current import to finish or cancel it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read %1 of %2, %3 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reused store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imported %1 events in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slices on %2 tracks (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n oddities counted during import (see opscope-cli info)</source>
        <translation>
            <numerusform>%n oddity counted during import (see opscope-cli info)</numerusform>
            <numerusform>%n oddities counted during import (see opscope-cli info)</numerusform>
        </translation>
    </message>
    <message>
        <source>opscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — opscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection: %1 – %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light or dark colours, or those of the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the colours of the desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark text on light backgrounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light text on dark backgrounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language, theme, recent files, bubble threshold, diagnosis rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard and Mouse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every navigation key and mouse gesture of the timeline (F1 or ?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About opscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version of opscope and of the libraries it uses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version and licence of Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the main toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a trace file or an opscope store (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an Ascend profiling folder (msprof or torch_npu output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces opened recently</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the timeline as it is on screen as PNG or SVG (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close opscope (Ctrl+Q)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by &amp;Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour slices by their category instead of their name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Absolute Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show times as in the trace instead of from the trace start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole trace (F or Home in the timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom the timeline to the selected time range (Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Return to the previous zoom (Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.db *.sqlite *.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Ascend profiling folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace opened yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the recently opened traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× (as on screen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2× (high resolution)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixel ratio:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their first step marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the end of their first collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current view as PNG, SVG or PDF, at screen size or a chosen size (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current view to the clipboard as an image (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a self-contained HTML report: summary, operators, bubbles, findings and images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a second trace and compare it with this one: differences and both timelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Align Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift each device or rank so that their first step (or collective) lines up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A report is being written already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison — %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the comparison…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) aligned on %1</source>
        <translation>
            <numerusform>%n device aligned on %1</numerusform>
            <numerusform>%n devices aligned on %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Open &amp;Graph…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the rules file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time under the mouse cursor in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected time range and its duration (drag on the ruler to measure)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the open trace holds and how it was opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Table as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the focused table as CSV exactly as shown: its columns, sort and filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click into a table first, then export it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run histories (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the run history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &amp;History…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a run history: trends of every metric over the runs of a workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All &amp;Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw every arrow between linked slices (host launch to device kernel); when off, only the selected slice&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlight &amp;Critical Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outline the slices on each step&apos;s critical path (host work, launches, device events, synchronisations) and say what bounds the steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) lie far from the rest (up to %1 away) and are left out of the first view; Fit All (F) shows them.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The file stops inside an event, as the dump of a job that crashed does. opscope can open the events before the cut, with a banner saying where it was cut.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open up to the cut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::ReportExport</name>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::SearchPanel</name>
    <message>
        <source>Regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search slice names (Enter: next, Shift+Enter: previous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::SelectionStatsPanel</name>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+drag over the timeline to select a region.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slices, %2 names in %3 on %4 tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export selection statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour theme of the window and the views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By operator name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the timeline colours slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slice &amp;colours:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many traces File &gt; Open Recent remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the recently opened traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the window layout at the next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puts the docks and the toolbar back where they were at first start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device idle gaps shorter than this count as idle time, not as bubbles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default &amp;bubble threshold:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A diagnosis rules JSON file merged over the built-in rules (empty: built-in only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a diagnosis rules JSON file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis rules file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the user interface; OK reopens the window and its trace in it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>opscope::gui::ShortcutHelp</name>
    <message>
        <source>W / S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in / out around the mouse cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl + wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A / D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan left / right by a tenth of the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift + wheel, horizontal wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll the lanes up / down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan in time and scroll the lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag on the ruler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure a time range (selection)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift + drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a region: statistics of the slices in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Z, double-click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to the selection (double-click on a slice: zoom to it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F, Home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a slice and show its details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a process header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse or expand the process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click the pin of a lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin the lane to the top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right-click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Menu: pin, collapse, zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the timeline as an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F1, ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard and mouse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel, + / -</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom the graph in / out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag, arrow keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the graph to the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select it and plot its executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand a scope, or show the node&apos;s executions on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag on the minimap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the visible part of the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter / Shift+Enter in the search bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next / previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter / Shift+Enter in the operator table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centre the timeline on the next / previous execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the current view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current view as an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computation graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search and tables</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
