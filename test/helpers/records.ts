/**
 * The smallest valid proposition record (PL 1/2024), with `extra` fields over it.
 *
 * @example snap.upsert('propositions', [proposition('p1', { summary: 'Reforma tributária' })])
 */
export function proposition(id: string, extra: object = {}): Record<string, unknown> {
  return { id, acronymType: 'PL', number: 1, year: 2024, datePresentation: '2024-01-02', ...extra }
}
