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
const run = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    './test/helpers/fastify5-line.ts',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=dot',
    ...files,
  ],
  { stdio: 'inherit' },
)
process.exit(run.status ?? 1)
