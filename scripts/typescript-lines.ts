// The TypeScript lines arbor's types are checked on (docs/typescript.md "Supported TypeScript
// lines"), each with its compiler. The compilers are called by path: the aliased devDependencies
// `typescript-5.9` and `typescript-6.0` also link a `tsc` into node_modules/.bin, so `npx tsc`
// may run either of them instead of the `typescript` package (7.0).
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const modules = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules')

export interface TypeScriptLine {
  /** `5.9`, `6.0`, `7.0` */
  line: string
  /** the compiler's bin/tsc, run with `node` */
  tsc: string
  /** TypeScript 7 checks on several threads unless told not to; older lines have no such flag */
  singleThreadedFlag: string[]
}

export const typescriptLines: TypeScriptLine[] = [
  { line: '5.9', tsc: join(modules, 'typescript-5.9', 'bin', 'tsc'), singleThreadedFlag: [] },
  { line: '6.0', tsc: join(modules, 'typescript-6.0', 'bin', 'tsc'), singleThreadedFlag: [] },
  {
    line: '7.0',
    tsc: join(modules, 'typescript', 'bin', 'tsc'),
    singleThreadedFlag: ['--singleThreaded'],
  },
]

/** The lines named in `--lines 5.9,7.0` (all when absent). */
export function selectLines(names: string | undefined): TypeScriptLine[] {
  if (names === undefined) return typescriptLines
  const wanted = names.split(',')
  const unknown = wanted.filter((name) => !typescriptLines.some((l) => l.line === name))
  if (unknown.length > 0) throw new Error(`unknown TypeScript line: ${unknown.join(', ')}`)
  return typescriptLines.filter((l) => wanted.includes(l.line))
}
