#include "core/store/schema.h"

namespace opscope {

const char* schemaTablesSql() {
    return R"SQL(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE stat(name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE warning(
  id INTEGER PRIMARY KEY, code TEXT NOT NULL, count INTEGER NOT NULL,
  file TEXT, byte_offset INTEGER, line INTEGER, sample TEXT);
CREATE TABLE source_file(
  id INTEGER PRIMARY KEY, path TEXT NOT NULL, role TEXT NOT NULL, status TEXT NOT NULL,
  reason TEXT, size_bytes INTEGER, mtime_ns INTEGER, content_hash TEXT, events INTEGER);
CREATE TABLE string(id INTEGER PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE device(id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, ordinal INTEGER,
  clock_offset_ns INTEGER NOT NULL DEFAULT 0, rank INTEGER, host TEXT);
CREATE TABLE process(
  id INTEGER PRIMARY KEY, pid TEXT NOT NULL, name TEXT, labels TEXT, sort_index INTEGER,
  device_id INTEGER REFERENCES device(id), pid_num INTEGER);
CREATE TABLE thread(
  id INTEGER PRIMARY KEY, process_id INTEGER NOT NULL REFERENCES process(id), tid TEXT NOT NULL,
  name TEXT, sort_index INTEGER, tid_num INTEGER);
CREATE TABLE track(
  id INTEGER PRIMARY KEY, process_id INTEGER REFERENCES process(id),
  thread_id INTEGER REFERENCES thread(id), kind TEXT NOT NULL, name TEXT NOT NULL, unit TEXT,
  sort_index INTEGER NOT NULL DEFAULT 0, lane INTEGER NOT NULL DEFAULT 0,
  is_compute INTEGER NOT NULL DEFAULT 0, device_id INTEGER REFERENCES device(id),
  slice_count INTEGER NOT NULL DEFAULT 0, counter_count INTEGER NOT NULL DEFAULT 0,
  max_depth INTEGER NOT NULL DEFAULT 0, min_ts INTEGER, max_end INTEGER);
CREATE TABLE args(id INTEGER PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE slice(
  id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, ts INTEGER NOT NULL, dur INTEGER NOT NULL,
  depth INTEGER NOT NULL, parent_id INTEGER, self_dur INTEGER NOT NULL,
  name_id INTEGER NOT NULL, cat_id INTEGER, type_id INTEGER, arg_id INTEGER, flags INTEGER NOT NULL,
  thread_ts INTEGER, thread_dur INTEGER);
CREATE TABLE counter(track_id INTEGER NOT NULL, ts INTEGER NOT NULL, value REAL NOT NULL);
CREATE TABLE flow(
  id INTEGER PRIMARY KEY, slice_out INTEGER NOT NULL, slice_in INTEGER NOT NULL,
  cat TEXT, name TEXT);
CREATE TABLE launch_link(
  device_slice_id INTEGER PRIMARY KEY, call_slice_id INTEGER NOT NULL, correlation_id INTEGER,
  source TEXT NOT NULL);
CREATE TABLE metric_key(
  id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, unit TEXT, group_name TEXT);
CREATE TABLE slice_metric(
  slice_id INTEGER NOT NULL, key_id INTEGER NOT NULL REFERENCES metric_key(id), num REAL, txt TEXT);
CREATE TABLE graph(
  id INTEGER PRIMARY KEY, source_path TEXT, format TEXT NOT NULL, derived INTEGER NOT NULL DEFAULT 0,
  node_count INTEGER NOT NULL DEFAULT 0, edge_count INTEGER NOT NULL DEFAULT 0,
  joined_node_count INTEGER NOT NULL DEFAULT 0, unjoined_exec_count INTEGER NOT NULL DEFAULT 0,
  layout_direction TEXT, layout_done INTEGER NOT NULL DEFAULT 0);
CREATE TABLE graph_node(
  id INTEGER PRIMARY KEY, graph_id INTEGER NOT NULL REFERENCES graph(id), name TEXT NOT NULL,
  type TEXT, scope TEXT, attrs TEXT, input_shapes TEXT, output_shapes TEXT,
  x REAL, y REAL, width REAL, height REAL);
CREATE TABLE graph_edge(
  id INTEGER PRIMARY KEY, graph_id INTEGER NOT NULL REFERENCES graph(id),
  src_node INTEGER NOT NULL, dst_node INTEGER NOT NULL, kind TEXT NOT NULL, tensor TEXT, shape TEXT,
  points TEXT);
CREATE TABLE graph_node_slice(node_id INTEGER NOT NULL, slice_id INTEGER NOT NULL, rule TEXT NOT NULL);
CREATE TABLE cluster_step(
  id INTEGER PRIMARY KEY, source TEXT NOT NULL, step TEXT NOT NULL, type TEXT NOT NULL, rank INTEGER,
  idx TEXT, computing_ns INTEGER NOT NULL, communication_not_overlapped_ns INTEGER NOT NULL,
  overlapped_ns INTEGER NOT NULL, communication_ns INTEGER NOT NULL, free_ns INTEGER NOT NULL,
  stage_ns INTEGER NOT NULL, bubble_ns INTEGER NOT NULL,
  communication_not_overlapped_exclude_receive_ns INTEGER NOT NULL, preparing_ns INTEGER,
  dp_index INTEGER, pp_index INTEGER, tp_index INTEGER);
CREATE TABLE comm_op(
  id INTEGER PRIMARY KEY, source TEXT NOT NULL, group_name TEXT, step TEXT, kind TEXT, op_name TEXT NOT NULL,
  op_key TEXT, rank INTEGER, start_ns INTEGER, elapse_ns INTEGER NOT NULL, transit_ns INTEGER NOT NULL,
  wait_ns INTEGER NOT NULL, synchronization_ns INTEGER NOT NULL, idle_ns INTEGER NOT NULL,
  wait_ratio REAL, synchronization_ratio REAL);
CREATE TABLE comm_bandwidth(
  op_id INTEGER NOT NULL REFERENCES comm_op(id), link_type TEXT NOT NULL, transit_size_mb REAL NOT NULL,
  transit_ns INTEGER NOT NULL, bandwidth_gbps REAL NOT NULL, large_packet_ratio REAL);
CREATE TABLE comm_packet(
  op_id INTEGER NOT NULL REFERENCES comm_op(id), link_type TEXT NOT NULL, size_mb REAL NOT NULL,
  count INTEGER NOT NULL, transit_ns INTEGER NOT NULL);
CREATE TABLE comm_link(
  id INTEGER PRIMARY KEY, source TEXT NOT NULL, step TEXT, kind TEXT, op_key TEXT, group_name TEXT,
  src_rank INTEGER NOT NULL, dst_rank INTEGER NOT NULL, global_ranks INTEGER NOT NULL, transport TEXT,
  transit_size_mb REAL, transit_ns INTEGER, bandwidth_gbps REAL, op_name TEXT);
CREATE TABLE comm_group(name TEXT NOT NULL, kind TEXT, ranks TEXT NOT NULL);
CREATE TABLE rank_clock_offset(rank INTEGER PRIMARY KEY, offset_ns INTEGER NOT NULL);
CREATE TABLE ascend_statistic(
  id INTEGER PRIMARY KEY, source TEXT NOT NULL, kind TEXT NOT NULL, device_id INTEGER REFERENCES device(id),
  category TEXT, name TEXT NOT NULL, count INTEGER, total_ns INTEGER, min_ns INTEGER, avg_ns INTEGER,
  max_ns INTEGER, ratio REAL, variance REAL);
CREATE TABLE ascend_operator_detail(
  id INTEGER PRIMARY KEY, source TEXT NOT NULL, device_id INTEGER REFERENCES device(id), name TEXT NOT NULL,
  input_shapes TEXT, call_stack TEXT, host_self_ns INTEGER, host_total_ns INTEGER, device_self_ns INTEGER,
  device_total_ns INTEGER, device_self_aicore_ns INTEGER, device_total_aicore_ns INTEGER);
CREATE TABLE timeline_pack(id INTEGER PRIMARY KEY, part INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE launch_queue_track(
  id INTEGER PRIMARY KEY, thread_id INTEGER NOT NULL, name TEXT NOT NULL, point_count INTEGER NOT NULL);
CREATE TABLE launch_queue_points(id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE device_slice_class(
  slice_id INTEGER PRIMARY KEY, device_id INTEGER NOT NULL REFERENCES device(id),
  class TEXT NOT NULL, rule TEXT NOT NULL);

CREATE VIEW slice_view AS
  SELECT s.id, s.track_id, t.name AS track, s.ts, s.dur, s.depth, s.parent_id, s.self_dur,
         n.value AS name, c.value AS category, ty.value AS type, a.json AS args, s.flags
  FROM slice s JOIN track t ON t.id = s.track_id
  JOIN string n ON n.id = s.name_id
  LEFT JOIN string c ON c.id = s.cat_id
  LEFT JOIN string ty ON ty.id = s.type_id
  LEFT JOIN args a ON a.id = s.arg_id;
CREATE VIEW metric_view AS
  SELECT m.slice_id, k.name, k.unit, k.group_name, m.num, m.txt
  FROM slice_metric m JOIN metric_key k ON k.id = m.key_id;
)SQL";
}

const char* schemaIndicesSql() {
    return R"SQL(
CREATE INDEX slice_track_ts ON slice(track_id, ts);
CREATE INDEX counter_track_ts ON counter(track_id, ts);
CREATE INDEX flow_out ON flow(slice_out);
CREATE INDEX flow_in ON flow(slice_in);
CREATE INDEX launch_link_call ON launch_link(call_slice_id);
CREATE INDEX slice_metric_slice ON slice_metric(slice_id, key_id);
CREATE INDEX slice_metric_key ON slice_metric(key_id);
CREATE INDEX graph_node_slice_node ON graph_node_slice(node_id);
CREATE INDEX graph_node_slice_slice ON graph_node_slice(slice_id);
CREATE UNIQUE INDEX string_value ON string(value);
CREATE INDEX device_slice_class_wait ON device_slice_class(slice_id) WHERE class = 'wait';
)SQL";
}

} // namespace opscope
