/**
 * After `tsup`: the licences of the packages bundled into dist/ (read from esbuild's metafiles,
 * which are then removed), written to dist/THIRD_PARTY_LICENSES.md with each package's name,
 * version, licence and licence text.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const metafiles = readdirSync(dist).filter((f) => /^metafile-.*\.json$/.test(f))
if (metafiles.length === 0) throw new Error('licenses: no esbuild metafile in dist/ (tsup.config.ts sets metafile: true)')

/** The folder of each bundled package, by the input paths under node_modules. */
const folders = new Set<string>()
for (const file of metafiles) {
  const meta = JSON.parse(readFileSync(join(dist, file), 'utf8')) as { inputs: Record<string, unknown> }
  for (const input of Object.keys(meta.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)
    if (m) folders.add(fileURLToPath(new URL(`../${m[1]}/`, import.meta.url)))
  }
  rmSync(join(dist, file))
}

const sections = [...folders]
  .map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string; version: string; license?: string }
    const file = readdirSync(folder).find((f) => /^licen[cs]e/i.test(f))
    const text =
      file && existsSync(join(folder, file))
        ? readFileSync(join(folder, file), 'utf8').trim()
        : `(no licence file; package.json says ${manifest.license ?? 'nothing'})`
    return {
      name: manifest.name,
      text: `## ${manifest.name} ${manifest.version} (${manifest.license ?? 'no licence field'})\n\n\`\`\`\n${text}\n\`\`\`\n`,
    }
  })
  .sort((a, b) => a.name.localeCompare(b.name))

writeFileSync(
  join(dist, 'THIRD_PARTY_LICENSES.md'),
  `# Packages bundled into legisearch's build\n\n${sections.map((s) => s.text).join('\n')}`,
)
console.log(`licenses: ${sections.length} bundled packages in dist/THIRD_PARTY_LICENSES.md`)
