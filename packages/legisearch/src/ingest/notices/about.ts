import { defineAbout } from '../define.js'

/** The houses' news (RSS 2.0 feeds, the Câmara's news search answers). */
export const about = defineAbout({
  name: 'notices',
  description: "The legislative houses' news: RSS 2.0 feeds (the Câmara's, the Senado's) and the Câmara's news search answers",
  origin: 'https://www.camara.leg.br/noticias/rss/',
  kinds: [
    { name: 'rss', description: 'an RSS 2.0 news feed (<rss><channel><item>…)' },
    { name: 'search', description: 'a Câmara news search answer ({"hits": {"hits": [{_index, _id, _source}]}})' },
  ],
  writes: ['notices'],
  fetch: {},
})
