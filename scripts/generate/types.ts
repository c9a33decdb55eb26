/**
 * Shapes of the generated records: plain objects with every field of the interface spec present
 * (only `Proposition.approved` is optional). They are what `Snapshot.upsert` accepts; they are
 * declared here rather than imported from `src/` so the generator does not move with the engine.
 */

/** The collections the generator fills, in the order a dataset is built. */
export type CollectionName = 'stakeholders' | 'propositions' | 'social' | 'dou' | 'bacen' | 'notices' | 'irs'

export const COLLECTION_NAMES: readonly CollectionName[] = ['stakeholders', 'propositions', 'social', 'dou', 'bacen', 'notices', 'irs']

export type StakeholderOrgan = {
  id: string
  name: string
  initials: string
  openDataId: string
  openDataResource: string
  role: string
  active: boolean
}

export type Stakeholder = {
  id: string
  openDataId: string
  openDataResource: string
  name: string
  title: string
  situation: string
  active: boolean
  organs: StakeholderOrgan[]
  savedStakeholders: Record<string, unknown>[]
}

export type OrganRef = {
  id: string
  name: string
  initials: string
}

export type PropositionProceeding = {
  openDataId: string
  openDataSituationId: string
  date: string
  organ: OrganRef
  description: string
  situation: string
  regime: string
  regimeCategory: string
  /** The text `'true'`/`'false'`, as the spec has it. */
  processing: 'true' | 'false'
  appreciation: string
}

export type PropositionAuthor = {
  openDataId: string
  type: string
  name: string
  acronymParty: string
  uf: string
  stakeholderId: string | null
}

export type Theme = {
  openDataId: string
  name: string
}

export type Proposition = {
  id: string
  openDataId: string
  openDataResource: string
  openDataTypeId: string
  title: string
  acronymType: string
  type: string
  number: number
  year: number
  summary: string
  datePresentation: string
  lastProceeding: PropositionProceeding
  authors: PropositionAuthor[]
  rapporteurs: PropositionAuthor[]
  themes: Theme[]
  /** Input-only approval state; about one record in five carries it. */
  approved?: 'true' | 'false'
}

export type SocialNetwork = 'twitter' | 'instagram' | 'facebook'

/** The poster, plus one field named after the network holding the handle (`twitter: '@fulano'`). */
export type SocialStakeholder = {
  id: string
  name: string
  title: string
  electoralUF: string
  acronymParty: string
  photoUrl: string
  [network: string]: string
}

export type SocialMedia = {
  media_key: string
  type: 'photo' | 'video'
  url: string
}

export type SocialPost = {
  id: string
  openDataId: string
  openDataResource: SocialNetwork
  resource: SocialNetwork
  link: string
  text: string
  postedAt: string
  stakeholder: SocialStakeholder
  /** `{}` for a parliamentarian's own profile, `{ id, name }` for an institutional profile. */
  organ: Record<string, never> | { id: string; name: string }
  social_organ_profile: boolean
  media: SocialMedia[]
  mediaAnalysis: Record<string, unknown>
}

export type DouAct = {
  id: string
  title: string
  content: string
  resume: string
  section: string
  hierarchy: string
  location: string
  date: string
  createdAt: string
  updatedAt: string
}

export type BacenDoc = {
  id: string
  openDataId: string
  openDataResource: 'bcb'
  type: string
  title: string
  subject: string
  summary: string
  responsible: string
  date: string
}

export type Notice = {
  id: string
  openDataId: string
  openDataResource: string
  resource: 'noticias'
  site: string
  title: string
  description: string
  descriptionEn: string
  content: string
  url: string
  image: string
  date: string
}

export type IrsDoc = {
  id: string
  type: string
  subject: string
  content: string
  link: string
  number: number
  organ: string
  date: string
}

/** The record type of each collection. */
export type RecordOf = {
  stakeholders: Stakeholder
  propositions: Proposition
  social: SocialPost
  dou: DouAct
  bacen: BacenDoc
  notices: Notice
  irs: IrsDoc
}
