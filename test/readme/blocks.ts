/**
 * The TypeScript code blocks of a Markdown file (the README's examples), as the README examples'
 * test (readme-examples.test.ts) reads them. A block is a fence opened by ```ts (indented or not)
 * and closed by ``` at the same indentation. Its info string after `ts` is empty (the block runs)
 * or `not-runnable: <reason>` (the block is type-checked but not run, and says why).
 */

/** One ```ts block. */
export interface CodeBlock {
  /** The 1-based line of its opening fence. */
  readonly line: number
  /** Its code, without the fence's indentation, ending with a newline. */
  readonly code: string
  /** Why it is not run (`not-runnable: <reason>`), or undefined when it runs. */
  readonly notRunnable: string | undefined
}

/** The info string's marker of a block that is type-checked but not run. */
const NOT_RUNNABLE = /^not-runnable:(.*)$/

/**
 * Every ```ts block of `markdown`, in order. Throws on a block left open, an unknown info string or
 * a `not-runnable:` without a reason.
 * @example tsBlocks('# x\n```ts\nconsole.log(1)\n```\n') // [{ line: 2, code: 'console.log(1)\n', notRunnable: undefined }]
 */
export function tsBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n')
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*(.*)$/.exec(lines[i] ?? '')
    if (!open) continue
    const [, indent = '', lang, info = ''] = open
    const close = lines.findIndex((l, j) => j > i && l === `${indent}\`\`\``)
    if (close === -1) throw new Error(`line ${i + 1}: the code block opened here is never closed`)
    if (lang === 'ts' || lang === 'typescript') {
      let notRunnable: string | undefined
      if (info !== '') {
        const marker = NOT_RUNNABLE.exec(info)
        if (!marker)
          throw new Error(`line ${i + 1}: unknown info string after \`\`\`ts: "${info}" (allowed: none, or "not-runnable: <reason>")`)
        notRunnable = (marker[1] ?? '').trim()
        if (notRunnable === '') throw new Error(`line ${i + 1}: "not-runnable:" without a reason`)
      }
      const code = lines
        .slice(i + 1, close)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join('\n')
      blocks.push({ line: i + 1, code: `${code}\n`, notRunnable })
    }
    i = close
  }
  return blocks
}
