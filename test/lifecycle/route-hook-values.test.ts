// Route options' hooks given as something other than a function, as Fastify 4.25 and 5 treat
// them (lib/route.js): `undefined` (or an empty array) is no hook; `null` and every other value
// are refused with FST_ERR_HOOK_INVALID_HANDLER, described as `[object Null]`, but only after
// the context's onRoute hooks ran, so an onRoute hook may still replace them. addHook prints a
// `null` or `undefined` as is. (Fastify's addHook takes any other value without a check and
// fails on the first request; arbor refuses it at once.)
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, type RouteOptions } from '../../src/index.ts'

type Options = Record<string, unknown>

/** The error of adding a GET / route with `options` (then readying the app), or 'ok'. */
async function outcome(
  app: ArborInstance,
  options: Options,
): Promise<{ code?: unknown; message?: string } | string> {
  try {
    app.get('/', options as never, async () => 'ok')
    await app.ready()
    return (await app.inject('/')).body
  } catch (err) {
    return { code: (err as { code?: unknown }).code, message: (err as Error).message }
  }
}

for (const fastifyLine of [4, 5] as const) {
  describe(`route option hooks that are not functions (Fastify ${fastifyLine} line)`, () => {
    test('undefined and an empty array are no hook: the route answers', async () => {
      for (const value of [undefined, []]) {
        const app = arbor({ fastifyLine })
        assert.equal(await outcome(app, { onRequest: value, preHandler: value }), 'ok')
        await app.close()
      }
    })

    test('null, false, a number, a string and null in an array are refused as Fastify describes them', async () => {
      const cases: Array<[unknown, string]> = [
        [null, '[object Null]'],
        [false, '[object Boolean]'],
        [0, '[object Number]'],
        ['', '[object String]'],
        [[null], '[object Null]'],
        [[async () => {}, undefined], '[object Undefined]'],
      ]
      for (const [value, described] of cases) {
        const app = arbor({ fastifyLine })
        assert.deepEqual(await outcome(app, { onRequest: value }), {
          code: 'FST_ERR_HOOK_INVALID_HANDLER',
          message: `onRequest hook should be a function, instead got ${described}`,
        })
        await app.close()
      }
    })

    test('an onRoute hook runs before the check: it may replace a null hook, and one it sets to null is refused', async () => {
      const fixed = arbor({ fastifyLine })
      const calls: string[] = []
      fixed.addHook('onRoute', (routeOptions: RouteOptions) => {
        if (routeOptions.onRequest === null) {
          routeOptions.onRequest = async () => {
            calls.push('onRequest')
          }
        }
      })
      assert.equal(await outcome(fixed, { onRequest: null }), 'ok')
      assert.deepEqual(calls, ['onRequest'])
      await fixed.close()

      const broken = arbor({ fastifyLine })
      broken.addHook('onRoute', (routeOptions: RouteOptions) => {
        ;(routeOptions as unknown as Options).preHandler = null
      })
      assert.deepEqual(await outcome(broken, {}), {
        code: 'FST_ERR_HOOK_INVALID_HANDLER',
        message: 'preHandler hook should be a function, instead got [object Null]',
      })
      await broken.close()
    })

    test('addHook with null or undefined names the value as is; with another value as [object Type]', () => {
      const app = arbor({ fastifyLine })
      const add = app.addHook as unknown as (name: string, fn: unknown) => void
      for (const [value, described] of [
        [null, 'null'],
        [undefined, 'undefined'],
        [42, '[object Number]'],
      ] as const) {
        assert.throws(() => add.call(app, 'onRequest', value), {
          code: 'FST_ERR_HOOK_INVALID_HANDLER',
          message: `onRequest hook should be a function, instead got ${described}`,
        })
      }
    })
  })
}
