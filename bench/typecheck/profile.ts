// Where a project's type instantiations go: compiles it with TypeScript 5.9, patched in a
// temporary copy to count each instantiation by the declaration it instantiates (an alias, an
// interface, a conditional type, at file:line), and prints the largest counts. Run it on the
// 200-route app and on a one-route app and divide the difference to get one route's cost by type
// (docs/performance-method.md "Type instantiations, counted by type").
//
//   npx tsx bench/typecheck/profile.ts <project dir or tsconfig> [--top 40]
//
// A laboratory tool: it edits the compiler's source text, so a TypeScript release may move the
// function it patches; it then says so and stops.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { selectLines } from '../../scripts/typescript-lines.ts'

const project = process.argv[2]
if (project === undefined || project.startsWith('--')) {
  console.log('usage: npx tsx bench/typecheck/profile.ts <project dir or tsconfig> [--top N]')
  process.exit(project === undefined ? 1 : 0)
}
const topAt = process.argv.indexOf('--top')
const top = topAt === -1 ? 40 : Number(process.argv[topAt + 1])

// The one place every instantiation is counted (`instantiationCount++`), in checker.ts'
// instantiateTypeWithAlias; the counter is keyed by the declaration of the type instantiated.
const counted = '    totalInstantiationCount++;\n'
const counter = `${counted}    globalThis.__count?.(type);\n`

function declarationOf(type: {
  aliasSymbol?: Sym
  symbol?: Sym
  root?: { node: Decl }
  flags: number
}): string {
  const symbol = type.aliasSymbol ?? type.symbol
  const declaration = symbol?.declarations?.[0] ?? type.root?.node
  // the types without a declaration of their own, by kind (TypeScript's TypeFlags)
  const kinds: Record<number, string> = {
    262144: 'type parameter',
    524288: 'object',
    1048576: 'union',
    2097152: 'intersection',
    4194304: 'keyof',
    8388608: 'indexed access',
    33554432: 'substitution',
  }
  const name = symbol
    ? String(symbol.escapedName)
    : type.root
      ? 'conditional'
      : (kinds[type.flags] ?? `flags ${type.flags}`)
  if (declaration === undefined) return name
  let file: Decl = declaration
  while (file.parent) file = file.parent
  const line = file.text ? file.text.slice(0, declaration.pos).split('\n').length : 0
  const path = (file.fileName ?? '?')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*arbor-ts-profile-[^/]+\//, 'typescript/')
  return `${name} ${path}:${line}`
}
interface Sym {
  escapedName: unknown
  declarations?: Decl[]
}
interface Decl {
  parent?: Decl
  pos: number
  text?: string
  fileName?: string
}

const typescript = dirname(selectLines('5.9')[0]!.tsc) // …/typescript-5.9/bin
const copy = mkdtempSync(join(tmpdir(), 'arbor-ts-profile-'))
try {
  cpSync(join(typescript, '..'), copy, { recursive: true })
  const checker = join(copy, 'lib', '_tsc.js')
  const source = readFileSync(checker, 'utf8')
  if (source.split(counted).length !== 2) {
    throw new Error(
      'profile: this TypeScript release counts instantiations elsewhere; update the patch',
    )
  }
  writeFileSync(checker, source.replace(counted, counter))
  const preload = join(copy, 'count.cjs')
  writeFileSync(
    preload,
    `const counts = new Map()
const declarationOf = ${declarationOf.toString()}
globalThis.__count = (type) => {
  const key = declarationOf(type)
  counts.set(key, (counts.get(key) ?? 0) + 1)
}
process.on('exit', () => {
  const rows = [...counts].sort((a, b) => b[1] - a[1])
  const total = rows.reduce((sum, [, n]) => sum + n, 0)
  console.log('instantiations: ' + total.toLocaleString('en-US'))
  for (const [key, n] of rows.slice(0, ${top})) console.log(String(n).padStart(9) + '  ' + key)
})
`,
  )
  const run = spawnSync(
    process.execPath,
    ['--require', preload, join(copy, 'bin', 'tsc'), '-p', project, '--noEmit'],
    { encoding: 'utf8' },
  )
  process.stdout.write(run.stdout)
  process.stderr.write(run.stderr)
  process.exitCode = run.status ?? 1
} finally {
  rmSync(copy, { recursive: true, force: true })
}
