// `npm run test:fastify5-line`: the spec's statements hold in both Fastify lines. Runs every test
// file that checks a spec section (its test titles name the section, as the project's tests
// do) a second time, with the app factory of the Fastify 5 line (test/helpers/fastify5-line.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The spec's sections, as test titles name them.
const sections = [
  'Encapsulation rules',
  'Behaviour of the three-context scenario',
  'Context / plugin',
  'Shared schema',
  'Route schema object',
  'Response schema keys',
  'Route options',
  'Request and reply members',
  'Validation error',
  'States and transitions',
  'Endpoints',
  'Validation behaviour per route',
  'Validation failure payload',
  'Reference resolution',
  'Validator compiler',
  'Serializer compiler',
  'Error formatting hooks',
  'Authentication',
  'Security rules for schemas',
  'Limits',
]

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const files = testFiles('test')
  .filter((file) => !file.startsWith(join('test', 'lines')))
  .filter((file) => {
    const source = readFileSync(file, 'utf8')
    return sections.some((section) => source.includes(`${section}`))
  })
  .sort()

console.log(`Fastify 5 line: ${files.length} test files that check spec sections`)
// Dots on the terminal; a TAP copy to a file, for the counts printed at the end (CI logs show
// them per Node line).
const tapDir = mkdtempSync(join(tmpdir(), 'arbor-fastify5-line-'))
const tap = join(tapDir, 'report.tap')
const run = spawnSync(
  process.execPath,
  [
    // The unit tests' loader (package.json test:unit, scripts/test-loader/register.mjs).
    '--import',
    './scripts/test-loader/register.mjs',
    '--import',
    './test/helpers/fastify5-line.ts',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=dot',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ],
  { stdio: 'inherit' },
)
const report = existsSync(tap) ? readFileSync(tap, 'utf8') : ''
rmSync(tapDir, { recursive: true, force: true })
// The runner's own totals are the last `# pass N` / `# fail N` lines of the report.
const count = (name: string) =>
  report
    .match(new RegExp(`^# ${name} (\\d+)$`, 'gm'))
    ?.at(-1)
    ?.split(' ')[2]
console.log(`\nFastify 5 line: ${count('pass') ?? '?'} passed, ${count('fail') ?? '?'} failed`)
process.exit(run.status ?? 1)
