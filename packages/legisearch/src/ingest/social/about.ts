import { defineAbout } from '../define.js'

/** The files the source reads: the profiles' and the posts' CSVs (by a column only each has), and LabHacker's handles. */
export type Kind = 'perfil' | 'parlamentares' | 'handles' | 'tweets' | 'raw'
export const CSV: Record<Exclude<Kind, 'handles'>, { marker: string; columns: readonly string[]; description: string }> = {
  perfil: {
    marker: 'nome_eleitoral',
    columns: ['id_parlamentar', 'casa', 'nome_eleitoral', 'partido', 'UF', 'twitter'],
    description: 'perfil_parlamentar.csv (profiles: origin id, house, name, party, state, Twitter handles)',
  },
  parlamentares: {
    marker: 'id_parlamentar_parlametria',
    columns: ['id_parlamentar_parlametria', 'casa', 'nome', 'partido', 'uf'],
    description: 'parlamentares.csv (Parlametria ids: 1 + Câmara id, 2 + Senado code)',
  },
  tweets: {
    marker: 'citadas',
    columns: ['id_parlamentar', 'casa', 'username', 'created_at', 'text', 'id_tweet', 'status_url'],
    description: 'tweets.csv (tweets citing propositions)',
  },
  raw: {
    marker: 'retweet_count',
    columns: ['id_tweet', 'username', 'text', 'date', 'url'],
    description: 'tweets_to_process.csv (an account’s tweets)',
  },
}
export const ORDER: readonly Kind[] = ['perfil', 'parlamentares', 'handles', 'tweets', 'raw']
export const HANDLES = 'twitterData.js (LabHacker’s list of deputies’ handles)'

/** Parliamentarians' posts (Parlametria/Leggo tweets) with their posters from the profiles. */
export const about = defineAbout({
  name: 'social',
  description: "Parliamentarians' Twitter/X posts (Parlametria/Leggo CSVs) with their posters from the profiles",
  origin: 'https://github.com/parlametria/leggo-twitter-dados',
  kinds: ORDER.map((k) => ({ name: k, description: k === 'handles' ? HANDLES : CSV[k].description })),
  writes: ['stakeholders', 'social'],
  fetch: {},
})
