// The report's only style sheet, inlined into the file: system fonts, no web fonts, prints cleanly.
#include "core/report/html_report_parts.h"

namespace opscope::report {

const char* reportCss() {
    return R"CSS(
:root { --ink:#1f2933; --dim:#616e7c; --line:#e4e7eb; --bg:#f5f7fa; --panel:#ffffff; --accent:#2563eb;
  --busy:#2f9e6e; --idle:#e8913a; --bad:#d64545; --warn:#de911d; --low:#7b8794; }
* { box-sizing:border-box; }
html { font-size:14px; }
body { margin:0; background:var(--bg); color:var(--ink); line-height:1.45;
  font-family:-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","DejaVu Sans","WenQuanYi Micro Hei",sans-serif; }
header { background:#1b2a41; color:#fff; padding:22px 40px 18px; }
header .brand { font-size:12px; letter-spacing:.16em; text-transform:uppercase; color:#9fb3c8; font-weight:600; }
header h1 { margin:4px 0 6px; font-size:24px; font-weight:600; word-break:break-all; }
header .meta { color:#bcccdc; font-size:12px; word-break:break-all; }
nav { background:#fff; border-bottom:1px solid var(--line); padding:9px 40px; font-size:13px; position:sticky; top:0; z-index:2; }
nav span { color:var(--dim); margin-right:4px; }
nav a { color:var(--accent); text-decoration:none; margin-right:14px; white-space:nowrap; }
nav a:hover { text-decoration:underline; }
main { max-width:1280px; margin:0 auto; padding:8px 40px 40px; }
section { background:var(--panel); border:1px solid var(--line); border-radius:8px; padding:18px 22px 20px; margin:18px 0; }
h2 { margin:0 0 14px; font-size:18px; font-weight:600; }
h3 { margin:16px 0 8px; font-size:14px; font-weight:600; }
h4 { margin:10px 0 6px; font-size:12px; text-transform:uppercase; letter-spacing:.06em; color:var(--dim); }
p.note { color:var(--dim); font-size:12.5px; margin:6px 0 10px; }
p.empty { color:var(--dim); font-style:italic; }
p.empty.ok { color:var(--busy); font-style:normal; font-weight:600; }
code { font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace; font-size:12px; word-break:break-all; }
.cards { display:grid; grid-template-columns:repeat(4,1fr); gap:12px; margin-bottom:16px; }
.card { border:1px solid var(--line); border-left:4px solid var(--accent); border-radius:6px; padding:10px 14px; }
.card.good { border-left-color:var(--busy); } .card.warn { border-left-color:var(--idle); } .card.bad { border-left-color:var(--bad); }
.card-label { font-size:11.5px; text-transform:uppercase; letter-spacing:.06em; color:var(--dim); }
.card-value { font-size:24px; font-weight:600; margin:2px 0; font-variant-numeric:tabular-nums; }
.card-note { font-size:12px; color:var(--dim); }
table { border-collapse:collapse; width:100%; font-size:13px; }
th, td { padding:6px 10px; border-bottom:1px solid var(--line); text-align:left; vertical-align:top; }
thead th { font-size:11.5px; text-transform:uppercase; letter-spacing:.04em; color:var(--dim); font-weight:600;
  border-bottom:2px solid var(--line); background:#fafbfc; white-space:nowrap; }
th.metric { text-transform:none; letter-spacing:0; font-weight:500; }
tbody tr:nth-child(even) td { background:#fbfcfd; }
tbody tr:hover td { background:#f0f4f8; }
.num { text-align:right; font-variant-numeric:tabular-nums; white-space:nowrap; }
table.kv { width:auto; min-width:50%; }
table.kv th { font-weight:500; color:var(--dim); width:180px; background:none; text-transform:none; letter-spacing:0; font-size:13px; border-bottom:1px solid var(--line); }
table.kv td { word-break:break-all; }
table.mini { width:auto; min-width:40%; margin:4px 16px 8px 0; display:inline-table; font-size:12px; }
table.mini th, table.mini td { padding:3px 8px; }
.scroll { overflow-x:auto; }
td.name { min-width:260px; max-width:420px; }
th.metric { white-space:normal; overflow-wrap:break-word; max-width:96px; }
td.barcell { min-width:150px; white-space:nowrap; }
td.barcell.wide { width:45%; }
.bar { display:inline-block; vertical-align:middle; width:100px; height:9px; background:#edf0f3; border-radius:5px; overflow:hidden; margin-right:8px; }
td.wide .bar { width:100%; margin:0; }
.bar span { display:block; height:100%; background:var(--accent); border-radius:5px; }
.bar.busy span { background:var(--busy); } .bar.idle span { background:var(--idle); }
.barlabel { font-variant-numeric:tabular-nums; font-size:12px; }
.tag { display:inline-block; font-size:10.5px; text-transform:uppercase; letter-spacing:.05em; background:#fde8e8;
  color:var(--bad); border-radius:3px; padding:0 5px; margin-left:6px; vertical-align:1px; }
details summary { cursor:pointer; color:var(--accent); font-size:12px; margin-top:3px; }
details dl { display:grid; grid-template-columns:auto auto; gap:1px 14px; margin:6px 0 2px; font-size:12px; }
details dt { color:var(--dim); } details dd { margin:0; font-variant-numeric:tabular-nums; }
figure { margin:0; } figure img { max-width:100%; height:auto; border:1px solid var(--line); border-radius:4px; display:block; }
figcaption { color:var(--dim); font-size:12px; margin-top:6px; }
.two { display:grid; grid-template-columns:1.2fr 1fr; gap:28px; }
.stack { display:flex; height:16px; border-radius:4px; overflow:hidden; background:#edf0f3; margin:6px 0 10px; }
.stack span { display:block; height:100%; }
ul.legend { list-style:none; padding:0; margin:0; font-size:12.5px; }
ul.legend li { margin:3px 0; } ul.legend i { display:inline-block; width:10px; height:10px; border-radius:2px; margin-right:7px; }
.cause-host_bound_launch { background:#8e6dd6; } .cause-sync_wait { background:#d64545; } .cause-communication_wait { background:#2f80c0; }
.cause-data_transfer { background:#de911d; } .cause-unknown { background:#9aa5b1; }
.cause-profiler_start { background:#c8c8b4; } .cause-profiler_stop { background:#b4c3c8; }
.pill { display:inline-block; border-radius:10px; padding:0 8px; font-size:11.5px; color:#fff; white-space:nowrap; }
.dim { color:var(--dim); font-size:11.5px; }
article.finding { border:1px solid var(--line); border-left:5px solid var(--low); border-radius:6px; padding:12px 16px; margin:12px 0; }
article.sev-high { border-left-color:var(--bad); } article.sev-medium { border-left-color:var(--warn); }
.finding-head { display:flex; align-items:center; gap:10px; flex-wrap:wrap; }
.finding-head h3 { margin:0; font-size:15px; }
.spark { vertical-align:middle; color:var(--busy); } span.bad { color:var(--bad); font-weight:600; }
.badge { text-transform:uppercase; font-size:10.5px; letter-spacing:.06em; font-weight:700; color:#fff; background:var(--low); border-radius:3px; padding:2px 7px; }
.sev-high .badge { background:var(--bad); } .sev-medium .badge { background:var(--warn); }
code.rule { color:var(--dim); font-size:11px; margin-left:auto; }
.facts { display:flex; gap:22px; flex-wrap:wrap; margin:8px 0 4px; font-size:13px; color:var(--dim); }
.facts b { color:var(--ink); font-variant-numeric:tabular-nums; }
p.detail { font-size:12.5px; color:var(--dim); margin:4px 0; }
.suggestion { background:#eff6ff; border-radius:5px; padding:8px 12px; margin-top:8px; font-size:13px; }
details.rules { margin-top:10px; } details.rules ul { margin:6px 0; padding-left:20px; font-size:12.5px; color:var(--dim); }
details.rules summary { font-size:13px; }
footer { text-align:center; color:var(--dim); font-size:12px; padding:10px 0 30px; }
@media (max-width:900px) { .cards { grid-template-columns:repeat(2,1fr); } .two { grid-template-columns:1fr; } main, header, nav { padding-left:16px; padding-right:16px; } }
@media print { body { background:#fff; } nav { display:none; } section { break-inside:avoid-page; border:none; padding:0; }
  header { background:#fff; color:var(--ink); border-bottom:2px solid var(--ink); } header .meta, header .brand { color:var(--dim); } }
)CSS";
}

} // namespace opscope::report
