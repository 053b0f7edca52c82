import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { test } from 'node:test'
import { parseArgs } from '../../src/cli/args.ts'
import { RestartPolicy } from '../../src/cli/restart-policy.ts'
import { UsageError } from '../../src/cli/usage-error.ts'

test('flags win over the environment, which wins over the defaults', () => {
  const none = parseArgs(['start', 'app.js'], {})
  assert.equal(none.port, 3000)
  assert.equal(none.host, '127.0.0.1')
  assert.equal(none.logLevel, undefined)
  assert.equal(none.workers, 0)
  assert.equal(none.graceMs, 10_000)
  const env = { PORT: '8080', HOST: '0.0.0.0', LOG_LEVEL: 'debug' }
  const fromEnv = parseArgs(['start', 'app.js'], env)
  assert.deepEqual([fromEnv.port, fromEnv.host, fromEnv.logLevel], [8080, '0.0.0.0', 'debug'])
  const flags = parseArgs(['start', '-p', '81', '--host=::1', '-l', 'warn', 'app.js'], env)
  assert.deepEqual([flags.port, flags.host, flags.logLevel], [81, '::1', 'warn'])
})

test('--workers auto is the available parallelism; --workers N a count', () => {
  assert.equal(
    parseArgs(['start', 'a.js', '--workers', 'auto'], {}).workers,
    availableParallelism(),
  )
  assert.equal(parseArgs(['start', 'a.js', '--workers=3'], {}).workers, 3)
  assert.throws(() => parseArgs(['start', 'a.js', '--workers', 'many'], {}), UsageError)
})

test('--options alone uses the module export; with JSON, the JSON goes over it', () => {
  assert.deepEqual(parseArgs(['start', 'a.js', '-o'], {}).options, { fromModule: true, json: {} })
  assert.deepEqual(parseArgs(['start', '--options', '{"bodyLimit":10}', 'a.js'], {}).options, {
    fromModule: true,
    json: { bodyLimit: 10 },
  })
  assert.throws(
    () => parseArgs(['start', 'a.js', '--options', '{nope'], {}),
    /must be a JSON object/,
  )
})

test("what follows -- becomes the plugin options, flags there are not the CLI's", () => {
  const args = parseArgs(['start', 'a.js', '--', '--port', '1', '--verbose', '--name=x'], {})
  assert.equal(args.port, 3000)
  assert.deepEqual(args.pluginOptions, { port: '1', verbose: true, name: 'x' })
  assert.throws(() => parseArgs(['start', 'a.js', '--', 'loose'], {}), /--name value pairs/)
})

test('a flag without its value, a value on a switch, a second app: usage errors', () => {
  assert.throws(() => parseArgs(['start', 'a.js', '--port'], {}), /--port needs a value/)
  assert.throws(() => parseArgs(['start', 'a.js', '--watch=yes'], {}), /--watch takes no value/)
  assert.throws(() => parseArgs(['start', 'a.js', 'b.js'], {}), /takes one <app>/)
  assert.throws(() => parseArgs(['start', 'a.js', '--fastify-line', '6'], {}), /must be 4 or 5/)
  assert.throws(() => parseArgs(['start', 'a.js', '-l', 'loud'], {}), /log level must be one of/)
})

test('the restart back-off doubles per failure in a row, caps, stops at the limit and resets', () => {
  const policy = new RestartPolicy({ baseMs: 100, maxMs: 500, limit: 5 })
  assert.deepEqual(
    Array.from({ length: 6 }, () => policy.next()),
    [100, 200, 400, 500, 500, null],
  )
  policy.stable()
  assert.equal(policy.next(), 100)
})
