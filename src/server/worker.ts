/**
 * A worker thread of the server's read pool: its own read-only connection to the snapshot, and
 * `answer` for each call (see `backend.ts`).
 */
import { workerData } from 'node:worker_threads'
import { openSnapshot } from '../api/snapshot.js'
import { type Answer, type Call, answer } from './backend.js'

const snap = openSnapshot((workerData as { path: string }).path, { readonly: true })

export default function (call: Call | { op: 'ping' }): Answer {
  if (call.op === 'ping') return { ok: true, json: 'null' }
  return answer(snap, call)
}
