<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Bubbles</name>
    <message>
        <source>Host-bound launch</source>
        <translation>主机下发瓶颈</translation>
    </message>
    <message>
        <source>Synchronisation wait</source>
        <translation>同步等待</translation>
    </message>
    <message>
        <source>Communication wait</source>
        <translation>通信等待</translation>
    </message>
    <message>
        <source>Data transfer</source>
        <translation>数据传输</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>data transfer</source>
        <translation>数据传输</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>下发</translation>
    </message>
    <message>
        <source>host compute</source>
        <translation>主机计算</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Profiler start</source>
        <translation>采集开始</translation>
    </message>
    <message>
        <source>Profiler stop</source>
        <translation>采集结束</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>File not found: %1</source>
        <translation>找不到文件：%1</translation>
    </message>
    <message>
        <source>Not a regular file: %1</source>
        <translation>不是普通文件：%1</translation>
    </message>
    <message>
        <source>The file is empty: %1</source>
        <translation>文件为空：%1</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>Damaged gzip data in %1</source>
        <translation>%1 中的 gzip 数据已损坏</translation>
    </message>
    <message>
        <source>%1 is not a JSON trace</source>
        <translation>%1 不是 JSON 格式的 trace</translation>
    </message>
    <message>
        <source>JSON syntax error in %1</source>
        <translation>%1 中有 JSON 语法错误</translation>
    </message>
    <message>
        <source>%1 ends too early (truncated?)</source>
        <translation>%1 提前结束（文件可能被截断）</translation>
    </message>
    <message>
        <source>Unexpected value type in %1</source>
        <translation>%1 中出现了意外的值类型</translation>
    </message>
    <message>
        <source>opscope does not know the format of %1</source>
        <translation>opscope 无法识别 %1 的格式</translation>
    </message>
    <message>
        <source>Malformed CSV in %1</source>
        <translation>%1 中的 CSV 格式错误</translation>
    </message>
    <message>
        <source>Cannot read the database %1</source>
        <translation>无法读取数据库 %1</translation>
    </message>
    <message>
        <source>Cannot write the store %1</source>
        <translation>无法写入数据存储 %1</translation>
    </message>
    <message>
        <source>Import cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
    <message>
        <source>%1 is not an opscope store this version can read</source>
        <translation>%1 不是本版本可读取的 opscope 数据存储</translation>
    </message>
    <message>
        <source>Refusing to overwrite %1</source>
        <translation>拒绝覆盖 %1</translation>
    </message>
    <message>
        <source>%1 changed while it was being imported</source>
        <translation>%1 在导入过程中被修改</translation>
    </message>
    <message>
        <source>Syntax error in %1</source>
        <translation>%1 中有语法错误</translation>
    </message>
    <message>
        <source>Unknown error (%1) in %2</source>
        <translation>%2 中出现未知错误（%1）</translation>
    </message>
    <message>
        <source>Line %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>Line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>At byte %1</source>
        <translation>位于第 %1 字节</translation>
    </message>
    <message>
        <source>Expected: %1</source>
        <translation>期望：%1</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>%1 FLOP/byte</source>
        <translation>%1 FLOP/字节</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>已通过</translation>
    </message>
    <message>
        <source>Needs input</source>
        <translation>缺少输入</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>低</translation>
    </message>
</context>
<context>
    <name>GraphColourScale</name>
    <message>
        <source>no execution</source>
        <translation>无执行记录</translation>
    </message>
    <message>
        <source> (log scale)</source>
        <translation>（对数刻度）</translation>
    </message>
</context>
<context>
    <name>GraphDock</name>
    <message>
        <source>Graph: %1 nodes, %2 of them joined to executions (%3%)</source>
        <translation>计算图：%1 个节点，其中 %2 个已关联到执行（%3%）</translation>
    </message>
    <message numerus="yes">
        <source>; %n trace name(s) ambiguous (an original name of several nodes), joined to none: %1</source>
        <translation>
            <numerusform>；%n 个 trace 名称有歧义（是多个节点的原始名称），未关联到任何节点：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>No graph</source>
        <translation>没有计算图</translation>
    </message>
    <message>
        <source>Derived from the trace (no graph file): operators linked by task order and flows</source>
        <translation>由 trace 推导（无计算图文件）：算子按任务顺序和连线连接</translation>
    </message>
</context>
<context>
    <name>LaneNames</name>
    <message>
        <source>%1 (overlap %2)</source>
        <translation>%1（重叠 %2）</translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <source>&amp;OK</source>
        <translation>确定(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation>恢复默认值</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>opscope report</source>
        <translation>opscope 性能报告</translation>
    </message>
    <message>
        <source>Generated by opscope</source>
        <translation>由 opscope 生成</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成时间</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Trace summary</source>
        <translation>Trace 概要</translation>
    </message>
    <message>
        <source>Device busy and idle time</source>
        <translation>设备忙碌与空闲时间</translation>
    </message>
    <message>
        <source>Timeline overview</source>
        <translation>时间轴概览</translation>
    </message>
    <message>
        <source>Top operators by time</source>
        <translation>耗时最多的算子</translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation>算子热力图</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Computation graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Trace duration</source>
        <translation>trace 时长</translation>
    </message>
    <message>
        <source>Device busy</source>
        <translation>设备忙碌</translation>
    </message>
    <message>
        <source>Bubble time</source>
        <translation>气泡时间</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>诊断项</translation>
    </message>
    <message>
        <source>of the device span</source>
        <translation>占设备活动区间</translation>
    </message>
    <message>
        <source>devices</source>
        <translation>个设备</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>数据存储</translation>
    </message>
    <message>
        <source>Time span</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Compute tracks</source>
        <translation>计算轨道</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Counter samples</source>
        <translation>计数器采样点</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>Operator metrics</source>
        <translation>算子指标</translation>
    </message>
    <message>
        <source>Import warnings</source>
        <translation>导入警告</translation>
    </message>
    <message>
        <source>The trace marks no device compute track: every slice track was analysed as compute.</source>
        <translation>该 trace 未标记设备计算轨道：所有切片轨道均按计算轨道分析。</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>活动区间</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Busy share</source>
        <translation>忙碌占比</translation>
    </message>
    <message>
        <source>Largest bubble</source>
        <translation>最大气泡</translation>
    </message>
    <message>
        <source>slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>Load imbalance (busiest device over the mean)</source>
        <translation>负载不均衡（最忙设备与平均值之比）</translation>
    </message>
    <message>
        <source>The least busy device idles for this share of the busiest one&apos;s time</source>
        <translation>最空闲的设备在最忙设备时间内的空闲比例</translation>
    </message>
    <message>
        <source>No device compute activity in this trace.</source>
        <translation>该 trace 中没有设备计算活动。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Share of busy</source>
        <translation>忙碌时间占比</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>All metrics</source>
        <translation>全部指标</translation>
    </message>
    <message>
        <source>Executions on the device compute tracks; busy time is the union of each track&apos;s slices.</source>
        <translation>统计设备计算轨道上的执行；忙碌时间为各轨道切片的并集。</translation>
    </message>
    <message>
        <source>No operator executions.</source>
        <translation>没有算子执行记录。</translation>
    </message>
    <message>
        <source>The whole trace, as the timeline view shows it.</source>
        <translation>整个 trace，与时间轴视图显示的一致。</translation>
    </message>
    <message>
        <source>No image was rendered for this section.</source>
        <translation>本节未生成图片。</translation>
    </message>
    <message>
        <source>Distribution by duration</source>
        <translation>按时长分布</translation>
    </message>
    <message>
        <source>Likely causes</source>
        <translation>可能原因</translation>
    </message>
    <message>
        <source>Largest bubbles</source>
        <translation>最大的气泡</translation>
    </message>
    <message>
        <source>Duration range</source>
        <translation>时长区间</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation>可能原因</translation>
    </message>
    <message>
        <source>After operator</source>
        <translation>前一个算子</translation>
    </message>
    <message>
        <source>Before operator</source>
        <translation>后一个算子</translation>
    </message>
    <message>
        <source>Host work during the bubble</source>
        <translation>气泡期间的主机侧工作</translation>
    </message>
    <message>
        <source>No bubbles.</source>
        <translation>没有气泡。</translation>
    </message>
    <message>
        <source>The trace has no host-side tracks, so causes are unknown.</source>
        <translation>该 trace 没有主机侧轨道，因此无法判断原因。</translation>
    </message>
    <message>
        <source>Start times are relative to the trace start.</source>
        <translation>开始时间相对于 trace 起点。</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation>涉及耗时</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Time ranges</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>No rule fired: nothing stands out.</source>
        <translation>没有规则触发：未发现明显问题。</translation>
    </message>
    <message>
        <source>Rules that could not run (missing inputs)</source>
        <translation>无法运行的规则（缺少输入数据）</translation>
    </message>
    <message>
        <source>Rules that passed</source>
        <translation>已通过的规则</translation>
    </message>
    <message>
        <source>needs</source>
        <translation>需要</translation>
    </message>
    <message>
        <source>of device time</source>
        <translation>占设备时间</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>derived from the trace</source>
        <translation>由 trace 推导</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Edges</source>
        <translation>边</translation>
    </message>
    <message>
        <source>Nodes joined to executions</source>
        <translation>已关联到执行的节点</translation>
    </message>
    <message>
        <source>Executions no node matched</source>
        <translation>未匹配到节点的执行</translation>
    </message>
    <message>
        <source>The computation graph, coloured by each node&apos;s share of device time.</source>
        <translation>计算图，按各节点占设备时间的比例着色。</translation>
    </message>
    <message>
        <source>device</source>
        <translation>个设备</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>Trends over the run history</source>
        <translation>运行历史趋势</translation>
    </message>
    <message>
        <source>Each metric over the runs of the history: the latest run against the median of the runs before it, and every step or drift beyond the noise band (docs/history.md).</source>
        <translation>每个指标在历史各次运行中的变化：最新一次运行与之前各次运行的中位数相比，以及超出噪声带的每次阶跃或漂移（见 docs/history.md）。</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Of</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>最新值</translation>
    </message>
    <message>
        <source>Median before</source>
        <translation>此前中位数</translation>
    </message>
    <message>
        <source>Trend</source>
        <translation>趋势</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>no change beyond the noise</source>
        <translation>无超出噪声的变化</translation>
    </message>
    <message>
        <source>step</source>
        <translation>阶跃</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>漂移</translation>
    </message>
    <message>
        <source>from run</source>
        <translation>始于运行</translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation>整个 trace</translation>
    </message>
    <message>
        <source>Device busy (compute, communication, memory)</source>
        <translation>设备忙碌（计算、通信、内存）</translation>
    </message>
    <message>
        <source>Device time per step</source>
        <translation>每步的设备时间</translation>
    </message>
    <message>
        <source>No device activity: the trace holds no device work.</source>
        <translation>无设备活动：该 trace 中没有设备上的工作。</translation>
    </message>
    <message>
        <source>Union of intervals per device, exact ns; per step as torch_npu&apos;s step_trace_time.csv (Ascend) or by the step that launched the work (Kineto). Definitions: docs/device-time.md.</source>
        <translation>每个设备按区间并集计算，精确到 ns；每步的划分与 torch_npu 的 step_trace_time.csv 相同（昇腾），或按下发该工作的步划分（Kineto）。定义见 docs/device-time.md。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Comm-compute overlap</source>
        <translation>通信与计算重叠</translation>
    </message>
    <message>
        <source>Memory not overlapped</source>
        <translation>未被掩盖的内存</translation>
    </message>
    <message>
        <source>Bubbles are gaps in device busy (compute, communication and memory united), between the device&apos;s first and last slice; a wait task is a gap.</source>
        <translation>气泡是设备忙碌时间（计算、通信与内存的并集）在设备首个与最后一个任务之间的空隙；等待任务也算作空隙。</translation>
    </message>
    <message>
        <source>Execution time per operator (rows, by total time) over the trace (columns): each row&apos;s compute, communication or memory time summed over its executions, not device busy.</source>
        <translation>各算子（行，按总时间排序）在整个 trace 上（列）的执行时间：每行为该算子各次执行的计算、通信或内存时间之和，不是设备忙碌时间。</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>This trace (new) against the base, as opscope-cli compare: device operators by name, largest change first, and host operators (cpu_op) counted on each side as HTA&apos;s trace diff: added, deleted, increased or decreased by count, with the durations beside. Times in µs, exact to the ns.</source>
        <translation>本 trace（新版）与基线的对比，与 opscope-cli compare 相同：Device 算子按名称，变化最大者在前；Host 算子（cpu_op）按 HTA 的 trace diff 在两侧计数：按次数分为新增、删除、增多或减少，并列出耗时。时间单位为 µs，精确到 ns。</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新版</translation>
    </message>
    <message>
        <source>Device operators</source>
        <translation>Device 算子</translation>
    </message>
    <message>
        <source>Host operators</source>
        <translation>Host 算子</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New count</source>
        <translation>新版次数</translation>
    </message>
    <message>
        <source>Base total (µs)</source>
        <translation>基线总时间 (µs)</translation>
    </message>
    <message>
        <source>New total (µs)</source>
        <translation>新版总时间 (µs)</translation>
    </message>
    <message>
        <source>Difference (µs)</source>
        <translation>差值 (µs)</translation>
    </message>
    <message>
        <source>No host operator changed its count.</source>
        <translation>没有 Host 算子的次数发生变化。</translation>
    </message>
    <message>
        <source>more rows: opscope-cli compare --all or --json lists them</source>
        <translation>行未显示：opscope-cli compare --all 或 --json 可列出全部</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>increased</source>
        <translation>增多</translation>
    </message>
    <message>
        <source>decreased</source>
        <translation>减少</translation>
    </message>
    <message>
        <source>vanished</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>劣化</translation>
    </message>
</context>
<context>
    <name>TimeFormat</name>
    <message>
        <source>ns</source>
        <translation>纳秒</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>m</source>
        <comment>minutes</comment>
        <translation>分</translation>
    </message>
</context>
<context>
    <name>ViewSnapshot</name>
    <message>
        <source>opscope view</source>
        <translation>opscope 视图</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Operator statistics</source>
        <translation>算子统计</translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation>算子热力图</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline 模型</translation>
    </message>
    <message>
        <source>Phase comparison</source>
        <translation>阶段对比</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Cluster summary</source>
        <translation>集群概览</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>下发</translation>
    </message>
    <message>
        <source>Critical path</source>
        <translation>关键路径</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>An operation failed: %1
The open trace is unchanged.</source>
        <translation>操作失败：%1
已打开的 trace 保持不变。</translation>
    </message>
    <message>
        <source>Viewer for AI accelerator profiling traces</source>
        <translation>AI 加速器性能数据查看工具</translation>
    </message>
    <message>
        <source>Trace files, Ascend profiling folders or opscope stores.</source>
        <translation>trace 文件、昇腾性能数据文件夹或 opscope 数据存储。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE once the trace is open, then quit.</source>
        <translation>打开 trace 后将窗口截图保存到 FILE，然后退出。</translation>
    </message>
    <message>
        <source>Computation graph to show beside the trace (opscope graph JSON, PyTorch Execution Trace or CANN offline-model JSON).</source>
        <translation>与 trace 一同显示的计算图（opscope 计算图 JSON、PyTorch Execution Trace 或 CANN 离线模型 JSON）。</translation>
    </message>
</context>
<context>
    <name>opscope</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;scope of %2 nodes (double-click to expand)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;包含 %2 个节点的作用域（双击展开）</translation>
    </message>
    <message>
        <source>&lt;br&gt;scope: %1</source>
        <translation>&lt;br&gt;作用域：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;inputs: %1</source>
        <translation>&lt;br&gt;输入：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;outputs: %1</source>
        <translation>&lt;br&gt;输出：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;no execution in the trace&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;trace 中没有执行记录&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 executions, total %2, mean %3</source>
        <translation>&lt;br&gt;执行 %1 次，总耗时 %2，平均 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 edges</source>
        <translation>&lt;br&gt;%1 条边</translation>
    </message>
    <message>
        <source>&lt;br&gt;tensor %1</source>
        <translation>&lt;br&gt;张量 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;shape %1</source>
        <translation>&lt;br&gt;形状 %1</translation>
    </message>
    <message>
        <source>opscope view</source>
        <translation>opscope 视图</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;SVG 图片 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>opscope::AlignedTimelines</name>
    <message>
        <source>Base: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>New: %1</source>
        <translation>新版：%1</translation>
    </message>
</context>
<context>
    <name>opscope::AnalysisRunner</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>opscope::BubbleHistogram</name>
    <message>
        <source>Bubble duration (log scale)</source>
        <translation>气泡时长（对数刻度）</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>No bubbles</source>
        <translation>没有气泡</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>低于 %1</translation>
    </message>
    <message>
        <source>%1 and longer</source>
        <translation>%1 及以上</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n bubble(s), %2 in total</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n 个气泡，共 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2</source>
        <translation>&lt;br&gt;%1：%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to list them&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;单击列出&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
</context>
<context>
    <name>opscope::BubbleScatter</name>
    <message>
        <source>Bubble start (from trace start)</source>
        <translation>气泡起点（相对 trace 起点）</translation>
    </message>
    <message>
        <source>Bubble duration (log scale)</source>
        <translation>气泡时长（对数刻度）</translation>
    </message>
    <message>
        <source>No bubbles</source>
        <translation>没有气泡</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; bubble&lt;br&gt;at %2 on %3&lt;br&gt;Likely cause: %4&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的气泡&lt;br&gt;位于 %2，%3&lt;br&gt;可能原因：%4&lt;br&gt;&lt;i&gt;单击在时间轴上显示&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln bubble(s) drawn as density: darker cells hold more</source>
        <translation>
            <numerusform>%Ln 个气泡以密度显示：颜色越深的格子气泡越多</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::BubbleSummaryModel</name>
    <message>
        <source>%1 (all counted tracks)</source>
        <translation>%1（所有统计轨道）</translation>
    </message>
    <message>
        <source>From the first to the last activity</source>
        <translation>从第一次到最后一次活动</translation>
    </message>
    <message>
        <source>The cause holding the most bubble time</source>
        <translation>占用气泡时间最多的原因</translation>
    </message>
    <message>
        <source>Device / track</source>
        <translation>设备 / 轨道</translation>
    </message>
    <message>
        <source>Device busy (%)</source>
        <translation>设备忙碌（%）</translation>
    </message>
    <message>
        <source>Idle (%)</source>
        <translation>空闲（%）</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Main cause</source>
        <translation>主要原因</translation>
    </message>
    <message>
        <source>Active span</source>
        <translation>活动区间</translation>
    </message>
    <message>
        <source>Bubble total</source>
        <translation>气泡总时长</translation>
    </message>
    <message>
        <source>Largest</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Host wait</source>
        <translation>主机等待</translation>
    </message>
    <message>
        <source>Kernel wait</source>
        <translation>核函数等待</translation>
    </message>
    <message>
        <source>Other idle</source>
        <translation>其他空闲</translation>
    </message>
    <message>
        <source>HTA&apos;s idle causes per stream over the whole trace, as opscope-cli idle gives them: host wait (the next kernel&apos;s launch started after the previous kernel ended), kernel wait (a gap under 30 µs), other. Unlike HTA, opscope keeps exact ns (HTA rounds to µs) and the last ProfilerStep (HTA drops it).</source>
        <translation>HTA 定义的每个流在整个 trace 上的空闲原因，与 opscope-cli idle 相同：主机等待（下一个 kernel 的下发在上一个 kernel 结束后才开始）、kernel 等待（间隙小于 30 µs）、其他。与 HTA 不同，opscope 保留精确的纳秒（HTA 取整到微秒），并保留最后一个 ProfilerStep（HTA 将其丢弃）。</translation>
    </message>
    <message>
        <source>Device busy: compute ∪ communication ∪ memory, united over the tracks. A wait is a gap, not busy (HTA has no wait class and counts Stream Wait Event / Stream Sync as busy)</source>
        <translation>设备忙碌：计算 ∪ 通信 ∪ 内存，在各轨道上取并集。等待是空隙，不算忙碌（HTA 没有等待类别，把 Stream Wait Event / Stream Sync 计为忙碌）</translation>
    </message>
</context>
<context>
    <name>opscope::BubbleTableModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>No host work overlaps this bubble</source>
        <translation>没有主机侧工作与该气泡重叠</translation>
    </message>
    <message>
        <source>%1 [%2] %3 on %4</source>
        <translation>%1 [%2] %3，位于 %4</translation>
    </message>
    <message>
        <source>Track / device</source>
        <translation>轨道 / 设备</translation>
    </message>
    <message>
        <source>Operator before</source>
        <translation>前一个算子</translation>
    </message>
    <message>
        <source>Operator after</source>
        <translation>后一个算子</translation>
    </message>
    <message>
        <source>Host work overlapping</source>
        <translation>重叠的主机侧工作</translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation>可能原因</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>一个事件</translation>
    </message>
    <message>
        <source>a notify</source>
        <translation>一个 Notify</translation>
    </message>
    <message>
        <source>another stream</source>
        <translation>另一个流</translation>
    </message>
    <message>
        <source>a collective</source>
        <translation>一个集合通信</translation>
    </message>
    <message>
        <source>No wait task in this gap</source>
        <translation>该空隙中没有等待任务</translation>
    </message>
    <message>
        <source>%1 of the gap covered by wait tasks</source>
        <translation>空隙中有 %1 被等待任务覆盖</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>等待对象</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Between the profiler&apos;s start marker (PROFILING_ENABLE) and the first work: the profiling window, not the workload</source>
        <translation>位于采集开始标记（PROFILING_ENABLE）与第一个任务之间：属于采集窗口，而非负载本身</translation>
    </message>
    <message>
        <source>Between the last work and the profiler&apos;s stop marker (PROFILING_DISABLE): the profiling window, not the workload</source>
        <translation>位于最后一个任务与采集结束标记（PROFILING_DISABLE）之间：属于采集窗口，而非负载本身</translation>
    </message>
</context>
<context>
    <name>opscope::BubbleView</name>
    <message>
        <source>Per device (union of tracks)</source>
        <translation>按设备（轨道并集）</translation>
    </message>
    <message>
        <source>Per track</source>
        <translation>按轨道</translation>
    </message>
    <message>
        <source>Device: a gap counts only when no counted track of the device runs anything</source>
        <translation>按设备：仅当该设备所有统计轨道都没有运行任务时，间隙才计为气泡</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> 微秒</translation>
    </message>
    <message>
        <source>Shorter gaps count as idle time but not as bubbles</source>
        <translation>更短的间隙计为空闲时间，但不算作气泡</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>Bubbles:</source>
        <translation>气泡：</translation>
    </message>
    <message>
        <source>Minimum bubble:</source>
        <translation>最小气泡：</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Show largest</source>
        <translation>显示最大的</translation>
    </message>
    <message>
        <source>Bubble durations</source>
        <translation>气泡时长</translation>
    </message>
    <message>
        <source>Bubbles over time</source>
        <translation>气泡随时间分布</translation>
    </message>
    <message>
        <source>Busy and idle time</source>
        <translation>忙碌与空闲时间</translation>
    </message>
    <message>
        <source>Largest bubbles</source>
        <translation>最大的气泡</translation>
    </message>
    <message>
        <source>Counted tracks</source>
        <translation>统计的轨道</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Could not compute the bubbles: %1</source>
        <translation>无法计算气泡：%1</translation>
    </message>
    <message>
        <source>No counted track: check at least one on the left.</source>
        <translation>没有统计的轨道：请在左侧至少勾选一条。</translation>
    </message>
    <message numerus="yes">
        <source>%1 bubbles, %2 idle in bubbles, on %n counted track(s)</source>
        <translation>
            <numerusform>%n 条统计轨道上共 %1 个气泡，气泡内空闲 %2</numerusform>
        </translation>
    </message>
    <message>
        <source> (no host tracks: causes unknown)</source>
        <translation>（没有主机侧轨道：原因未知）</translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks counted)</source>
        <translation>（未标记计算轨道：统计全部轨道）</translation>
    </message>
    <message>
        <source>Largest bubbles (per device)</source>
        <translation>最大的气泡（按设备）</translation>
    </message>
    <message>
        <source>Largest bubbles (per track)</source>
        <translation>最大的气泡（按轨道）</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>低于 %1</translation>
    </message>
    <message>
        <source>of %1 and longer</source>
        <translation>（%1 及以上）</translation>
    </message>
    <message>
        <source>of %1 – %2</source>
        <translation>（%1 – %2）</translation>
    </message>
    <message>
        <source>Bubbles %1 (the %2 longest of %3)</source>
        <translation>气泡 %1（%3 个中最长的 %2 个）</translation>
    </message>
    <message>
        <source>Bubbles %1 (%2)</source>
        <translation>气泡 %1（%2）</translation>
    </message>
    <message>
        <source>%1 — computing…</source>
        <translation>%1 — 计算中…</translation>
    </message>
    <message>
        <source>Checked tracks count as device work (compute, communication, memory): their gaps are bubbles; the others are host work</source>
        <translation>勾选的轨道视为设备工作（计算、通信、内存）：其间隙为气泡；其余视为主机侧工作</translation>
    </message>
</context>
<context>
    <name>opscope::ClusterStepsModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Slow by</source>
        <translation>慢卡判定规则</translation>
    </message>
</context>
<context>
    <name>opscope::ClusterView</name>
    <message>
        <source>it computes longer</source>
        <translation>计算耗时更长</translation>
    </message>
    <message>
        <source>the others wait for it</source>
        <translation>其他 rank 在等待它</translation>
    </message>
    <message>
        <source>it idles longer</source>
        <translation>空闲时间更长</translation>
    </message>
    <message>
        <source>it starts the dominant collective late</source>
        <translation>主要集合通信启动较晚</translation>
    </message>
    <message>
        <source>rank %1: %2%3, %4</source>
        <translation>rank %1：%2%3，%4</translation>
    </message>
    <message>
        <source>slow link %1: rank %2 at %3 GB/s (mean %4 GB/s)</source>
        <translation>慢链路 %1：rank %2 为 %3 GB/s（平均 %4 GB/s）</translation>
    </message>
    <message>
        <source>No slow rank: no rule fires.</source>
        <translation>没有慢卡：没有规则触发。</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Heatmap of</source>
        <translation>热力图指标</translation>
    </message>
    <message>
        <source>No per-rank figures in this store</source>
        <translation>该数据存储中没有按 rank 的数据</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation>整个 trace</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1（毫秒）</translation>
    </message>
    <message>
        <source>Clock offsets…</source>
        <translation>时钟偏移…</translation>
    </message>
    <message>
        <source>Each rank&apos;s automatic clock offset and a manual correction, used by every view</source>
        <translation>每个 Rank 的自动时钟偏移与手动校正，所有视图共用</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Computing the cluster summary…</source>
        <translation>正在计算集群概览…</translation>
    </message>
    <message>
        <source>Could not compute the cluster summary: %1</source>
        <translation>无法计算集群概览：%1</translation>
    </message>
    <message>
        <source>Could not read the rank clock: %1</source>
        <translation>无法读取 Rank 时钟：%1</translation>
    </message>
    <message>
        <source>Could not store the clock offsets: %1</source>
        <translation>无法保存时钟偏移：%1</translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationOpsModel</name>
    <message>
        <source>Click to show this operator on the timeline</source>
        <translation>单击在时间轴上显示该算子</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信域</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Elapse</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Transit</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Synchronisation</source>
        <translation>同步</translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationRanksModel</name>
    <message>
        <source>Above the 0.2 guidance: a communication bottleneck is likely</source>
        <translation>高于 0.2 的经验阈值：可能存在通信瓶颈</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子数</translation>
    </message>
    <message>
        <source>Elapse</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Transit</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Synchronisation</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Wait ratio</source>
        <translation>等待比例</translation>
    </message>
    <message>
        <source>Synchronisation ratio</source>
        <translation>同步比例</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
</context>
<context>
    <name>opscope::CommunicationView</name>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>Transit size (MB)</source>
        <translation>传输量（MB）</translation>
    </message>
    <message>
        <source>Transit time (ms)</source>
        <translation>传输时间（毫秒）</translation>
    </message>
    <message>
        <source>Communication matrix:</source>
        <translation>通信矩阵：</translation>
    </message>
    <message>
        <source>Matrix ranks are group-local: profiler_metadata.json has no parallel_group to map them.</source>
        <translation>矩阵中的 rank 为通信域内编号：profiler_metadata.json 中没有 parallel_group 可用于映射。</translation>
    </message>
    <message>
        <source>Rank %1 has the smallest wait ratio while the most waiting rank synchronises above 0.2: it arrives last, the others wait for it.</source>
        <translation>rank %1 的等待比例最小，而等待最多的 rank 同步比例高于 0.2：它最后到达，其他 rank 在等待它。</translation>
    </message>
    <message>
        <source>Slow link %1: rank %2 at %3 GB/s against a mean of %4 GB/s.</source>
        <translation>慢链路 %1：rank %2 为 %3 GB/s，平均为 %4 GB/s。</translation>
    </message>
    <message>
        <source>Packets on %1: %2</source>
        <translation>%1 上的数据包：%2</translation>
    </message>
    <message>
        <source>No communication matrix in this store</source>
        <translation>该数据存储中没有通信矩阵</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Destination (transport: %1)</source>
        <translation>目的（传输类型：%1）</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>按 Rank</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>通信算子</translation>
    </message>
    <message>
        <source>NCCL collectives</source>
        <translation>NCCL 集合通信</translation>
    </message>
    <message>
        <source>Computing the communication figures…</source>
        <translation>正在计算通信数据…</translation>
    </message>
    <message>
        <source>Could not compute the communication figures: %1</source>
        <translation>无法计算通信数据：%1</translation>
    </message>
    <message>
        <source>No slice named %1 on rank %2 in this trace.</source>
        <translation>此 trace 中 rank %2 上没有名为 %1 的切片。</translation>
    </message>
</context>
<context>
    <name>opscope::ComparePanel</name>
    <message>
        <source>A time regresses when it grows by more than this</source>
        <translation>耗时增长超过此比例即视为劣化</translation>
    </message>
    <message>
        <source>Threshold:</source>
        <translation>阈值：</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Filter operators</source>
        <translation>筛选算子</translation>
    </message>
    <message>
        <source>Export Summary CSV…</source>
        <translation>导出汇总 CSV…</translation>
    </message>
    <message>
        <source>Export Operators CSV…</source>
        <translation>导出算子 CSV…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Base&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;New&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;基线&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;新版&lt;/b&gt; %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%n regression(s) beyond %1%:&lt;/b&gt;&lt;/span&gt; </source>
        <translation>
            <numerusform>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%n 项劣化超过 %1%：&lt;/b&gt;&lt;/span&gt; </numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;No regression beyond %1%.&lt;/b&gt;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#2e7d32&apos;&gt;&lt;b&gt;没有超过 %1% 的性能劣化。&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Host operators</source>
        <translation>Host 算子</translation>
    </message>
    <message>
        <source>Select an operator to see its full name and figures.</source>
        <translation>选择一个算子以查看其完整名称和数据。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more (hover for all)</source>
        <translation>
            <numerusform>，另有 %n 项（悬停查看全部）</numerusform>
        </translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新版</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>执行次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均耗时</translation>
    </message>
    <message>
        <source>Change of the total: %1</source>
        <translation>总耗时变化：%1</translation>
    </message>
    <message>
        <source>Regressed beyond the threshold</source>
        <translation>劣化超过阈值</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>The base trace&apos;s ProfilerStep: the work it launched, as compare --step N:M</source>
        <translation>基线 trace 的 ProfilerStep：该迭代下发的工作，与 compare --step N:M 相同</translation>
    </message>
    <message>
        <source>The new trace&apos;s ProfilerStep: the work it launched, as compare --step N:M</source>
        <translation>新版 trace 的 ProfilerStep：该迭代下发的工作，与 compare --step N:M 相同</translation>
    </message>
    <message>
        <source>Base: whole trace</source>
        <translation>基线：整个 trace</translation>
    </message>
    <message>
        <source>New: whole trace</source>
        <translation>新版：整个 trace</translation>
    </message>
    <message>
        <source>Base: step %1</source>
        <translation>基线：迭代 %1</translation>
    </message>
    <message>
        <source>New: step %1</source>
        <translation>新版：迭代 %1</translation>
    </message>
    <message>
        <source>Could not compare the chosen steps: %1</source>
        <translation>无法对比所选迭代：%1</translation>
    </message>
</context>
<context>
    <name>opscope::ComparisonSummaryModel</name>
    <message>
        <source> (µs)</source>
        <translation>（微秒）</translation>
    </message>
    <message>
        <source> (%)</source>
        <translation>（%）</translation>
    </message>
    <message>
        <source>Trace duration</source>
        <translation>trace 时长</translation>
    </message>
    <message>
        <source>Device busy time</source>
        <translation>设备忙碌时间</translation>
    </message>
    <message>
        <source>Bubble time</source>
        <translation>气泡时间</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Largest bubble</source>
        <translation>最大气泡</translation>
    </message>
    <message>
        <source>Operator executions</source>
        <translation>算子执行次数</translation>
    </message>
    <message>
        <source>Device imbalance</source>
        <translation>设备负载不均衡</translation>
    </message>
    <message>
        <source>appeared</source>
        <translation>新出现</translation>
    </message>
    <message>
        <source>disappeared</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>still fires</source>
        <translation>仍然触发</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>劣化</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断项</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新版</translation>
    </message>
    <message>
        <source>Change (%)</source>
        <translation>变化（%）</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>opscope::CounterCurvesPanel</name>
    <message>
        <source>Previous execution</source>
        <translation>上一次执行</translation>
    </message>
    <message>
        <source>Next execution</source>
        <translation>下一次执行</translation>
    </message>
    <message>
        <source>Click a graph node to plot its executions.</source>
        <translation>单击计算图节点以绘制其各次执行。</translation>
    </message>
    <message>
        <source>duration (µs)</source>
        <translation>耗时（微秒）</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>execution (device counters during the first %1)</source>
        <translation>执行（前 %1 次执行期间的设备计数器）</translation>
    </message>
    <message>
        <source>execution (device counters during each)</source>
        <translation>执行（每次执行期间的设备计数器）</translation>
    </message>
    <message>
        <source>1 execution</source>
        <translation>1 次执行</translation>
    </message>
    <message>
        <source>%1 executions</source>
        <translation>%1 次执行</translation>
    </message>
    <message>
        <source>execution %1 of %2 · %3</source>
        <translation>第 %1 / %2 次执行 · %3</translation>
    </message>
</context>
<context>
    <name>opscope::CriticalPathHighlight</name>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>下发</translation>
    </message>
    <message>
        <source>device</source>
        <translation>Device</translation>
    </message>
    <message>
        <source>synchronisation</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>%1 &lt;1 %</source>
        <translation>%1 &lt;1 %</translation>
    </message>
    <message>
        <source>Could not compute the critical path: %1</source>
        <translation>无法计算关键路径：%1</translation>
    </message>
    <message>
        <source>No critical path: the trace has no ProfilerStep#N slice.</source>
        <translation>无关键路径：trace 中没有 ProfilerStep#N 切片。</translation>
    </message>
    <message numerus="yes">
        <source>Critical path of %n steps; longest: %1</source>
        <translation>
            <numerusform>%n 个 Step 的关键路径；最长：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1: path %2: %3</source>
        <translation>Step %1：路径 %2：%3</translation>
    </message>
    <message>
        <source>%1; %2 %3 beside the path</source>
        <translation>%1；%2 %3（不计入路径长度）</translation>
    </message>
    <message>
        <source>No critical path: the trace has no ProfilerStep#%1 slice.</source>
        <translation>无关键路径：trace 中没有 ProfilerStep#%1 切片。</translation>
    </message>
    <message>
        <source>Critical path of %1</source>
        <translation>关键路径：%1</translation>
    </message>
</context>
<context>
    <name>opscope::CriticalPathView</name>
    <message>
        <source>Computing the critical path…</source>
        <translation>正在计算关键路径…</translation>
    </message>
</context>
<context>
    <name>opscope::DetailsPanel</name>
    <message>
        <source>Click a slice in the timeline to see its details.</source>
        <translation>在时间轴上单击切片查看详情。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>复制值</translation>
    </message>
    <message>
        <source>Go to slice</source>
        <translation>跳转到切片</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>全部复制</translation>
    </message>
</context>
<context>
    <name>opscope::DiagnosisView</name>
    <message>
        <source>Findings</source>
        <translation>诊断项</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline 模型</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>Detect from the trace</source>
        <translation>从 trace 自动识别</translation>
    </message>
    <message>
        <source>Device profile for the roofline and bandwidth rules (nominal peaks)</source>
        <translation>用于 Roofline 和带宽规则的设备参数（标称峰值）</translation>
    </message>
    <message>
        <source>Rules file…</source>
        <translation>规则文件…</translation>
    </message>
    <message>
        <source>Fusion patterns…</source>
        <translation>融合模式…</translation>
    </message>
    <message>
        <source>Graph fusion patterns (msprof-analyze&apos;s op_fusion_pass.yaml) to search in the trace&apos;s GE graph</source>
        <translation>在 trace 的 GE 计算图中搜索的图融合模式（msprof-analyze 的 op_fusion_pass.yaml）</translation>
    </message>
    <message>
        <source>Graph fusion patterns</source>
        <translation>图融合模式</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot use the fusion pattern file</source>
        <translation>无法使用该融合模式文件</translation>
    </message>
    <message>
        <source> · fusion patterns: %1</source>
        <translation> · 融合模式：%1</translation>
    </message>
    <message>
        <source>Merge your own thresholds over the shipped rules (JSON, by rule id)</source>
        <translation>将自定义阈值覆盖合并到内置规则之上（JSON，按规则 ID）</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Diagnosis rules</source>
        <translation>诊断规则</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot use the rules file</source>
        <translation>无法使用该规则文件</translation>
    </message>
    <message>
        <source>Running the rules…</source>
        <translation>正在运行诊断规则…</translation>
    </message>
    <message>
        <source>The diagnosis failed: %1</source>
        <translation>诊断失败：%1</translation>
    </message>
    <message>
        <source>No operator reports FLOPs and bytes</source>
        <translation>没有算子上报 FLOPs 和字节数</translation>
    </message>
    <message>
        <source>No roofline data: %1</source>
        <translation>没有 Roofline 数据：%1</translation>
    </message>
    <message>
        <source>Device profile: %1</source>
        <translation>设备参数：%1</translation>
    </message>
    <message>
        <source>No device profile detected</source>
        <translation>未识别到设备参数</translation>
    </message>
    <message>
        <source> · rules: %1</source>
        <translation> · 规则：%1</translation>
    </message>
    <message numerus="yes">
        <source> · %n unknown rule(s) ignored</source>
        <translation>
            <numerusform> · 已忽略 %n 条未知规则</numerusform>
        </translation>
    </message>
    <message>
        <source> · no compute track marked: all tracks analysed</source>
        <translation> · 未标记计算轨道：分析全部轨道</translation>
    </message>
    <message>
        <source>FLOPs: collect %1</source>
        <translation>FLOPs：请采集 %1</translation>
    </message>
    <message>
        <source>Bytes: collect %1</source>
        <translation>字节数：请采集 %1</translation>
    </message>
</context>
<context>
    <name>opscope::FindingsModel</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Estimate of the device time the finding is about</source>
        <translation>该诊断项涉及的设备时间估计</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断项</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Fires when</source>
        <translation>触发条件</translation>
    </message>
    <message>
        <source>Device time (%)</source>
        <translation>设备时间（%）</translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation>涉及耗时</translation>
    </message>
</context>
<context>
    <name>opscope::FindingsPanel</name>
    <message>
        <source>Show passed rules</source>
        <translation>显示已通过的规则</translation>
    </message>
    <message>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <source>Previous evidence range</source>
        <translation>上一个证据时间段</translation>
    </message>
    <message>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <source>Next evidence range</source>
        <translation>下一个证据时间段</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <source>%1 findings, %2 rules not evaluated (inputs missing), over %3 of device time</source>
        <translation>%1 个诊断项，%2 条规则未评估（缺少输入），覆盖设备时间 %3</translation>
    </message>
    <message>
        <source>No rule ran.</source>
        <translation>没有运行任何规则。</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence.</source>
        <translation>选择一个诊断项查看其证据。</translation>
    </message>
    <message>
        <source>no time ranges</source>
        <translation>没有时间段</translation>
    </message>
    <message numerus="yes">
        <source>%n range(s)</source>
        <translation>
            <numerusform>%n 个时间段</numerusform>
        </translation>
    </message>
    <message>
        <source>Range %1 of %2: %3 (%4)</source>
        <translation>第 %1 / %2 个时间段：%3（%4）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;Not evaluated&lt;/b&gt;: %2.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;未评估&lt;/b&gt;：%2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;%2&lt;/b&gt; · %3 at stake (%4% of %5 device time)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;%2&lt;/b&gt; · 涉及耗时 %3（占设备时间 %5 的 %4%）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;Passed&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b style=&apos;color:%1&apos;&gt;已通过&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Measured&lt;/b&gt; %1 — fires when %2 %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;实测值&lt;/b&gt; %1 — 触发条件 %2 %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Suggestion&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;建议&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Time ranges&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;时间段&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Operators&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;算子&lt;/b&gt;&lt;/p&gt;&lt;ul style=&apos;margin-top:0&apos;&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;li&gt;%1 — %2, %3 in %n execution(s)&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;li&gt;%1 — %2，%n 次执行共 %3&lt;/li&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::GraphColourScale</name>
    <message>
        <source>Total time share</source>
        <translation>总耗时占比</translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation>平均耗时</translation>
    </message>
    <message>
        <source>Bubble time before</source>
        <translation>之前的气泡时间</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>执行次数</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无数值</translation>
    </message>
</context>
<context>
    <name>opscope::GraphWorkspace</name>
    <message>
        <source>No graph loaded</source>
        <translation>未加载计算图</translation>
    </message>
    <message>
        <source>Search nodes by name</source>
        <translation>按名称搜索节点</translation>
    </message>
    <message>
        <source>What the node colours show</source>
        <translation>节点颜色表示的含义</translation>
    </message>
    <message>
        <source>Left to right</source>
        <translation>从左到右</translation>
    </message>
    <message>
        <source>Top down</source>
        <translation>从上到下</translation>
    </message>
    <message>
        <source>Collapse name scopes (layer1/conv2 lives in layer1) into group nodes</source>
        <translation>将名称作用域（layer1/conv2 属于 layer1）折叠为分组节点</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the graph to the window (F)</source>
        <translation>使计算图适应窗口（F）</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>着色：</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Loading the graph…</source>
        <translation>正在加载计算图…</translation>
    </message>
    <message>
        <source>The graph could not be loaded:
%1</source>
        <translation>无法加载计算图：
%1</translation>
    </message>
    <message>
        <source>All scopes expanded</source>
        <translation>所有作用域已展开</translation>
    </message>
    <message>
        <source>Scopes to depth %1</source>
        <translation>作用域展开到第 %1 层</translation>
    </message>
    <message>
        <source>Total time share</source>
        <translation>总耗时占比</translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation>平均耗时</translation>
    </message>
    <message>
        <source>Bubble time before</source>
        <translation>之前的气泡时间</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>执行次数</translation>
    </message>
    <message>
        <source>Layout failed: %1</source>
        <translation>布局失败：%1</translation>
    </message>
    <message>
        <source>Laying out…</source>
        <translation>布局中…</translation>
    </message>
    <message>
        <source>%1 nodes · %2 edges · %3 joined (%4%)</source>
        <translation>%1 个节点 · %2 条边 · 已关联 %3 个（%4%）</translation>
    </message>
    <message>
        <source> · %1 shown</source>
        <translation> · 显示 %1 个</translation>
    </message>
    <message>
        <source>1 execution matches no node</source>
        <translation>1 次执行未匹配到节点</translation>
    </message>
    <message>
        <source>%1 executions match no node</source>
        <translation>%1 次执行未匹配到节点</translation>
    </message>
    <message>
        <source>Operator executions on the graph&apos;s tracks that no node joined (most frequent first)</source>
        <translation>计算图所在轨道上未关联到任何节点的算子执行（按频次降序）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 — no execution in the trace</source>
        <translation>%1 — trace 中没有执行记录</translation>
    </message>
    <message>
        <source>%1 — 1 execution</source>
        <translation>%1 — 执行 1 次</translation>
    </message>
    <message>
        <source>%1 — %2 executions</source>
        <translation>%1 — 执行 %2 次</translation>
    </message>
    <message>
        <source>1 match</source>
        <translation>1 个匹配</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 个匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 / %2 个</translation>
    </message>
    <message>
        <source>Expand %1</source>
        <translation>展开 %1</translation>
    </message>
    <message>
        <source>Collapse scope %1</source>
        <translation>折叠作用域 %1</translation>
    </message>
    <message>
        <source>Plot executions</source>
        <translation>绘制各次执行</translation>
    </message>
    <message>
        <source>Expand all scopes</source>
        <translation>展开所有作用域</translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Export graph</source>
        <translation>导出计算图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
</context>
<context>
    <name>opscope::HeatmapPlot</name>
    <message>
        <source>Time from trace start</source>
        <translation>相对 trace 起点的时间</translation>
    </message>
</context>
<context>
    <name>opscope::HeatmapView</name>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Operator types</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Top </source>
        <translation>前 </translation>
    </message>
    <message>
        <source>Other row</source>
        <translation>“其他”行</translation>
    </message>
    <message>
        <source>Add a row that sums the operators left out</source>
        <translation>增加一行，汇总未显示的算子</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Cividis</source>
        <translation>Cividis</translation>
    </message>
    <message>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <source>Colour map (all are perceptually uniform and colour-blind safe)</source>
        <translation>色图（均为感知均匀、色盲友好）</translation>
    </message>
    <message>
        <source>Log colours</source>
        <translation>对数着色</translation>
    </message>
    <message>
        <source>Logarithmic colour scale, for values that span several orders of magnitude</source>
        <translation>对数色阶，适用于跨越多个数量级的数值</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>行数：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>数值：</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>执行次数</translation>
    </message>
    <message>
        <source>Executions starting in each bucket</source>
        <translation>在每个时间桶内开始的执行次数</translation>
    </message>
    <message>
        <source>Mean duration</source>
        <translation>平均耗时</translation>
    </message>
    <message>
        <source>Mean duration of the executions starting in each bucket</source>
        <translation>在每个时间桶内开始的执行的平均耗时</translation>
    </message>
    <message>
        <source>Mean of %1 (%2), weighted by execution time in the bucket</source>
        <translation>%1（%2）的平均值，按时间桶内执行时间加权</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Could not compute the heatmap: %1</source>
        <translation>无法计算热力图：%1</translation>
    </message>
    <message>
        <source>No executions in the visible range</source>
        <translation>可见范围内没有执行记录</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) × %1 buckets of %2</source>
        <translation>
            <numerusform>%n 行 × %1 个时间桶（每个 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks)</source>
        <translation>（未标记计算轨道：全部轨道）</translation>
    </message>
    <message>
        <source>Executions per bucket</source>
        <translation>每个时间桶的执行次数</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 (%2% of the bucket)</source>
        <translation>%1（占该时间桶的 %2%）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3 (%4)&lt;br&gt;%5: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3（%4）&lt;br&gt;%5：%6</translation>
    </message>
    <message>
        <source>Rows shown: the operators with the most execution time in the binned range</source>
        <translation>显示的行数：在分桶范围内执行时间最多的算子</translation>
    </message>
    <message>
        <source>Follow view</source>
        <translation>跟随视图</translation>
    </message>
    <message>
        <source>Bin the timeline&apos;s visible range and recompute as it zooms; otherwise the whole trace stays binned</source>
        <translation>对时间轴的可见范围分桶，并随缩放重新计算；否则始终对整个 trace 分桶</translation>
    </message>
    <message>
        <source>Execution time</source>
        <translation>执行时间</translation>
    </message>
    <message>
        <source>Execution time: each execution of the row&apos;s operator clipped to the bucket and summed, so the row&apos;s compute, communication or memory time by its class. Waits and markers are gaps, never rows. This is not device busy (compute ∪ communication ∪ memory united across operators, in the Summary and Bubbles views and opscope-cli breakdown / bubbles); opscope-cli heatmap --csv prints the same cells.</source>
        <translation>执行时间：该行算子的每次执行截取到时间桶内后求和，即按其类别计的计算、通信或内存时间。等待与标记是空隙，不作为行。这不是设备忙碌时间（设备忙碌为跨算子的计算 ∪ 通信 ∪ 内存并集，见概览与气泡视图及 opscope-cli breakdown / bubbles）；opscope-cli heatmap --csv 输出相同的单元格。</translation>
    </message>
    <message>
        <source>Compute time</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>Communication time</source>
        <translation>通信时间</translation>
    </message>
    <message>
        <source>Memory time</source>
        <translation>内存时间</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Summed over the operator&apos;s executions in the bucket (not device busy)&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;该算子在此时间桶内各次执行之和（不是设备忙碌时间）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>%1 per bucket</source>
        <translation>每个时间桶的%1</translation>
    </message>
</context>
<context>
    <name>opscope::HistoryPlot</name>
    <message>
        <source>noise band</source>
        <translation>噪声带</translation>
    </message>
    <message>
        <source>running median</source>
        <translation>滑动中位数</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>beyond the band</source>
        <translation>超出噪声带</translation>
    </message>
    <message>
        <source>step</source>
        <translation>阶跃</translation>
    </message>
    <message>
        <source>drift</source>
        <translation>漂移</translation>
    </message>
</context>
<context>
    <name>opscope::HistoryView</name>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Of:</source>
        <translation>对象：</translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation>整个 trace</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>The history could not be read.</source>
        <translation>无法读取运行历史。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s). Click a run to open its trace; Ctrl+click two runs to compare them.</source>
        <translation>
            <numerusform>共 %n 次运行。单击一次运行可打开其 trace；按住 Ctrl 单击两次运行可比较二者。</numerusform>
        </translation>
    </message>
    <message>
        <source>No step or drift beyond the noise band.</source>
        <translation>没有超出噪声带的阶跃或漂移。</translation>
    </message>
    <message>
        <source>%1 from run %2 (%3, %4): %5% against a noise band of ±%6%%7</source>
        <translation>%1 始于运行 %2（%3，%4）：%5%，噪声带为 ±%6%%7</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>阶跃</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>漂移</translation>
    </message>
    <message>
        <source> (not yet confirmed)</source>
        <translation>（尚未确认）</translation>
    </message>
</context>
<context>
    <name>opscope::HostOperatorDiffModel</name>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>increased</source>
        <translation>增多</translation>
    </message>
    <message>
        <source>decreased</source>
        <translation>减少</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>Host operator</source>
        <translation>Host 算子</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New count</source>
        <translation>新次数</translation>
    </message>
    <message>
        <source>Base total</source>
        <translation>基线总时间</translation>
    </message>
    <message>
        <source>New total</source>
        <translation>新总时间</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
</context>
<context>
    <name>opscope::HostOperatorDiffTab</name>
    <message>
        <source>Host operators (cpu_op) by name, counted on each side: %1 added, %2 deleted, %3 increased, %4 decreased, %5 unchanged. The class follows the count; the duration is shown beside.</source>
        <translation>按名称统计两侧的 Host 算子（cpu_op）：新增 %1，删除 %2，增多 %3，减少 %4，不变 %5。分类依据次数，耗时列在旁边。</translation>
    </message>
</context>
<context>
    <name>opscope::JobIndicator</name>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop waiting for this computation</source>
        <translation>停止等待此计算</translation>
    </message>
</context>
<context>
    <name>opscope::KernelLaunchModel</name>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>下发次数</translation>
    </message>
    <message>
        <source>GPU total</source>
        <translation>GPU 总时间</translation>
    </message>
    <message>
        <source>CPU total</source>
        <translation>CPU 总时间</translation>
    </message>
    <message>
        <source>Delay total</source>
        <translation>下发时延总计</translation>
    </message>
    <message>
        <source>Delay max</source>
        <translation>最大下发时延</translation>
    </message>
    <message>
        <source>Short kernels</source>
        <translation>短 kernel</translation>
    </message>
    <message>
        <source>Long runtimes</source>
        <translation>长 Runtime 调用</translation>
    </message>
    <message>
        <source>Long delays</source>
        <translation>长下发时延</translation>
    </message>
</context>
<context>
    <name>opscope::LaunchTableModel</name>
    <message>
        <source>short kernel</source>
        <translation>短 kernel</translation>
    </message>
    <message>
        <source>long runtime</source>
        <translation>长 Runtime 调用</translation>
    </message>
    <message>
        <source>long delay</source>
        <translation>长下发时延</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Runtime call</source>
        <translation>Runtime 调用</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation>Correlation</translation>
    </message>
    <message>
        <source>CPU duration</source>
        <translation>CPU 耗时</translation>
    </message>
    <message>
        <source>GPU duration</source>
        <translation>GPU 耗时</translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation>下发时延</translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation>异常项</translation>
    </message>
</context>
<context>
    <name>opscope::LaunchView</name>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>Filter kernels</source>
        <translation>筛选 kernel</translation>
    </message>
    <message>
        <source>Show the launches of kernels whose name contains this text (a click on a kernel fills it)</source>
        <translation>只显示名称包含此文本的 kernel 的下发（单击右侧的 kernel 即可填入）</translation>
    </message>
    <message>
        <source>Computing launches…</source>
        <translation>正在计算下发…</translation>
    </message>
    <message>
        <source>Could not compute the launches: %1</source>
        <translation>无法计算下发：%1</translation>
    </message>
    <message>
        <source>No launches: no device event of this trace is linked to the call that launched it.</source>
        <translation>没有下发：此 trace 中没有任何设备事件关联到下发它的调用。</translation>
    </message>
    <message>
        <source>%1 launches of %2 device events (%3 unlinked), %4 flagged as outliers</source>
        <translation>%2 个设备事件中的 %1 次下发（%3 个未关联），%4 次标记为异常</translation>
    </message>
</context>
<context>
    <name>opscope::MemoryBlockModel</name>
    <message>
        <source>Click to select this operator on the timeline</source>
        <translation>单击以在时间线上选中此算子</translation>
    </message>
    <message>
        <source>No timeline slice is known for this allocation</source>
        <translation>此分配没有已知的时间线切片</translation>
    </message>
    <message>
        <source>before the trace</source>
        <translation>采集开始前</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Allocated at</source>
        <translation>分配时间</translation>
    </message>
    <message>
        <source>Released at</source>
        <translation>释放时间</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>存活时长</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
</context>
<context>
    <name>opscope::MemoryOperatorModel</name>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation>分配次数</translation>
    </message>
    <message>
        <source>Total allocated</source>
        <translation>累计分配</translation>
    </message>
    <message>
        <source>Peak held</source>
        <translation>峰值占用</translation>
    </message>
    <message>
        <source>Never released</source>
        <translation>从未释放</translation>
    </message>
</context>
<context>
    <name>opscope::MemoryPlot</name>
    <message>
        <source>Memory (MiB)</source>
        <translation>内存 (MiB)</translation>
    </message>
    <message>
        <source>%1 allocated</source>
        <translation>%1 已分配</translation>
    </message>
    <message>
        <source>%1 reserved</source>
        <translation>%1 已预留</translation>
    </message>
    <message>
        <source>%1 (module) reserved</source>
        <translation>%1（模块）已预留</translation>
    </message>
    <message>
        <source>%1 fragmentation (reserved − allocated)</source>
        <translation>%1 碎片（已预留 − 已分配）</translation>
    </message>
    <message>
        <source>peak %1%2</source>
        <translation>峰值 %1%2</translation>
    </message>
    <message>
        <source>%1 (GB/s, right axis)</source>
        <translation>%1（GB/s，右轴）</translation>
    </message>
    <message>
        <source>Copy bandwidth (GB/s)</source>
        <translation>拷贝带宽 (GB/s)</translation>
    </message>
</context>
<context>
    <name>opscope::MemoryView</name>
    <message>
        <source>Show zero-only series</source>
        <translation>显示全为零的序列</translation>
    </message>
    <message>
        <source>Alive in selection</source>
        <translation>选区内存活</translation>
    </message>
    <message>
        <source>Largest</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Never released</source>
        <translation>从未释放</translation>
    </message>
    <message>
        <source>Per operator</source>
        <translation>按算子</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>Loading memory…</source>
        <translation>正在加载内存数据…</translation>
    </message>
    <message>
        <source>peak allocated %1</source>
        <translation>已分配峰值 %1</translation>
    </message>
    <message>
        <source>, peak reserved %1</source>
        <translation>，已预留峰值 %1</translation>
    </message>
    <message numerus="yes">
        <source>, %n never released</source>
        <translation>
            <numerusform>，%n 个从未释放</numerusform>
        </translation>
    </message>
    <message>
        <source>This trace has no memory records or allocations.</source>
        <translation>此 trace 没有内存记录或分配。</translation>
    </message>
    <message numerus="yes">
        <source> (%n zero-only series hidden)</source>
        <translation>
            <numerusform>（已隐藏 %n 个全为零的序列）</numerusform>
        </translation>
    </message>
    <message>
        <source>Alive at the peak</source>
        <translation>峰值时存活</translation>
    </message>
</context>
<context>
    <name>opscope::NcclCollectivesModel</name>
    <message>
        <source>Click to show this kernel on the timeline</source>
        <translation>单击在时间轴上显示该核函数</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Process group</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation>大小（MB）</translation>
    </message>
    <message>
        <source>Time (us)</source>
        <translation>耗时（微秒）</translation>
    </message>
    <message>
        <source>Algorithm bandwidth (GB/s)</source>
        <translation>算法带宽（GB/s）</translation>
    </message>
    <message>
        <source>Bus bandwidth (GB/s)</source>
        <translation>总线带宽（GB/s）</translation>
    </message>
</context>
<context>
    <name>opscope::OperatorDiffModel</name>
    <message>
        <source>regressed</source>
        <translation>劣化</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>vanished</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>same</source>
        <translation>持平</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>变快</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>变慢</translation>
    </message>
    <message>
        <source>Device busy time %1</source>
        <translation>设备忙碌时间 %1</translation>
    </message>
    <message>
        <source>Bubble time %1</source>
        <translation>气泡时间 %1</translation>
    </message>
    <message>
        <source>Device “%1” busy time %2</source>
        <translation>设备“%1”忙碌时间 %2</translation>
    </message>
    <message>
        <source>Operator “%1” total time %2</source>
        <translation>算子“%1”总耗时 %2</translation>
    </message>
    <message>
        <source>Operator “%1” mean time %2</source>
        <translation>算子“%1”平均耗时 %2</translation>
    </message>
    <message>
        <source>New operator “%1” takes %2</source>
        <translation>新增算子“%1”耗时 %2</translation>
    </message>
    <message>
        <source>New high-severity finding “%1”</source>
        <translation>新增高严重度诊断项“%1”</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New count</source>
        <translation>新版次数</translation>
    </message>
    <message>
        <source>Total ratio</source>
        <translation>总耗时比</translation>
    </message>
    <message>
        <source>Mean ratio</source>
        <translation>平均耗时比</translation>
    </message>
    <message>
        <source>Base total</source>
        <translation>基线总耗时</translation>
    </message>
    <message>
        <source>New total</source>
        <translation>新版总耗时</translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation>Δ 总耗时</translation>
    </message>
    <message>
        <source>Base mean</source>
        <translation>基线平均耗时</translation>
    </message>
    <message>
        <source>New mean</source>
        <translation>新版平均耗时</translation>
    </message>
</context>
<context>
    <name>opscope::OperatorStatsModel</name>
    <message>
        <source>%1 (mean)</source>
        <translation>%1（平均）</translation>
    </message>
    <message>
        <source>%1 (mean, %2)</source>
        <translation>%1（平均，%2）</translation>
    </message>
    <message>
        <source>Mean of %1 over the executions that report it</source>
        <translation>上报了 %1 的执行的平均值</translation>
    </message>
    <message>
        <source>Mean of %1 (%2) over the executions that report it</source>
        <translation>上报了 %1（%2）的执行的平均值</translation>
    </message>
    <message>
        <source>Time not spent in nested slices</source>
        <translation>不含嵌套子切片的时间</translation>
    </message>
    <message>
        <source>Nearest-rank percentile of the execution durations</source>
        <translation>执行耗时的最近秩百分位数</translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Thread (CPU) time summed over the executions whose trace gives it (Chrome tts/tdur), beside the wall time in Total</source>
        <translation>线程（CPU）时间：对迹中给出该值（Chrome tts/tdur）的各次执行求和，与“总计”中的墙钟时间并列</translation>
    </message>
    <message>
        <source>Total time as a share of the summed time of all compute tasks (op_statistic.csv&apos;s Ratio); communication, memory and waits are listed apart</source>
        <translation>总耗时占全部计算任务耗时之和的比例（即 op_statistic.csv 的 Ratio）；通信、内存和等待单独列出</translation>
    </message>
    <message>
        <source>%1
%2 executions, %3 in total</source>
        <translation>%1
%2 次执行，共 %3</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均耗时</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小耗时</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大耗时</translation>
    </message>
    <message>
        <source>P50</source>
        <translation>P50</translation>
    </message>
    <message>
        <source>P90</source>
        <translation>P90</translation>
    </message>
    <message>
        <source>P99</source>
        <translation>P99</translation>
    </message>
    <message>
        <source>Total time as a share of the summed duration of the ProfilerStep#N steps; empty when the trace has no step</source>
        <translation>总耗时占各 ProfilerStep#N 迭代总时长的比例；trace 中没有迭代时为空</translation>
    </message>
    <message>
        <source>Ascend Core Type (kernel_details&apos; Accelerator Core): AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_AIC, MIX_AIV</source>
        <translation>昇腾核类型（kernel_details 的 Accelerator Core）：AI_CORE、AI_VECTOR_CORE、AI_CPU、MIX_AIC、MIX_AIV</translation>
    </message>
    <message>
        <source>Ratio (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <source>Step share (%)</source>
        <translation>迭代占比 (%)</translation>
    </message>
    <message>
        <source>Core Type</source>
        <translation>核类型</translation>
    </message>
</context>
<context>
    <name>opscope::OperatorStatsView</name>
    <message>
        <source>Operator name</source>
        <translation>算子名称</translation>
    </message>
    <message>
        <source>Operator type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Filter operators…</source>
        <translation>筛选算子…</translation>
    </message>
    <message>
        <source>Visible range only</source>
        <translation>仅可见范围</translation>
    </message>
    <message>
        <source>Count only executions that start inside the timeline&apos;s visible range</source>
        <translation>只统计在时间轴可见范围内开始的执行</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 trace。</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>Centre the timeline on the previous execution (Shift+Enter)</source>
        <translation>将时间轴定位到上一次执行（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>Centre the timeline on the next execution (Enter)</source>
        <translation>将时间轴定位到下一次执行（Enter）</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the table as shown (filter and sort order) as CSV</source>
        <translation>按当前显示（筛选和排序）将表格保存为 CSV</translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation>分组方式：</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Could not compute the statistics: %1</source>
        <translation>无法计算统计信息：%1</translation>
    </message>
    <message>
        <source> (no compute track marked: all tracks counted)</source>
        <translation>（未标记计算轨道：统计全部轨道）</translation>
    </message>
    <message>
        <source>No executions</source>
        <translation>没有执行记录</translation>
    </message>
    <message numerus="yes">
        <source>%n execution(s)</source>
        <translation>
            <numerusform>%n 次执行</numerusform>
        </translation>
    </message>
    <message>
        <source>Execution %1 of %2 (%3)</source>
        <translation>第 %1 / %2 次执行（%3）</translation>
    </message>
    <message>
        <source>Export operator statistics</source>
        <translation>导出算子统计</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message numerus="yes">
        <source>%1 operators, %2 executions, summed compute-task time %3 on %n track(s)</source>
        <translation>
            <numerusform>%1 个算子，%2 次执行，计算任务总时间 %3，共 %n 条轨道</numerusform>
        </translation>
    </message>
    <message>
        <source>Type and input shapes</source>
        <translation>算子类型与输入形状</translation>
    </message>
    <message>
        <source>One row per OP type and Input Shapes (Ascend kernel_details)</source>
        <translation>每种 OP 类型与输入形状（Input Shapes）一行（昇腾 kernel_details）</translation>
    </message>
    <message>
        <source>All core types</source>
        <translation>全部核类型</translation>
    </message>
    <message>
        <source>Keep the executions of one Ascend Core Type (kernel_details&apos; Accelerator Core)</source>
        <translation>只保留一种昇腾核类型（kernel_details 的 Accelerator Core）的执行</translation>
    </message>
</context>
<context>
    <name>opscope::PhaseComparePlot</name>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Device utilisation (%)</source>
        <translation>设备利用率（%）</translation>
    </message>
    <message>
        <source>No phases or steps found (forward/backward/optimizer slices or ProfilerStep#N)</source>
        <translation>未找到阶段或迭代（forward/backward/optimizer 切片或 ProfilerStep#N）</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n instance(s))&lt;br&gt;Duration %2, device busy %3&lt;br&gt;Utilisation %4%&lt;br&gt;&lt;i&gt;Click to show it on the timeline&lt;/i&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;（%n 个实例）&lt;br&gt;耗时 %2，设备忙碌 %3&lt;br&gt;利用率 %4%&lt;br&gt;&lt;i&gt;单击在时间轴上显示&lt;/i&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::RankOffsetsDialog</name>
    <message>
        <source>Rank clock offsets</source>
        <translation>Rank 时钟偏移</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Automatic offset (ns)</source>
        <translation>自动偏移（纳秒）</translation>
    </message>
    <message>
        <source>Manual offset (ns)</source>
        <translation>手动偏移（纳秒）</translation>
    </message>
    <message>
        <source>A rank&apos;s times move by its automatic offset (the alignment of the first step or collective) plus its manual offset, in every view and in opscope-cli.</source>
        <translation>每个 Rank 的时间按其自动偏移（首个迭代或集合通信的对齐）加手动偏移平移，所有视图和 opscope-cli 均如此。</translation>
    </message>
    <message>
        <source>Rank %1: the manual offset must be a whole number of ns.</source>
        <translation>Rank %1：手动偏移必须是整数纳秒。</translation>
    </message>
</context>
<context>
    <name>opscope::RooflinePlot</name>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>计算强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>Performance (TFLOPS)</source>
        <translation>性能（TFLOPS）</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline 模型</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>访存受限</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>Peak %1 TFLOPS</source>
        <translation>峰值 %1 TFLOPS</translation>
    </message>
    <message>
        <source>Peak %1 TFLOPS (%2)</source>
        <translation>峰值 %1 TFLOPS（%2）</translation>
    </message>
    <message>
        <source>Memory %1 GB/s</source>
        <translation>内存带宽 %1 GB/s</translation>
    </message>
    <message>
        <source>No device profile: choose a device to draw the roofline</source>
        <translation>没有设备参数：请选择设备以绘制 Roofline</translation>
    </message>
    <message>
        <source>%1 (nominal peaks)</source>
        <translation>%1（标称峰值）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 FLOP/byte, %3 TFLOPS achieved</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 FLOP/字节，实际 %3 TFLOPS</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 TFLOPS attainable (%2% of the roof)</source>
        <translation>&lt;br&gt;可达 %1 TFLOPS（达到上限的 %2%）</translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;%1 in %n execution(s)</source>
        <translation>
            <numerusform>&lt;br&gt;%n 次执行共 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to highlight its executions&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;单击高亮其各次执行&lt;/i&gt;</translation>
    </message>
    <message>
        <source>%1: peak or bandwidth unknown, choose a device to draw the roofline</source>
        <translation>%1：峰值算力或带宽未知，请选择设备以绘制屋顶线</translation>
    </message>
    <message>
        <source>%1: nominal peaks derived from public sources, not a datasheet</source>
        <translation>%1：标称峰值由公开资料推算，并非规格书数据</translation>
    </message>
    <message>
        <source>tensor shapes (the least traffic)</source>
        <translation>张量形状（最少访存量）</translation>
    </message>
    <message>
        <source>event args</source>
        <translation>事件参数</translation>
    </message>
    <message>
        <source>memory counters</source>
        <translation>访存计数器</translation>
    </message>
    <message>
        <source> · bytes from %1</source>
        <translation> · 字节数来自%1</translation>
    </message>
</context>
<context>
    <name>opscope::SelectionStatsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
</context>
<context>
    <name>opscope::SliceDetailsModel</name>
    <message>
        <source>Slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Start (absolute)</source>
        <translation>开始（绝对时间）</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>父切片</translation>
    </message>
    <message>
        <source>slice %1</source>
        <translation>切片 %1</translation>
    </message>
    <message>
        <source>Slice id</source>
        <translation>切片 ID</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>未结束</translation>
    </message>
    <message>
        <source>overlapping, moved to a lane</source>
        <translation>存在重叠，已移到单独泳道</translation>
    </message>
    <message>
        <source>negative duration in source</source>
        <translation>源数据中耗时为负</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>瞬时事件</translation>
    </message>
    <message>
        <source>duration missing in source</source>
        <translation>源数据缺少耗时</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>%1 项</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>To</source>
        <translation>去往</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来自</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%1，位于 %2，时间 %3</translation>
    </message>
    <message>
        <source>Double-click to go to this slice</source>
        <translation>双击跳转到该切片</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Metrics: %1</source>
        <translation>指标：%1</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>(%1% of wall time)</source>
        <translation>（占墙钟时间的 %1%）</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>Thread clock at start</source>
        <translation>开始时的线程时钟</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>下发来源</translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation>下发调用</translation>
    </message>
    <message>
        <source>Top-level operator</source>
        <translation>顶层算子</translation>
    </message>
    <message>
        <source>Innermost operator</source>
        <translation>最内层算子</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Step</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation>下发时延</translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation>Correlation ID</translation>
    </message>
    <message>
        <source>Launched kernels</source>
        <translation>下发的 kernel</translation>
    </message>
    <message numerus="yes">
        <source>%n device events, %1 device time</source>
        <translation>
            <numerusform>%n 个设备事件，设备时间 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Device %1, stream %2</source>
        <translation>设备 %1，流 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n events, %1</source>
        <translation>
            <numerusform>%n 个事件，%1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2 on device %3, stream %4</source>
        <translation>%1，开始于 %2，设备 %3，流 %4</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message numerus="yes">
        <source>%n more device events</source>
        <translation>
            <numerusform>另有 %n 个设备事件</numerusform>
        </translation>
    </message>
    <message>
        <source>compute (device busy)</source>
        <translation>计算（设备忙碌）</translation>
    </message>
    <message>
        <source>communication (device busy)</source>
        <translation>通信（设备忙碌）</translation>
    </message>
    <message>
        <source>memory (device busy)</source>
        <translation>内存（设备忙碌）</translation>
    </message>
    <message>
        <source>marker: not work</source>
        <translation>标记：不是工作</translation>
    </message>
    <message>
        <source>the collective %1</source>
        <translation>集合通信 %1</translation>
    </message>
    <message>
        <source>a notify</source>
        <translation>Notify</translation>
    </message>
    <message>
        <source>another stream</source>
        <translation>另一条流</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>wait for %1: a gap in device busy, not work</source>
        <translation>等待%1：设备忙碌中的空隙，不是工作</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>dropped to %1 MHz while it ran (the device&apos;s highest: %2 MHz)</source>
        <translation>运行期间降至 %1 MHz（设备最高：%2 MHz）</translation>
    </message>
    <message>
        <source>%1 MHz throughout (the device&apos;s highest)</source>
        <translation>全程 %1 MHz（设备最高）</translation>
    </message>
    <message>
        <source>AI Core frequency</source>
        <translation>AI Core 频率</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>opscope::SummaryView</name>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Computing the device-time summary…</source>
        <translation>正在计算设备时间概览…</translation>
    </message>
    <message>
        <source>The summary could not be computed: %1</source>
        <translation>无法计算概览：%1</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>No device activity: the trace holds no device work.</source>
        <translation>无设备活动：该 trace 中没有设备上的工作。</translation>
    </message>
    <message>
        <source>Top operators by compute share</source>
        <translation>按计算占比排序的主要算子</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>No rule fired.</source>
        <translation>没有规则触发。</translation>
    </message>
    <message>
        <source>Memory not overlapped</source>
        <translation>未被掩盖的内存</translation>
    </message>
    <message>
        <source>%1: device busy (compute, communication, memory) %2 % of %3, comm–compute overlap %4 %</source>
        <translation>%1：设备忙碌（计算、通信、内存）占 %3 的 %2 %，通信与计算重叠 %4 %</translation>
    </message>
    <message>
        <source>Exact ns over the whole trace; where this differs from HTA&apos;s figures, hover here.</source>
        <translation>整个 trace 的精确纳秒值；与 HTA 数值不同之处请将鼠标悬停于此。</translation>
    </message>
    <message>
        <source>Deliberate differences from Holistic Trace Analysis (HTA):
- opscope keeps the trace&apos;s exact ns; HTA rounds timestamps to µs (start up, end down).
- opscope keeps the whole trace; HTA drops the last ProfilerStep and the work it launched.
- opscope counts every classified slice of a device; HTA only events with an integer stream ≠ −1.
- opscope&apos;s device busy leaves waits out (a wait is a gap); HTA has no wait class and counts Stream Wait Event / Stream Sync as busy, as opscope&apos;s HTA-named idle does.</source>
        <translation>与 Holistic Trace Analysis（HTA）的有意差异：
- opscope 保留 trace 的精确纳秒；HTA 将时间戳取整到微秒（开始向上、结束向下）。
- opscope 保留整个 trace；HTA 丢弃最后一个 ProfilerStep 及其下发的工作。
- opscope 计入设备上每个已分类的 slice；HTA 只计入 stream 为整数且 ≠ −1 的事件。
- opscope 的设备忙碌不含等待（等待是空隙）；HTA 没有等待类别，把 Stream Wait Event / Stream Sync 计为忙碌，opscope 中以 HTA 命名的空闲也如此。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Compute %2&lt;br&gt;Communication not overlapped %3&lt;br&gt;Memory not overlapped %4&lt;br&gt;Free %5&lt;br&gt;&lt;i&gt;Click to select it on the timeline&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;计算 %2&lt;br&gt;未被掩盖的通信 %3&lt;br&gt;未被掩盖的内存 %4&lt;br&gt;空闲 %5&lt;br&gt;&lt;i&gt;单击在时间轴上选中&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>opscope::TimelineView</name>
    <message>
        <source>Loading flows…</source>
        <translation>正在加载连线…</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>Duration: %1</source>
        <translation>耗时：%1</translation>
    </message>
    <message>
        <source>Start: %1</source>
        <translation>开始：%1</translation>
    </message>
    <message>
        <source>(folded with its neighbours: zoom in)</source>
        <translation>（与相邻切片合并显示：请放大）</translation>
    </message>
    <message>
        <source>Unpin track</source>
        <translation>取消固定泳道</translation>
    </message>
    <message>
        <source>Pin track to top</source>
        <translation>将泳道固定到顶部</translation>
    </message>
    <message>
        <source>Expand process</source>
        <translation>展开进程</translation>
    </message>
    <message>
        <source>Collapse process</source>
        <translation>折叠进程</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <source>Zoom to selection</source>
        <translation>缩放到选区</translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation>适应全部</translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation>缩放后退</translation>
    </message>
    <message>
        <source>Open a trace (File &gt; Open) or drop it here.</source>
        <translation>打开 trace（文件 &gt; 打开），或将其拖放到此处。</translation>
    </message>
    <message>
        <source>1 track</source>
        <translation>1 条泳道</translation>
    </message>
    <message>
        <source>%1 tracks</source>
        <translation>%1 条泳道</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>%1 – %2 %3</source>
        <translation>%1 – %2 %3</translation>
    </message>
    <message>
        <source>tid %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>Absolute time</source>
        <translation>绝对时间</translation>
    </message>
    <message>
        <source>Time from trace start</source>
        <translation>相对 trace 起点的时间</translation>
    </message>
    <message>
        <source>a notify</source>
        <translation>Notify</translation>
    </message>
    <message>
        <source>another stream</source>
        <translation>另一条流</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Wait for %1: a gap in device busy, not work (drawn hatched)</source>
        <translation>等待%1：设备忙碌中的空隙，不是工作（以斜线绘制）</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n hidden</source>
        <translation>
            <numerusform>%1，隐藏 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n hidden shown</source>
        <translation>
            <numerusform>%1，已显示 %n 条隐藏序列</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hide %n all-zero or identifier series</source>
        <translation>
            <numerusform>隐藏 %n 条全零或标识符序列</numerusform>
        </translation>
    </message>
    <message>
        <source>Hide all-zero and identifier series</source>
        <translation>隐藏全零和标识符序列</translation>
    </message>
    <message numerus="yes">
        <source>Show %n hidden series</source>
        <translation>
            <numerusform>显示 %n 条隐藏序列</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n hidden series</source>
        <translation>
            <numerusform>显示全部 %n 条隐藏序列</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opscope::gui::AboutDialog</name>
    <message>
        <source>version unknown</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1（编译时版本 %2）</translation>
    </message>
    <message>
        <source>QCustomPlot %1</source>
        <translation>QCustomPlot %1</translation>
    </message>
    <message>
        <source>SQLite %1</source>
        <translation>SQLite %1</translation>
    </message>
    <message>
        <source>nlohmann_json %1</source>
        <translation>nlohmann_json %1</translation>
    </message>
    <message>
        <source>zlib %1</source>
        <translation>zlib %1</translation>
    </message>
    <message>
        <source>Graphviz %1 (graph layout)</source>
        <translation>Graphviz %1（计算图布局）</translation>
    </message>
    <message>
        <source>Catch2 %1 (tests)</source>
        <translation>Catch2 %1（测试）</translation>
    </message>
    <message>
        <source>About opscope</source>
        <translation>关于 opscope</translation>
    </message>
    <message>
        <source>&lt;h2&gt;opscope %1&lt;/h2&gt;&lt;p&gt;A viewer for AI accelerator profiling traces: Ascend msprof and torch_npu, Kineto and Chrome JSON.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;opscope %1&lt;/h2&gt;&lt;p&gt;AI 加速器性能数据查看工具：支持昇腾 msprof 与 torch_npu、Kineto 及 Chrome JSON。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Built with</source>
        <translation>使用的库</translation>
    </message>
</context>
<context>
    <name>opscope::gui::AnalysisDocks</name>
    <message>
        <source>Operator statistics</source>
        <translation>算子统计</translation>
    </message>
    <message>
        <source>Operator heatmap</source>
        <translation>算子热力图</translation>
    </message>
    <message>
        <source>Bubbles</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>下发</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
</context>
<context>
    <name>opscope::gui::CutBanner</name>
    <message>
        <source>Cut-off trace</source>
        <translation>被截断的 trace</translation>
    </message>
    <message>
        <source>%1 is cut off at byte %2: only the events before the cut are shown, and the trace ends there rather than where the job ended.</source>
        <translation>%1 在第 %2 字节处被截断：只显示截断点之前的事件，trace 在此结束，而不是作业真正结束的位置。</translation>
    </message>
</context>
<context>
    <name>opscope::gui::GraphDock</name>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Open graph</source>
        <translation>打开计算图</translation>
    </message>
    <message>
        <source>Graphs (*.json *.json.gz *.txt);;opscope graph (*.graph.json);;PyTorch Execution Trace (*_et.json *.et.json *.json.gz);;CANN offline model (*.om.json);;GE graph dump (ge_proto_*.txt);;All files (*)</source>
        <translation>计算图 (*.json *.json.gz *.txt);;opscope 计算图 (*.graph.json);;PyTorch Execution Trace (*_et.json *.et.json *.json.gz);;CANN 离线模型 (*.om.json);;GE 计算图转储 (ge_proto_*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open graph</source>
        <translation>无法打开计算图</translation>
    </message>
</context>
<context>
    <name>opscope::gui::HistoryWindow</name>
    <message>
        <source>Run history — %1</source>
        <translation>运行历史 — %1</translation>
    </message>
    <message>
        <source>Trace not found</source>
        <translation>找不到 trace</translation>
    </message>
    <message>
        <source>The trace of this run is no longer on disk:
%1</source>
        <translation>该次运行的 trace 已不在磁盘上：
%1</translation>
    </message>
</context>
<context>
    <name>opscope::gui::ImportSession</name>
    <message>
        <source>%1: waiting</source>
        <translation>%1：等待中</translation>
    </message>
    <message>
        <source>%1: reading %2 %, %3 events</source>
        <translation>%1：已读取 %2 %，%3 个事件</translation>
    </message>
    <message>
        <source>%1: reading, %2 events</source>
        <translation>%1：读取中，%2 个事件</translation>
    </message>
    <message>
        <source>%1: writing its store</source>
        <translation>%1：写入其数据库</translation>
    </message>
    <message>
        <source>%1: read, waiting for the merge</source>
        <translation>%1：已读取，等待合并</translation>
    </message>
    <message>
        <source>%1: merging</source>
        <translation>%1：合并中</translation>
    </message>
    <message>
        <source>%1: done</source>
        <translation>%1：完成</translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation>%1：失败</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
    <message>
        <source>Loading the timeline…</source>
        <translation>正在加载时间线…</translation>
    </message>
    <message>
        <source>Nesting slices…</source>
        <translation>正在嵌套切片…</translation>
    </message>
    <message>
        <source>Writing rows…</source>
        <translation>正在写入数据行…</translation>
    </message>
    <message>
        <source>Building indices…</source>
        <translation>正在建立索引…</translation>
    </message>
    <message>
        <source>Deriving memory rows…</source>
        <translation>正在生成内存记录…</translation>
    </message>
    <message>
        <source>Linking launches to kernels…</source>
        <translation>正在关联下发与 kernel…</translation>
    </message>
    <message>
        <source>Writing the store to disk…</source>
        <translation>正在将数据库写入磁盘…</translation>
    </message>
    <message>
        <source>Packing the timeline for a fast reopen…</source>
        <translation>正在打包时间线，以便快速重新打开…</translation>
    </message>
</context>
<context>
    <name>opscope::gui::MainWindow</name>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Selection statistics</source>
        <translation>选区统计</translation>
    </message>
    <message>
        <source>Cursor: %1</source>
        <translation>光标：%1</translation>
    </message>
    <message>
        <source>Import running</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <source>Wait for the current import to finish or cancel it.</source>
        <translation>请等待当前导入完成，或取消导入。</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Opening trace</source>
        <translation>正在打开 trace</translation>
    </message>
    <message>
        <source>Read %1 of %2, %3 events</source>
        <translation>已读取 %1 / %2，%3 个事件</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Cannot open trace</source>
        <translation>无法打开 trace</translation>
    </message>
    <message>
        <source>Import cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
    <message>
        <source>reused store</source>
        <translation>复用已有数据存储</translation>
    </message>
    <message>
        <source>imported %1 events in %2 s</source>
        <translation>已导入 %1 个事件，用时 %2 秒</translation>
    </message>
    <message>
        <source>%1 slices on %2 tracks (%3)</source>
        <translation>%2 条轨道上共 %1 个切片（%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n oddities counted during import (see opscope-cli info)</source>
        <translation>
            <numerusform>导入时记录了 %n 处异常（详见 opscope-cli info）</numerusform>
        </translation>
    </message>
    <message>
        <source>opscope</source>
        <translation>opscope</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 等 %2 个</translation>
    </message>
    <message>
        <source>%1 — opscope</source>
        <translation>%1 — opscope</translation>
    </message>
    <message>
        <source>Selection: %1 – %2 (%3)</source>
        <translation>选区：%1 – %2（%3）</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Light or dark colours, or those of the system</source>
        <translation>浅色、深色或跟随系统配色</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Use the colours of the desktop</source>
        <translation>使用桌面的配色</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>Dark text on light backgrounds</source>
        <translation>浅色背景、深色文字</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Light text on dark backgrounds</source>
        <translation>深色背景、浅色文字</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Language, theme, recent files, bubble threshold, diagnosis rules</source>
        <translation>语言、主题、最近文件、气泡阈值、诊断规则</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard and Mouse…</source>
        <translation>键盘和鼠标操作(&amp;K)…</translation>
    </message>
    <message>
        <source>Every navigation key and mouse gesture of the timeline (F1 or ?)</source>
        <translation>时间轴的所有导航按键和鼠标操作（F1 或 ?）</translation>
    </message>
    <message>
        <source>&amp;About opscope</source>
        <translation>关于 opscope(&amp;A)</translation>
    </message>
    <message>
        <source>Version of opscope and of the libraries it uses</source>
        <translation>opscope 及其所用库的版本</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Version and licence of Qt</source>
        <translation>Qt 的版本和许可证</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Show or hide the main toolbar</source>
        <translation>显示或隐藏主工具栏</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a trace file or an opscope store (Ctrl+O)</source>
        <translation>打开 trace 文件或 opscope 数据存储（Ctrl+O）</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open an Ascend profiling folder (msprof or torch_npu output)</source>
        <translation>打开昇腾性能数据文件夹（msprof 或 torch_npu 输出）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Traces opened recently</source>
        <translation>最近打开的 trace</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Save the timeline as it is on screen as PNG or SVG (Ctrl+E)</source>
        <translation>将屏幕上的时间轴保存为 PNG 或 SVG（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close opscope (Ctrl+Q)</source>
        <translation>关闭 opscope（Ctrl+Q）</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Colour by &amp;Category</source>
        <translation>按类别着色(&amp;C)</translation>
    </message>
    <message>
        <source>Colour slices by their category instead of their name</source>
        <translation>按切片类别而非名称着色</translation>
    </message>
    <message>
        <source>&amp;Absolute Time</source>
        <translation>绝对时间(&amp;A)</translation>
    </message>
    <message>
        <source>Show times as in the trace instead of from the trace start</source>
        <translation>按 trace 中的原始时间显示，而非相对 trace 起点</translation>
    </message>
    <message>
        <source>Fit All</source>
        <translation>适应全部</translation>
    </message>
    <message>
        <source>Show the whole trace (F or Home in the timeline)</source>
        <translation>显示整个 trace（在时间轴中按 F 或 Home）</translation>
    </message>
    <message>
        <source>Zoom to Selection</source>
        <translation>缩放到选区</translation>
    </message>
    <message>
        <source>Zoom the timeline to the selected time range (Z)</source>
        <translation>将时间轴缩放到选中的时间范围（Z）</translation>
    </message>
    <message>
        <source>Zoom Back</source>
        <translation>缩放后退</translation>
    </message>
    <message>
        <source>Return to the previous zoom (Backspace)</source>
        <translation>返回上一级缩放（Backspace）</translation>
    </message>
    <message>
        <source>Open trace</source>
        <translation>打开 trace</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.db *.sqlite *.csv);;All files (*)</source>
        <translation>Trace 文件 (*.json *.json.gz *.gz *.db *.sqlite *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Ascend profiling folder</source>
        <translation>打开昇腾性能数据文件夹</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>No trace opened yet</source>
        <translation>尚未打开任何 trace</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Forget the recently opened traces</source>
        <translation>清除最近打开的 trace 记录</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图片尺寸</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>1× (as on screen)</source>
        <translation>1×（与屏幕一致）</translation>
    </message>
    <message>
        <source>2× (high resolution)</source>
        <translation>2×（高分辨率）</translation>
    </message>
    <message>
        <source>3×</source>
        <translation>3×</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>高度：</translation>
    </message>
    <message>
        <source>Pixel ratio:</source>
        <translation>像素比：</translation>
    </message>
    <message>
        <source>their first step marker</source>
        <translation>各自的第一个迭代标记</translation>
    </message>
    <message>
        <source>the end of their first collective</source>
        <translation>各自第一次集合通信的结束</translation>
    </message>
    <message>
        <source>Export &amp;View…</source>
        <translation>导出视图(&amp;V)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save the current view as PNG, SVG or PDF, at screen size or a chosen size (Ctrl+Shift+S)</source>
        <translation>将当前视图保存为 PNG、SVG 或 PDF，按屏幕尺寸或指定尺寸（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>复制图片(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Copy the current view to the clipboard as an image (Ctrl+Shift+C)</source>
        <translation>将当前视图作为图片复制到剪贴板（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write a self-contained HTML report: summary, operators, bubbles, findings and images</source>
        <translation>生成独立的 HTML 报告：概要、算子、气泡、诊断项和图片</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>对比(&amp;W)…</translation>
    </message>
    <message>
        <source>Open a second trace and compare it with this one: differences and both timelines</source>
        <translation>打开另一个 trace 与当前 trace 对比：差异及两条时间轴</translation>
    </message>
    <message>
        <source>&amp;Align Devices</source>
        <translation>对齐设备(&amp;A)</translation>
    </message>
    <message>
        <source>Shift each device or rank so that their first step (or collective) lines up</source>
        <translation>平移各设备或各 rank，使其第一个迭代（或集合通信）对齐</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Image copied to the clipboard</source>
        <translation>图片已复制到剪贴板</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Report failed</source>
        <translation>报告生成失败</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在生成报告…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>Report running</source>
        <translation>正在生成报告</translation>
    </message>
    <message>
        <source>A report is being written already.</source>
        <translation>已有报告正在生成。</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法对比</translation>
    </message>
    <message>
        <source>Comparison — %1 vs %2</source>
        <translation>对比 — %1 与 %2</translation>
    </message>
    <message>
        <source>Loading the comparison…</source>
        <translation>正在加载对比…</translation>
    </message>
    <message>
        <source>Compare with trace</source>
        <translation>选择要对比的 trace</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) aligned on %1</source>
        <translation>
            <numerusform>已按%1对齐 %n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>Open &amp;Graph…</source>
        <translation>打开计算图(&amp;G)…</translation>
    </message>
    <message>
        <source>Cannot use the rules file %1: %2</source>
        <translation>无法使用规则文件 %1：%2</translation>
    </message>
    <message>
        <source>Time under the mouse cursor in the timeline</source>
        <translation>鼠标光标在时间轴上所指的时间</translation>
    </message>
    <message>
        <source>Selected time range and its duration (drag on the ruler to measure)</source>
        <translation>选中的时间范围及其时长（在标尺上拖动可测量）</translation>
    </message>
    <message>
        <source>What the open trace holds and how it was opened</source>
        <translation>当前 trace 的内容概况及打开方式</translation>
    </message>
    <message>
        <source>Export &amp;Table as CSV…</source>
        <translation>将表格导出为 CSV(&amp;T)…</translation>
    </message>
    <message>
        <source>Save the focused table as CSV exactly as shown: its columns, sort and filter</source>
        <translation>将当前焦点所在的表格按显示内容（列、排序和筛选）保存为 CSV</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>Click into a table first, then export it.</source>
        <translation>请先单击要导出的表格，再导出。</translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation>将表格导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Open run history</source>
        <translation>打开运行历史</translation>
    </message>
    <message>
        <source>Run histories (*.sqlite *.db);;All files (*)</source>
        <translation>运行历史 (*.sqlite *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open the run history</source>
        <translation>无法打开运行历史</translation>
    </message>
    <message>
        <source>Run &amp;History…</source>
        <translation>运行历史(&amp;H)…</translation>
    </message>
    <message>
        <source>Open a run history: trends of every metric over the runs of a workload</source>
        <translation>打开运行历史：某个工作负载历次运行中每个指标的趋势</translation>
    </message>
    <message>
        <source>Show All &amp;Flows</source>
        <translation>显示全部连线(&amp;F)</translation>
    </message>
    <message>
        <source>Draw every arrow between linked slices (host launch to device kernel); when off, only the selected slice&apos;s</source>
        <translation>绘制关联切片之间的所有箭头（Host 下发到设备 kernel）；关闭时只绘制选中切片的箭头</translation>
    </message>
    <message>
        <source>Highlight &amp;Critical Path</source>
        <translation>高亮关键路径(&amp;C)</translation>
    </message>
    <message>
        <source>Outline the slices on each step&apos;s critical path (host work, launches, device events, synchronisations) and say what bounds the steps</source>
        <translation>勾勒每个 Step 关键路径上的切片（Host 工作、下发、设备事件、同步），并说明限制各 Step 的因素</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) lie far from the rest (up to %1 away) and are left out of the first view; Fit All (F) shows them.</source>
        <translation>
            <numerusform>%n 个切片远离其余数据（最远相距 %1），初始视图未包含它们；“适应全部”(F) 可显示。</numerusform>
        </translation>
    </message>
    <message>
        <source>The file stops inside an event, as the dump of a job that crashed does. opscope can open the events before the cut, with a banner saying where it was cut.</source>
        <translation>文件在某个事件内部中断，崩溃作业转储的文件就是这样。opscope 可以打开截断点之前的事件，并用横幅标明截断位置。</translation>
    </message>
    <message>
        <source>Open up to the cut</source>
        <translation>打开截断点之前的部分</translation>
    </message>
    <message>
        <source>Show &amp;Hidden Counter Series</source>
        <translation>显示隐藏的计数器序列(&amp;H)</translation>
    </message>
    <message>
        <source>Show &amp;Hidden Counter Series (%1)</source>
        <translation>显示隐藏的计数器序列 (%1)(&amp;H)</translation>
    </message>
    <message>
        <source>Show the counter series hidden on the first screen: those zero throughout and identifier fields (acc_id, Task ID, Stream ID); the header of each group counts them</source>
        <translation>显示首屏隐藏的计数器序列：全程为零的序列和标识符字段（acc_id、Task ID、Stream ID）；各组标题会统计其数量</translation>
    </message>
</context>
<context>
    <name>opscope::gui::ReportExport</name>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>opscope::gui::SearchPanel</name>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Search slice names (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索切片名称（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message>
        <source>invalid regex</source>
        <translation>无效的正则表达式</translation>
    </message>
    <message>
        <source>no matches</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 matches</source>
        <translation>%1 个匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 / %2 个</translation>
    </message>
</context>
<context>
    <name>opscope::gui::SelectionStatsPanel</name>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Shift+drag over the timeline to select a region.</source>
        <translation>在时间轴上按住 Shift 拖动以框选区域。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Could not compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <source>%1 slices, %2 names in %3 on %4 tracks</source>
        <translation>%4 条轨道、%3 内共 %1 个切片、%2 种名称</translation>
    </message>
    <message>
        <source>Export selection statistics</source>
        <translation>导出选区统计</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>opscope::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Colour theme of the window and the views</source>
        <translation>窗口和视图的配色主题</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>By operator name</source>
        <translation>按算子名称</translation>
    </message>
    <message>
        <source>By category</source>
        <translation>按类别</translation>
    </message>
    <message>
        <source>How the timeline colours slices</source>
        <translation>时间轴切片的着色方式</translation>
    </message>
    <message>
        <source>Slice &amp;colours:</source>
        <translation>切片颜色(&amp;C)：</translation>
    </message>
    <message>
        <source>How many traces File &gt; Open Recent remembers</source>
        <translation>“文件 &gt; 最近打开”记住的 trace 数量</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Forget the recently opened traces</source>
        <translation>清除最近打开的 trace 记录</translation>
    </message>
    <message>
        <source>Reset the window layout at the next start</source>
        <translation>下次启动时重置窗口布局</translation>
    </message>
    <message>
        <source>Puts the docks and the toolbar back where they were at first start</source>
        <translation>将停靠窗口和工具栏恢复到首次启动时的位置</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>布局：</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> 微秒</translation>
    </message>
    <message>
        <source>Device idle gaps shorter than this count as idle time, not as bubbles</source>
        <translation>短于此值的设备空闲间隙计为空闲时间，而不算作气泡</translation>
    </message>
    <message>
        <source>Default &amp;bubble threshold:</source>
        <translation>默认气泡阈值(&amp;B)：</translation>
    </message>
    <message>
        <source>Built-in rules</source>
        <translation>内置规则</translation>
    </message>
    <message>
        <source>A diagnosis rules JSON file merged over the built-in rules (empty: built-in only)</source>
        <translation>诊断规则 JSON 文件，覆盖合并到内置规则之上（留空：仅用内置规则）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a diagnosis rules JSON file</source>
        <translation>选择诊断规则 JSON 文件</translation>
    </message>
    <message>
        <source>Diagnosis rules</source>
        <translation>诊断规则</translation>
    </message>
    <message>
        <source>Rules (*.json);;All files (*)</source>
        <translation>规则文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation>最近文件：</translation>
    </message>
    <message>
        <source>Diagnosis rules file:</source>
        <translation>诊断规则文件：</translation>
    </message>
    <message>
        <source>Language of the user interface; OK reopens the window and its trace in it</source>
        <translation>用户界面的语言；点击确定后以该语言重新打开窗口及其 trace</translation>
    </message>
</context>
<context>
    <name>opscope::gui::ShortcutHelp</name>
    <message>
        <source>W / S</source>
        <translation>W / S</translation>
    </message>
    <message>
        <source>Zoom in / out around the mouse cursor</source>
        <translation>以鼠标光标为中心放大 / 缩小</translation>
    </message>
    <message>
        <source>Ctrl + wheel</source>
        <translation>Ctrl + 滚轮</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>Pan left / right by a tenth of the window</source>
        <translation>向左 / 向右平移十分之一窗口</translation>
    </message>
    <message>
        <source>Shift + wheel, horizontal wheel</source>
        <translation>Shift + 滚轮、水平滚轮</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Scroll the lanes up / down</source>
        <translation>上下滚动泳道</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Pan in time and scroll the lanes</source>
        <translation>沿时间平移并上下滚动泳道</translation>
    </message>
    <message>
        <source>Drag on the ruler</source>
        <translation>在标尺上拖动</translation>
    </message>
    <message>
        <source>Measure a time range (selection)</source>
        <translation>测量一段时间范围（选区）</translation>
    </message>
    <message>
        <source>Shift + drag</source>
        <translation>Shift + 拖动</translation>
    </message>
    <message>
        <source>Select a region: statistics of the slices in it</source>
        <translation>框选区域：统计其中的切片</translation>
    </message>
    <message>
        <source>Z, double-click</source>
        <translation>Z、双击</translation>
    </message>
    <message>
        <source>Zoom to the selection (double-click on a slice: zoom to it)</source>
        <translation>缩放到选区（双击切片：缩放到该切片）</translation>
    </message>
    <message>
        <source>F, Home</source>
        <translation>F、Home</translation>
    </message>
    <message>
        <source>Fit the whole trace</source>
        <translation>显示整个 trace</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation>缩放后退</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>清除选区</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a slice and show its details</source>
        <translation>选中切片并显示详情</translation>
    </message>
    <message>
        <source>Click a process header</source>
        <translation>单击进程标题</translation>
    </message>
    <message>
        <source>Collapse or expand the process</source>
        <translation>折叠或展开该进程</translation>
    </message>
    <message>
        <source>Click the pin of a lane</source>
        <translation>单击泳道的图钉</translation>
    </message>
    <message>
        <source>Pin the lane to the top</source>
        <translation>将泳道固定到顶部</translation>
    </message>
    <message>
        <source>Right-click</source>
        <translation>右键单击</translation>
    </message>
    <message>
        <source>Menu: pin, collapse, zoom</source>
        <translation>菜单：固定、折叠、缩放</translation>
    </message>
    <message>
        <source>Open a trace</source>
        <translation>打开 trace</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export the timeline as an image</source>
        <translation>将时间轴导出为图片</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>F1, ?</source>
        <translation>F1、?</translation>
    </message>
    <message>
        <source>This help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Keyboard and mouse</source>
        <translation>键盘和鼠标操作</translation>
    </message>
    <message>
        <source>Wheel, + / -</source>
        <translation>滚轮、+ / -</translation>
    </message>
    <message>
        <source>Zoom the graph in / out</source>
        <translation>放大 / 缩小计算图</translation>
    </message>
    <message>
        <source>Drag, arrow keys</source>
        <translation>拖动、方向键</translation>
    </message>
    <message>
        <source>Pan the graph</source>
        <translation>平移计算图</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the graph to the window</source>
        <translation>使计算图适应窗口</translation>
    </message>
    <message>
        <source>Click a node</source>
        <translation>单击节点</translation>
    </message>
    <message>
        <source>Select it and plot its executions</source>
        <translation>选中节点并绘制其各次执行</translation>
    </message>
    <message>
        <source>Double-click a node</source>
        <translation>双击节点</translation>
    </message>
    <message>
        <source>Expand a scope, or show the node&apos;s executions on the timeline</source>
        <translation>展开作用域，或在时间轴上显示该节点的执行</translation>
    </message>
    <message>
        <source>Drag on the minimap</source>
        <translation>在缩略图上拖动</translation>
    </message>
    <message>
        <source>Move the visible part of the graph</source>
        <translation>移动计算图的可见部分</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter in the search bar</source>
        <translation>在搜索栏中按 Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Next / previous match</source>
        <translation>下一个 / 上一个匹配</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter in the operator table</source>
        <translation>在算子表中按 Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Centre the timeline on the next / previous execution</source>
        <translation>将时间轴定位到下一次 / 上一次执行</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Export the current view</source>
        <translation>导出当前视图</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Copy the current view as an image</source>
        <translation>将当前视图复制为图片</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Computation graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Search and tables</source>
        <translation>搜索和表格</translation>
    </message>
</context>
</TS>
