export { fold } from './fold.js'
export { stem } from './stem.js'
export { tokenize, type Token } from './tokenize.js'
export { MATCH_MODES, matchModeOf, streamOf, termOf, termsOf, type MatchMode } from './modes.js'
