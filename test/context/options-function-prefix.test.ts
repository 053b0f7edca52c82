// register(plugin, optionsFunction): as in Fastify 4.25 and 5, the properties set on the
// options function itself (`prefix`, `logLevel`) shape the plugin's context when it is
// created, and onRegister hooks receive the function; the function is then called with the
// child instance and its result is the plugin's options. @fastify/autoload registers its
// plugins this way.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type OptionsFunction = ((instance: ArborInstance) => Record<string, unknown>) & {
  prefix?: string
  logLevel?: string
}

for (const fastifyLine of [4, 5] as const) {
  describe(`options given as a function (Fastify ${fastifyLine} line)`, () => {
    test('the prefix set on the options function prefixes the routes; the function gets the child', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const seen: unknown[] = []
      app.addHook('onRegister', (_instance, opts) => {
        seen.push(typeof opts, (opts as { prefix?: unknown }).prefix)
      })
      const options: OptionsFunction = (instance) => {
        seen.push(`called with prefix ${instance.prefix}`)
        return { greeting: 'hi' }
      }
      options.prefix = '/auto'
      app.register(async (child: ArborInstance, opts: { greeting?: string }) => {
        seen.push(`plugin prefix ${child.prefix}`)
        child.get('/x', async () => opts.greeting)
      }, options)
      await app.ready()
      assert.deepEqual(seen, [
        'function',
        '/auto',
        'called with prefix /auto',
        'plugin prefix /auto',
      ])
      assert.equal((await app.inject('/auto/x')).body, 'hi')
      assert.equal((await app.inject('/x')).statusCode, 404)
    })

    test('nested under a prefix, and with the not-found handler of its prefix', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.register(
        async (api: ArborInstance) => {
          const options: OptionsFunction = () => ({})
          options.prefix = 'v1'
          api.register(async (v1: ArborInstance) => {
            v1.get('/ping', async () => 'pong')
            v1.setNotFoundHandler(async (_request, reply) => reply.code(404).send('v1 missing'))
          }, options)
        },
        { prefix: '/api' },
      )
      assert.equal((await app.inject('/api/v1/ping')).body, 'pong')
      assert.equal((await app.inject('/api/v1/nope')).body, 'v1 missing')
    })

    test("the logLevel set on the options function is the level of the plugin's routes", async (t) => {
      const { lines, stream } = captureLogs<{ msg: string }>()
      const app = arbor({ fastifyLine, logger: { level: 'info', stream } })
      t.after(() => app.close())
      const options: OptionsFunction = () => ({})
      options.logLevel = 'warn'
      app.register(async (quiet: ArborInstance) => {
        quiet.get('/quiet', async (request) => {
          request.log.info('info line')
          return 'ok'
        })
      }, options)
      await app.inject('/quiet')
      assert.deepEqual(
        lines.map((line) => line.msg),
        [],
      )
    })
  })
}
