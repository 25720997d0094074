// A small Kineto trace with known memory answers, shared by the memory CLI tests and the CLI-vs-GUI parity
// tests: GPU 0, 512 B by aten::empty (freed at 140 us) and 1024 B by aten::mul (never freed); peak 1536 B
// at 125 us; reserved 2 MiB, then 4 MiB.
#pragma once

namespace opscope::test {

inline const char* kKinetoMemoryTrace = R"({"traceEvents":[
 {"ph":"X","name":"aten::empty","pid":1,"tid":1,"ts":100,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":105,
  "args":{"Device Type":1,"Device Id":0,"Addr":1000,"Bytes":512,"Total Allocated":512,"Total Reserved":2097152}},
 {"ph":"X","name":"aten::mul","pid":1,"tid":1,"ts":120,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":125,
  "args":{"Device Type":1,"Device Id":0,"Addr":2000,"Bytes":1024,"Total Allocated":1536,"Total Reserved":2097152}},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":140,
  "args":{"Device Type":1,"Device Id":0,"Addr":1000,"Bytes":-512,"Total Allocated":1024,"Total Reserved":4194304}}
]})";

} // namespace opscope::test
