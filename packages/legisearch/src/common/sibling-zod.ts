/**
 * The part of the library's zod that the sibling packages build their schemas with (`z` of
 * `legisearch/internal`), re-exported by name: zod's whole namespace would bring all its locales
 * (~360 KB) into the chunk that `import('legisearch')` loads. A sibling that needs more of zod adds
 * the name here (the typecheck says which).
 */
export { array, boolean, custom, int, literal, strictObject, string, toJSONSchema, union } from 'zod'
