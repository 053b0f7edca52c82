// `app.log` is a writable property, as Fastify's is in 4.25 and 5 (mercurius's tests assign
// it): the value assigned is what `log` reads in that context and in the contexts below that
// did not assign their own; request and reply loggers are still built from the application's
// logger.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'
import type { ArborLogger } from '../../src/types/logger.ts'
import { captureLogs } from '../helpers/log-capture.ts'

/** A logger that records its info lines, to tell it from the application's. */
function recordingLogger(): { logger: ArborLogger; lines: string[] } {
  const lines: string[] = []
  const logger = {
    level: 'info',
    info: (msg: string) => lines.push(msg),
    error() {},
    warn() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => logger,
  } as unknown as ArborLogger
  return { logger, lines }
}

for (const fastifyLine of [4, 5] as const) {
  describe(`app.log is assignable (Fastify ${fastifyLine} line)`, () => {
    test('assigning app.log makes app.log read the assigned logger', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const { logger, lines } = recordingLogger()
      app.log = logger
      assert.equal(app.log, logger)
      app.log.info('hello')
      assert.deepEqual(lines, ['hello'])
    })

    test("a child reads its parent's assigned logger; its own assignment stays in it and below", async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const root = recordingLogger().logger
      const own = recordingLogger().logger
      app.log = root
      const seen: Record<string, unknown> = {}
      app.register(async (child: ArborInstance) => {
        seen.childBefore = child.log
        child.log = own
        seen.child = child.log
        child.register(async (grandchild: ArborInstance) => {
          seen.grandchild = grandchild.log
        })
        child.register(
          plugin(async (wrapped: ArborInstance) => {
            seen.wrapped = wrapped.log
          }),
        )
      })
      app.register(async (sibling: ArborInstance) => {
        seen.sibling = sibling.log
      })
      await app.ready()
      assert.equal(seen.childBefore, root)
      assert.equal(seen.child, own)
      assert.equal(seen.grandchild, own)
      assert.equal(seen.wrapped, own)
      assert.equal(seen.sibling, root)
      assert.equal(app.log, root)
    })

    test("request.log and reply.log stay the application's logger's children", async (t) => {
      const { lines, stream } = captureLogs<{ msg: string }>()
      const app = arbor({ fastifyLine, logger: { level: 'info', stream } })
      t.after(() => app.close())
      const assigned = recordingLogger()
      app.log = assigned.logger
      app.get('/', async (request, reply) => {
        request.log.info('from request.log')
        reply.log.info('from reply.log')
        return { same: request.log === app.log }
      })
      const response = await app.inject('/')
      assert.deepEqual(response.json(), { same: false })
      const messages = lines.map((line) => line.msg)
      assert.ok(messages.includes('from request.log'))
      assert.ok(messages.includes('from reply.log'))
      assert.deepEqual(assigned.lines, [])
    })

    test("decorate('log') is refused at the root, as the root's log is its own", (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      assert.throws(() => app.decorate('log', recordingLogger().logger), {
        code: 'FST_ERR_DEC_ALREADY_PRESENT',
      })
    })
  })
}
