/**
 * Deterministic demo data for every collection: realistic Brazilian legislative, gazette, central-bank,
 * news and tax-authority records, generated from the hand-written vocabularies of `data/vocabulary/`
 * and one seeded PRNG. The same seed gives byte-identical records on every machine.
 *
 * Design notes
 * - Each collection draws from its own stream (seed × collection name), so generating one collection
 *   never shifts another, and the first k records of `generate(c, n)` equal `generate(c, k)` when the
 *   same stakeholders are passed.
 * - Records are produced one at a time: a million propositions stream in constant memory.
 * - Stakeholders carry no party or state (the spec has none); `stakeholderProfile(s)` derives them
 *   deterministically, and every proposition author, post and news quote uses that profile.
 * - Non-goals: statistical fidelity to the real corpora; real origin ids (the famous propositions'
 *   origin ids are illustrative).
 *
 * @example
 * import { generateDataset, generate } from './scripts/generate/index.js'
 * const demo = generateDataset()                          // ~400 stakeholders, ~3,000 propositions…
 * const stakeholders = [...generate('stakeholders', 10_000, { seed: 7 })]
 * for (const p of generate('propositions', 1_000_000, { seed: 7, stakeholders })) write(p)
 */
import { generateBacen } from './bacen.js'
import { generateDou } from './dou.js'
import { generateIrs } from './irs.js'
import { generateNotices } from './notices.js'
import { Rng, deriveSeed } from './prng.js'
import { generatePropositions } from './propositions.js'
import { generateSocial } from './social.js'
import { generateStakeholders } from './stakeholders.js'
import {
  COLLECTION_NAMES,
  type BacenDoc,
  type CollectionName,
  type DouAct,
  type IrsDoc,
  type Notice,
  type Proposition,
  type RecordOf,
  type SocialPost,
  type Stakeholder,
} from './types.js'

export { stakeholderProfile, type StakeholderProfile } from './people.js'
export { RANGE_END, RANGE_START } from './dates.js'
export { COLLECTION_NAMES }
export type * from './types.js'

/** The seed used when none is given. */
export const DEFAULT_SEED = 42

export interface GenerateOptions {
  /** Any integer; taken modulo 2³². Default `DEFAULT_SEED`. */
  seed?: number
  /** `'demo'` (default), `'bench'`, or a number of propositions (the others scale with it). */
  size?: 'demo' | 'bench' | number
}

export interface StreamOptions {
  /** Any integer; taken modulo 2³². Default `DEFAULT_SEED`. */
  seed?: number
  /**
   * Authors, rapporteurs, posters and quoted members are drawn from these. Default: the demo
   * stakeholders of the same seed (`generate('stakeholders', sizesFor('demo').stakeholders, { seed })`).
   */
  stakeholders?: readonly Stakeholder[]
  /** `dou` only: full-length act texts (~3 KB) instead of the demo's 600–1,500 characters. */
  fullText?: boolean
}

export interface DemoDataset {
  stakeholders: Stakeholder[]
  propositions: Proposition[]
  social: SocialPost[]
  dou: DouAct[]
  bacen: BacenDoc[]
  notices: Notice[]
  irs: IrsDoc[]
}

const DEMO: Readonly<Record<CollectionName, number>> = {
  stakeholders: 400,
  propositions: 3_000,
  social: 2_000,
  dou: 2_000,
  bacen: 2_000,
  notices: 2_000,
  irs: 2_000,
}

const BENCH: Readonly<Record<CollectionName, number>> = {
  stakeholders: 10_000,
  propositions: 1_000_000,
  social: 50_000,
  dou: 200_000,
  bacen: 50_000,
  notices: 50_000,
  irs: 50_000,
}

/**
 * Record counts per collection. A number is the count of propositions; the other collections keep
 * the demo's proportions to it (2,000 : 3,000, stakeholders 400 : 3,000), at least one each.
 *
 * @example sizesFor('demo').propositions // 3000
 * @example sizesFor(30_000).stakeholders // 4000
 */
export function sizesFor(size: 'demo' | 'bench' | number): Record<CollectionName, number> {
  if (size === 'demo') return { ...DEMO }
  if (size === 'bench') return { ...BENCH }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new RangeError(`size: must be 'demo', 'bench' or a non-negative integer count of propositions (got ${String(size)})`)
  }
  const out = {} as Record<CollectionName, number>
  for (const c of COLLECTION_NAMES) out[c] = size === 0 ? 0 : Math.max(1, Math.round((DEMO[c] * size) / DEMO.propositions))
  return out
}

function seedOf(seed: number | undefined): number {
  if (seed === undefined) return DEFAULT_SEED
  if (typeof seed !== 'number' || !Number.isInteger(seed)) throw new RangeError(`seed: must be an integer (got ${String(seed)})`)
  return seed
}

/**
 * Streams `count` records of one collection, deterministically for a seed.
 *
 * @example
 * let n = 0
 * for (const p of generate('propositions', 1_000_000)) n += p.summary.length
 */
export function* generate<C extends CollectionName>(collection: C, count: number, opts: StreamOptions = {}): Generator<RecordOf[C]> {
  if (!COLLECTION_NAMES.includes(collection)) {
    throw new TypeError(`collection: must be one of ${COLLECTION_NAMES.join(', ')} (got ${String(collection)})`)
  }
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count: must be a non-negative integer (got ${String(count)})`)
  }
  const seed = seedOf(opts.seed)
  const rng = new Rng(deriveSeed(seed, collection))
  const people = (): readonly Stakeholder[] =>
    opts.stakeholders ?? [...generateStakeholders(DEMO.stakeholders, new Rng(deriveSeed(seed, 'stakeholders')))]
  // Each branch yields the record type of its own collection; TypeScript cannot narrow `C` by value.
  switch (collection as CollectionName) {
    case 'stakeholders':
      yield* generateStakeholders(count, rng) as Generator<RecordOf[C]>
      return
    case 'propositions':
      yield* generatePropositions(count, rng, seed, people()) as Generator<RecordOf[C]>
      return
    case 'social':
      yield* generateSocial(count, rng, people()) as Generator<RecordOf[C]>
      return
    case 'dou':
      yield* generateDou(count, rng, opts.fullText === true) as Generator<RecordOf[C]>
      return
    case 'bacen':
      yield* generateBacen(count, rng) as Generator<RecordOf[C]>
      return
    case 'notices':
      yield* generateNotices(count, rng, people()) as Generator<RecordOf[C]>
      return
    case 'irs':
      yield* generateIrs(count, rng) as Generator<RecordOf[C]>
      return
  }
}

/**
 * Every collection, in memory. Propositions, posts and news refer to the stakeholders of the same
 * dataset. `size: 'bench'` also turns on full-length gazette texts (and needs a few GB of heap; for
 * the benchmark corpus prefer streaming with `generate`).
 *
 * @example
 * const { stakeholders, propositions } = generateDataset({ seed: 1 })
 */
export function generateDataset(opts: GenerateOptions = {}): DemoDataset {
  const sizes = sizesFor(opts.size ?? 'demo')
  const seed = seedOf(opts.seed)
  const stakeholders = [...generate('stakeholders', sizes.stakeholders, { seed })]
  const withPeople = { seed, stakeholders }
  return {
    stakeholders,
    propositions: [...generate('propositions', sizes.propositions, withPeople)],
    social: [...generate('social', sizes.social, withPeople)],
    dou: [...generate('dou', sizes.dou, { seed, fullText: opts.size === 'bench' })],
    bacen: [...generate('bacen', sizes.bacen, { seed })],
    notices: [...generate('notices', sizes.notices, withPeople)],
    irs: [...generate('irs', sizes.irs, { seed })],
  }
}
