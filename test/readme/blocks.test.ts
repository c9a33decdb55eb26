import { describe, expect, it } from 'vitest'
import { tsBlocks } from './blocks.js'

describe('tsBlocks: the README examples’ extractor', () => {
  it('finds ```ts blocks with their line, indented ones without their indentation, and skips other languages', () => {
    const md = [
      '# x',
      '```sh',
      'ls',
      '```',
      '```ts',
      'const a = 1',
      '```',
      '- item',
      '  ```ts',
      '  const b = 2',
      '    .toString()',
      '  ```',
    ].join('\n')
    expect(tsBlocks(md)).toEqual([
      { line: 5, code: 'const a = 1\n', notRunnable: undefined },
      { line: 9, code: 'const b = 2\n  .toString()\n', notRunnable: undefined },
    ])
  })

  it('reads `not-runnable: <reason>` and refuses a marker without a reason, or another info string', () => {
    expect(tsBlocks('```ts not-runnable: needs a server\nx()\n```\n')[0]?.notRunnable).toBe('needs a server')
    expect(() => tsBlocks('```ts not-runnable:\nx()\n```\n')).toThrow('line 1: "not-runnable:" without a reason')
    expect(() => tsBlocks('```ts skip\nx()\n```\n')).toThrow('unknown info string')
  })

  it('refuses a block never closed', () => {
    expect(() => tsBlocks('text\n```ts\nx()\n')).toThrow('line 2: the code block opened here is never closed')
  })
})
