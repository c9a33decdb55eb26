import { UN_CONSOLIDATED_LIST_URL } from '../../watchlist/list-url.js'
import { defineAbout } from '../define.js'

/** The UN Security Council Consolidated List (the sanctions watchlist), reconciled as `reconcileWatchlist` does. */
export const about = defineAbout({
  name: 'un',
  description: 'The UN Security Council Consolidated List (XML), reconciled into the sanctions watchlist',
  origin: UN_CONSOLIDATED_LIST_URL,
  kinds: [
    { name: 'consolidated-list', description: 'consolidated.xml (the UN Security Council Consolidated List, root <CONSOLIDATED_LIST>)' },
  ],
  writes: ['watchlist'],
  fetch: {},
})
