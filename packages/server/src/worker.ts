/**
 * A worker thread of the server's read pool: its own read-only connection to the snapshot, and
 * `answer` for each call (see `backend.ts`).
 */
import { workerData } from 'node:worker_threads'
import { openSnapshot } from 'legisearch'
import { type Answer, type Call, answer } from './backend.js'
import { liveSnapshot } from './live-snapshot.js'

const { path, watchMs } = workerData as { path: string; watchMs: number }
const live = liveSnapshot(path, () => openSnapshot(path, { readonly: true }), watchMs)

export default function (call: Call | { op: 'ping' }): Answer {
  if (call.op === 'ping') return { ok: true, json: 'null' }
  return answer(live.current(), call)
}
