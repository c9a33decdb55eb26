/**
 * After `tsup`, the library's declarations made to stand alone:
 * - zod's type declarations (the .d.cts files reachable from its entry, and its licence) are copied
 *   into dist/vendor/zod/ and the library's declarations point at them, so that the public types
 *   (the schemas, and the types inferred from them) need no zod installed — zod's code is bundled;
 * - each declaration file names the Node types it uses (`/// <reference types="node" />`: Buffer,
 *   streams, addresses), so a project with `types: []` still finds them (in @types/node).
 */
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const zodRoot = dirname(createRequire(import.meta.url).resolve('zod/package.json'))
const vendor = join(dist, 'vendor', 'zod')

/** Copies `file` (under zod's folder) and every declaration it imports, once each. */
function copyReachable(file: string, seen = new Set<string>()): number {
  if (seen.has(file)) return 0
  seen.add(file)
  const to = join(vendor, relative(zodRoot, file))
  mkdirSync(dirname(to), { recursive: true })
  copyFileSync(file, to)
  for (const m of readFileSync(file, 'utf8').matchAll(/from\s+["'](\.[^"']+)["']/g)) {
    copyReachable(resolve(dirname(file), (m[1] as string).replace(/\.cjs$/, '.d.cts')), seen)
  }
  return seen.size
}

const copied = copyReachable(join(zodRoot, 'index.d.cts'))
copyFileSync(join(zodRoot, 'LICENSE'), join(vendor, 'LICENSE'))

let pointed = 0
for (const name of readdirSync(dist)) {
  if (!/\.d\.c?ts$/.test(name)) continue
  const path = join(dist, name)
  const text = readFileSync(path, 'utf8')
  const next = (text.startsWith('/// <reference types="node" />') ? text : `/// <reference types="node" />\n${text}`)
    .replace(/(from|import) ['"]zod['"]/g, "$1 './vendor/zod/index.cjs'")
    .replace(/(from|import) ['"]zod\/v4\/core['"]/g, "$1 './vendor/zod/v4/core/index.cjs'")
  if (next !== text) {
    writeFileSync(path, next)
    pointed++
  }
}
console.log(`declarations: ${copied} zod declarations in dist/vendor/zod, ${pointed} declaration files pointed at them and at Node's types`)
