/** `using snap = openSnapshot(…)`: the snapshot closes at the end of the block (issue 27). */
import { type Snapshot, openSnapshot } from 'legisearch'
import { describe, expect, it } from 'vitest'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

describe('Symbol.dispose', () => {
  it('a `using` block closes the snapshot at its end; what it wrote is there when opened again', () => {
    const path = tempSnapshotPath()
    let kept: Snapshot | undefined
    {
      using snap = openSnapshot(path)
      snap.upsert('notices', [{ id: 'n-1', title: 'Notícia da Câmara', date: '2024-05-04' }])
      expect(snap.searchNotices({ q: 'notícia' }).pagination.total).toBe(1)
      kept = snap
    }
    expect(() => kept?.searchNotices({ q: 'notícia' })).toThrow(/is closed; open it again with openSnapshot\(\)/)
    using again = openSnapshot(path, { readonly: true })
    expect(again.searchNotices({ q: 'notícia' }).pagination.total).toBe(1)
  })
})
