// Human-readable logs at a developer's terminal (docs/getting-started.md "Logging"): pino-pretty
// through pino's transport when stdout is a TTY outside production, JSON everywhere else.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'
import { typescriptChild } from '../helpers/typescript-child.ts'

const run = promisify(execFile)
const child = fileURLToPath(new URL('./fixtures/log-to-stdout.ts', import.meta.url))

/** The child's stdout, colours removed, for a logger option, a terminal or not, and a NODE_ENV. */
async function childOutput(option: unknown, tty: boolean, nodeEnv?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOGGER_OPTION: JSON.stringify(option) }
  env.FAKE_TTY = tty ? '1' : '0'
  if (nodeEnv === undefined) delete env.NODE_ENV
  else env.NODE_ENV = nodeEnv
  const { stdout } = await run(process.execPath, [...typescriptChild, child], { env })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  return stdout.replace(/\u001b\[[0-9;]*m/g, '')
}

function assertJson(output: string): void {
  const line = JSON.parse(output.trim()) as Record<string, unknown>
  assert.equal(line.msg, 'hello from the child')
  assert.equal(line.level, 30)
}

function assertPretty(output: string): void {
  assert.throws(() => JSON.parse(output.trim()), SyntaxError, output)
  assert.match(output, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: hello from the child$/m)
}

describe('logger: human-readable lines at a terminal', () => {
  test('logger: true at a terminal outside production prints pino-pretty lines', async () => {
    assertPretty(await childOutput(true, true))
  })

  test('logger options without a stream at a terminal print pino-pretty lines too', async () => {
    assertPretty(await childOutput({ level: 'info' }, true, 'development'))
  })

  test('logger: true with stdout not a terminal stays JSON (the default for servers and CI)', async () => {
    assertJson(await childOutput(true, false))
  })

  test("logger: true at a terminal with NODE_ENV='production' stays JSON", async () => {
    assertJson(await childOutput(true, true, 'production'))
  })

  test('logger: { pretty: false } at a terminal forces JSON', async () => {
    assertJson(await childOutput({ pretty: false }, true))
  })

  test('logger: { pretty: true } with stdout not a terminal forces pino-pretty lines', async () => {
    assertPretty(await childOutput({ pretty: true }, false, 'production'))
  })
})

describe('logger: a stream of the application', () => {
  test('a logger stream gets JSON lines unless pretty is asked for', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { stream } })
    t.after(() => app.close())
    app.log.info('to the stream')
    assert.equal(lines.length, 1)
    assert.equal(lines[0]!.msg, 'to the stream')
  })

  test('logger: { pretty: true, stream } writes pino-pretty lines into the stream', async (t) => {
    const chunks: string[] = []
    const stream = { write: (msg: string) => void chunks.push(msg) }
    const app = arbor({ logger: { pretty: true, stream } })
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    await app.inject('/')
    const text = chunks.join('')
    assert.match(text, /^\[[\d:.]+\] INFO: incoming request \{"reqId":"req-1",/m)
    assert.match(text, /^\[[\d:.]+\] INFO: request completed \{"reqId":"req-1",/m)
    assert.doesNotMatch(text, /^\{/m)
  })

  test('logger: { pretty: "yes" } is refused with FST_ERR_INIT_OPTS_INVALID', () => {
    assert.throws(() => arbor({ logger: { pretty: 'yes' as never } }), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
  })
})
