#!/bin/bash
# audit-gen.sh SBX DB [N]: generates an audit database of N (1,000,000) executions spread over the
# last 30 days, about 10% of them denied with 1-3 denial lines each naming realistic paths (a few
# hot ones, a long tail), in sessions for a third of them. The schema comes from sbx itself (a
# `sbx session start` creates and migrates the file); the rows from one SQL statement per table.
set -eu
SBX=$1
DB=$2
N=${3:-1000000}
rm -f "$DB" "$DB-wal" "$DB-shm"
mkdir -p "$(dirname "$DB")"
"$SBX" session start --cwd / --db "$DB" >/dev/null
NOW=$(($(date +%s) * 1000))
SPAN=$((30 * 86400 * 1000))
sqlite3 "$DB" <<SQL
PRAGMA synchronous = OFF;
PRAGMA cache_size = -262144;
BEGIN;
WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < 99)
INSERT INTO sessions (id, created_ms, host, uid, cwd)
SELECT printf('00000000-0000-4000-8000-%012d', i), $NOW - $SPAN - 1000, 'bench-host', 1000,
       '/home/dev/src/project-' || i FROM s;
INSERT INTO mode_events (session_id, at_ms, mode, origin)
SELECT id, created_ms, 'workspace-write', 'start' FROM sessions WHERE id LIKE '00000000-%';

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $N)
INSERT INTO executions (id, started_ms, ended_ms, duration_ms, host, uid, supervisor_pid,
  supervisor_start, boot_id, session_id, cwd, argv, mode, mode_source, mode_event_id, workspace_root,
  backend, enforcement, enforcement_reason, state, verdict, evidence, exit_code, signal, matched_rule,
  matched_signature, matched_line, matched_line_no, stderr_bytes, stderr_lines, denial_lines)
SELECT i,
  $NOW - $SPAN + (i * ($SPAN / $N)) + (i * 7919) % 1000,
  $NOW - $SPAN + (i * ($SPAN / $N)) + (i * 7919) % 1000 + 3 + (i * 31) % 400,
  3 + (i * 31) % 400,
  'bench-host', 1000, 10000 + i % 50000, 1000 + i, 'bench-boot',
  CASE WHEN i % 3 = 0 THEN printf('00000000-0000-4000-8000-%012d', i % 100) END,
  '/home/dev/src/project-' || (i % 100),
  CASE i % 5 WHEN 0 THEN '["make","-j4"]' WHEN 1 THEN '["npm","install"]' WHEN 2 THEN '["bash","-c","pytest -q"]'
             WHEN 3 THEN '["git","commit","-m","wip"]' ELSE '["cargo","build"]' END,
  CASE WHEN i % 4 = 0 THEN 'read-only' ELSE 'workspace-write' END,
  CASE WHEN i % 3 = 0 THEN 'session' ELSE 'default' END,
  CASE WHEN i % 3 = 0 THEN (i % 100) + 2 END,
  '/home/dev/src/project-' || (i % 100),
  CASE WHEN i % 13 = 0 THEN 'landlock' ELSE 'bwrap' END,
  'full', NULL, 'completed',
  CASE WHEN i % 10 = 0 THEN 'denied' WHEN i % 10 = 3 THEN 'task_failure' ELSE 'success' END,
  CASE WHEN i % 10 = 0 THEN 'stderr' ELSE 'exit-status' END,
  CASE WHEN i % 10 = 0 THEN 1 WHEN i % 10 = 3 THEN 2 ELSE 0 END,
  0,
  CASE WHEN i % 10 = 0 THEN 'denial' END,
  CASE WHEN i % 10 = 0 THEN 'Read-only file system' END,
  CASE WHEN i % 10 = 0 THEN 'touch: cannot touch ''/etc/x'': Read-only file system' END,
  CASE WHEN i % 10 = 0 THEN 1 END,
  CASE WHEN i % 10 = 0 THEN 120 ELSE (i * 17) % 300 END,
  CASE WHEN i % 10 = 0 THEN 2 ELSE 1 END,
  CASE WHEN i % 10 = 0 THEN 1 + (i / 10) % 3 ELSE 0 END
FROM n;

-- denial lines: k-th line of each denied execution; paths skewed (hot few, long tail)
WITH RECURSIVE k(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM k WHERE j < 3),
p(e, j, h) AS (
  SELECT e.id, k.j, (e.id * 2654435761 + k.j * 40503) % 1000003
  FROM executions e JOIN k ON k.j <= e.denial_lines WHERE e.denial_lines > 0)
INSERT INTO denial_lines (execution_id, line_no, line, path)
SELECT e, j, 'touch: cannot touch ''' || path || ''': Read-only file system', path FROM (
  SELECT e, j, CASE
    WHEN h % 100 < 30 THEN (CASE h % 5 WHEN 0 THEN '/etc/passwd' WHEN 1 THEN '/etc/hosts'
         WHEN 2 THEN '/usr/local/bin/tool' WHEN 3 THEN '/home/dev/.npmrc' ELSE '/etc/resolv.conf' END)
    WHEN h % 100 < 60 THEN '/home/dev/.cache/pip/http/' || (h % 200) || '/entry'
    WHEN h % 100 < 85 THEN '/usr/lib/python3/dist-packages/pkg' || (h % 500) || '/__init__.py'
    ELSE '/var/tmp/build-' || (h % 5000) || '/obj.o' END AS path
  FROM p);
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
