/**
 * A value shared by every copy of the library loaded in one process (its ES module and CommonJS
 * builds, or two installed versions): kept on `globalThis` under a symbol of the global registry,
 * made by the first copy that asks.
 *
 * @example const ingesting = processShared('ingesting', () => new Map<string, number>())
 */
export function processShared<T>(name: string, make: () => T): T {
  const key = Symbol.for(`legisearch.${name}`)
  const store = globalThis as unknown as Record<symbol, T | undefined>
  return (store[key] ??= make())
}
