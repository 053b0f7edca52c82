// BENCHMARKS.md is hand-written around a few generated blocks: each runner rewrites only its
// own block, between its begin and end markers, and leaves the text around it as it is.
import { readFileSync, writeFileSync } from 'node:fs'

export interface Block {
  /** The first line of the block, e.g. `<!-- curves:begin (written by bench/curves; edit there) -->`. */
  begin: string
  /** Its last line, e.g. `<!-- curves:end -->`. */
  end: string
}

/** The text with the block replaced (markers included), or appended when it has no such block. */
export function replaceBlock(text: string, block: Block, body: string): string {
  const section = `${block.begin}\n${body.trim()}\n${block.end}`
  const begin = text.indexOf(block.begin)
  const end = text.indexOf(block.end, begin)
  if (begin < 0 || end < 0) return `${text.trimEnd()}\n\n${section}\n`
  return text.slice(0, begin) + section + text.slice(end + block.end.length)
}

export function writeBlock(file: string, block: Block, body: string): void {
  writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), block, body))
}
