// `disableRequestLogging` as a function of the request (Fastify 5, in every line). What else it
// silences differs by line: test/lines/disable-request-logging.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import type { ArborRequest } from '../../src/types/instance.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = { msg: string; reqId?: string }

const silentHealth = (request: ArborRequest) => request.url.startsWith('/health')

describe('disableRequestLogging as a function', () => {
  for (const fastifyLine of [4, 5] as const) {
    test(`true for a request silences its incoming and completed lines only (Fastify ${fastifyLine} line)`, async (t) => {
      const { lines, stream } = captureLogs<Line>()
      const app = arbor({
        fastifyLine,
        logger: { level: 'info', stream },
        disableRequestLogging: silentHealth,
      })
      t.after(() => app.close())
      app.get('/health', async (request) => {
        request.log.info('own line')
        return 'ok'
      })
      app.get('/work', async () => 'ok')
      await app.inject('/health')
      await app.inject('/work')
      assert.deepEqual(
        lines.map((l) => l.msg),
        ['own line', 'incoming request', 'request completed'],
      )
    })
  }

  test('it is given the request, decorations included', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const seen: unknown[] = []
    const app = arbor({
      logger: { level: 'info', stream },
      disableRequestLogging: (request) => {
        seen.push((request as ArborRequest & { quiet: boolean }).quiet)
        return (request as ArborRequest & { quiet: boolean }).quiet
      },
    })
    t.after(() => app.close())
    app.decorateRequest('quiet', true)
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(lines, [])
    assert.ok(seen.length > 0 && seen.every((q) => q === true))
  })

  test('it is asked at each line: a request marked quiet by an onRequest hook logs its incoming line only', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({
      logger: { level: 'info', stream },
      disableRequestLogging: (request) => (request as ArborRequest & { quiet: boolean }).quiet,
    })
    t.after(() => app.close())
    app.decorateRequest('quiet', false)
    app.addHook('onRequest', async (request) => {
      ;(request as ArborRequest & { quiet: boolean }).quiet = true
    })
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request'],
    )
  })

  test('a request answered by frameworkErrors (bad URL) is logged unless the function says no', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({
      logger: { level: 'info', stream },
      disableRequestLogging: (request) => request.url.includes('silent'),
      frameworkErrors(error, _request, reply) {
        reply.send(`${error.message} - ${(error as Error & { code: string }).code}`)
      },
    })
    t.after(() => app.close())
    app.get('/test/:id', async () => 'ok')
    const loud = await app.inject('/test/%world')
    assert.equal(loud.body, "'/test/%world' is not a valid url component - FST_ERR_BAD_URL")
    await app.inject('/silent/%world')
    assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 1)
  })

  test('initialConfig shows the function, as Fastify 5 does', (t) => {
    const app = arbor({ disableRequestLogging: silentHealth })
    t.after(() => app.close())
    assert.equal(app.initialConfig.disableRequestLogging, silentHealth)
    assert.ok(Object.isFrozen(app.initialConfig))
  })

  test('a value that is neither boolean nor function is still refused', () => {
    assert.throws(() => arbor({ disableRequestLogging: 'yes' as unknown as boolean }), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
  })
})
