// Writers for each kind of Chrome Trace Event that torch_npu puts in trace_view.json, with its key
// order and quirks: ts as a string of epoch µs with 3 decimals, dur a number, pids as uint32.
#pragma once
#include "gen_output.h"

#include <cstdint>
#include <string_view>

namespace opscope::gen {

using Pid = std::uint32_t;
using Ns = std::int64_t;

inline void putKeyTs(Sink& s, Ns ts) {
    s.put("\"ts\": \"");
    s.putUs3(ts);
    s.put('"');
}

inline void putKeyDur(Sink& s, Ns durNs) {
    s.put("\"dur\": ");
    s.putMilli(durNs, true);
}

inline void putName(Sink& s, std::string_view name) {
    s.put("\"name\": \"");
    s.put(name);
    s.put('"');
}

inline void putPidTid(Sink& s, Pid pid, std::uint64_t tid) {
    s.put("\"pid\": ");
    s.putUint(pid);
    s.put(", \"tid\": ");
    s.putUint(tid);
}

inline void metaProcess(Sink& s, Pid pid, std::string_view name, std::string_view labels, int sortIndex) {
    s.beginEvent();
    s.put("{\"name\": \"process_name\", ");
    putPidTid(s, pid, 0);
    s.put(", \"args\": {\"name\": \"");
    s.put(name);
    s.put("\"}, \"ph\": \"M\"}");
    s.beginEvent();
    s.put("{\"name\": \"process_labels\", ");
    putPidTid(s, pid, 0);
    s.put(", \"args\": {\"labels\": \"");
    s.put(labels);
    s.put("\"}, \"ph\": \"M\"}");
    s.beginEvent();
    s.put("{\"name\": \"process_sort_index\", ");
    putPidTid(s, pid, 0);
    s.put(", \"args\": {\"sort_index\": ");
    s.putInt(sortIndex);
    s.put("}, \"ph\": \"M\"}");
}

inline void metaThread(Sink& s, Pid pid, std::uint64_t tid, std::string_view name, std::int64_t sortIndex) {
    s.beginEvent();
    s.put("{\"name\": \"thread_name\", ");
    putPidTid(s, pid, tid);
    s.put(", \"args\": {\"name\": \"");
    s.put(name);
    s.put("\"}, \"ph\": \"M\"}");
    if (sortIndex < 0) return; // Overlap Analysis threads have no sort index in real files
    s.beginEvent();
    s.put("{\"name\": \"thread_sort_index\", ");
    putPidTid(s, pid, tid);
    s.put(", \"args\": {\"sort_index\": ");
    s.putInt(sortIndex);
    s.put("}, \"ph\": \"M\"}");
}

// A framework (Python process) op, cat cpu_op.
inline void hostOp(Sink& s, Pid pid, std::uint64_t tid, std::string_view name, Ns ts, Ns dur) {
    s.beginEvent();
    s.put("{\"ph\": \"X\", ");
    putName(s, name);
    s.put(", ");
    putPidTid(s, pid, tid);
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putKeyDur(s, dur);
    s.put(", \"cat\": \"cpu_op\", \"args\": {\"Sequence number\": -1, \"Fwd thread id\": 0}}");
}

struct CannArgs {
    std::string_view mode;  // ACL_NN, ACL_OP, ACL_RTS, HOST_HCCL, launch
    std::string_view level; // acl, node
    std::string_view id;    // API name for acl level, "0" for Node@launch
    std::string_view itemId;
    std::int64_t connectionId;
};

inline void cannEvent(Sink& s, Pid pid, std::uint64_t tid, std::string_view name, Ns ts, Ns dur,
                      const CannArgs& a) {
    s.beginEvent();
    s.put('{');
    putName(s, name);
    s.put(", ");
    putPidTid(s, pid, tid);
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putKeyDur(s, dur);
    s.put(", \"args\": {\"Thread Id\": ");
    s.putUint(tid);
    s.put(", \"Mode\": \"");
    s.put(a.mode);
    s.put("\", \"level\": \"");
    s.put(a.level);
    s.put("\", \"id\": \"");
    s.put(a.id);
    s.put("\", \"item_id\": \"");
    s.put(a.itemId);
    s.put("\", \"connection_id\": ");
    s.putInt(a.connectionId);
    s.put("}, \"ph\": \"X\"}");
}

inline void deviceTask(Sink& s, Pid pid, int streamId, std::string_view name, Ns ts, Ns dur,
                       std::string_view taskType, std::uint32_t taskId, std::int64_t connectionId) {
    s.beginEvent();
    s.put('{');
    putName(s, name);
    s.put(", ");
    putPidTid(s, pid, static_cast<std::uint64_t>(streamId));
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putKeyDur(s, dur);
    s.put(", \"args\": {\"Model Id\": 4294967295, \"Task Type\": \"");
    s.put(taskType);
    s.put("\", \"Physic Stream Id\": ");
    s.putInt(streamId);
    s.put(", \"Task Id\": ");
    s.putUint(taskId);
    s.put(", \"Batch Id\": 0, \"Subtask Id\": 4294967295, \"connection_id\": ");
    s.putInt(connectionId);
    s.put("}, \"ph\": \"X\"}");
}

inline void hcclOp(Sink& s, Pid pid, std::string_view name, Ns ts, Ns dur, std::int64_t connectionId,
                   std::int64_t count) {
    s.beginEvent();
    s.put('{');
    putName(s, name);
    s.put(", ");
    putPidTid(s, pid, 0);
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putKeyDur(s, dur);
    s.put(", \"args\": {\"connection_id\": ");
    s.putInt(connectionId);
    s.put(", \"model id\": 4294967295, \"data_type\": \"FP32\", \"alg_type\": \"MESH-RING\", \"count\": ");
    s.putInt(count);
    s.put("}, \"ph\": \"X\"}");
}

// HostToDevice flow: string id "<connection_id>", s on the CANN launch, f (bp e) on the device task.
inline void flowHostToDevice(Sink& s, bool start, std::int64_t connectionId, Pid pid, std::uint64_t tid, Ns ts) {
    s.beginEvent();
    s.put("{\"name\": \"HostToDevice");
    s.putInt(connectionId);
    s.put(start ? "\", \"ph\": \"s\", \"cat\": \"HostToDevice\", \"id\": \"" : "\", \"ph\": \"f\", \"id\": \"");
    s.putInt(connectionId);
    s.put("\", ");
    if (start) {
        putPidTid(s, pid, tid);
        s.put(", ");
        putKeyTs(s, ts);
        s.put('}');
        return;
    }
    putKeyTs(s, ts);
    s.put(", \"cat\": \"HostToDevice\", ");
    putPidTid(s, pid, tid);
    s.put(", \"bp\": \"e\"}");
}

// torch_to_npu flow (cat async_npu): numeric id, from the aten op to the device task.
inline void flowTorchToNpu(Sink& s, bool start, std::uint64_t id, Pid pid, std::uint64_t tid, Ns ts) {
    s.beginEvent();
    s.put(start ? "{\"ph\": \"s\", \"bp\": \"e\", \"name\": \"torch_to_npu\", \"id\": "
                : "{\"ph\": \"f\", \"bp\": \"e\", \"name\": \"torch_to_npu\", \"id\": ");
    s.putUint(id);
    s.put(", ");
    putPidTid(s, pid, tid);
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", \"cat\": \"async_npu\"}");
}

// A counter sample; the value is in thousandths (written with up to 3 decimals, "0.0" for zero).
inline void counter(Sink& s, Pid pid, std::string_view name, Ns ts, std::string_view key, std::int64_t milli,
                    bool integral) {
    s.beginEvent();
    s.put('{');
    putName(s, name);
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putPidTid(s, pid, 0);
    s.put(", \"args\": {\"");
    s.put(key);
    s.put("\": ");
    if (integral)
        s.putInt(milli / 1000);
    else
        s.putMilli(milli, true);
    s.put("}, \"ph\": \"C\"}");
}

inline void overlapSlice(Sink& s, Pid pid, int tid, std::string_view name, Ns ts, Ns dur) {
    s.beginEvent();
    s.put('{');
    putName(s, name);
    s.put(", ");
    putPidTid(s, pid, static_cast<std::uint64_t>(tid));
    s.put(", ");
    putKeyTs(s, ts);
    s.put(", ");
    putKeyDur(s, dur);
    s.put(", \"ph\": \"X\"}");
}

} // namespace opscope::gen
