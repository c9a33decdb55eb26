export { fold } from './fold.js'
export { stem } from './stem.js'
export { tokenize, type Token } from './tokenize.js'
export { MATCH_MODES, matchModeOf, termOf, type MatchMode } from './modes.js'
