// `npm run test:fastify5-line`: the spec's statements hold in both Fastify lines. Runs every test
// file that checks a spec section (its test titles name the section, as the project's tests
// do) a second time, with the app factory of the Fastify 5 line (test/helpers/fastify5-line.ts).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
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
    // test/ecosystem-stand-in/nest is an npm workspace: packages of its own, not tests
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
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
// Dots on the terminal (stderr); the TAP report on stdout, read here for the counts printed at
// the end (CI logs show them per Node line).
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
    // as test:unit: a test that hangs fails instead of holding the run
    '--test-timeout=120000',
    '--test-reporter=dot',
    '--test-reporter-destination=stderr',
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    ...files,
  ],
  { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
)
const report = run.stdout ?? ''
// The runner's own totals are the last `# pass N` / `# fail N` lines of the report.
const count = (name: string) =>
  report
    .match(new RegExp(`^# ${name} (\\d+)$`, 'gm'))
    ?.at(-1)
    ?.split(' ')[2]
const passed = count('pass')
const failed = count('fail')
console.log(`\nFastify 5 line: ${passed ?? '?'} passed, ${failed ?? '?'} failed`)
if (passed === undefined || failed === undefined) {
  // no totals: the runner died before its report ended, which is a failure whatever its status
  console.error(run.error ?? 'the test runner ended without its totals')
  process.exit(1)
}
if (failed !== '0') console.log(failures(report))
process.exit(run.status ?? 1)

/** Each failing test's TAP block (its `not ok` line to the end of its YAML), for the log. */
function failures(tap: string): string {
  const blocks = tap.match(/^ *not ok .*\n(?: +---\n[\s\S]*?\n +\.\.\.\n)?/gm) ?? []
  return blocks.join('')
}
