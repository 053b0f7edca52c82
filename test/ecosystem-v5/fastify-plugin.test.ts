// fastify-plugin 5 on arbor, in both lines: the marks it sets (skip-override, display name,
// meta) are read by arbor's plugin loader as Fastify 5 reads them: no encapsulation by default,
// encapsulate: true keeps one, the fastify range, the dependencies and the decorators declared.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fp from 'fastify-plugin-v5'
import type { ArborInstance } from '../../src/index.ts'
import { lines, overHttp } from './lines.ts'

for (const line of lines) {
  test(`fastify-plugin 5 (${line.name}): a wrapped plugin decorates its parent, encapsulate: true does not`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    const shared = fp(
      async (instance: ArborInstance) => {
        instance.decorate('shared', 'visible')
        instance.decorateRequest('tenant', 'acme')
      },
      { fastify: '5.x', name: 'shared' },
    )
    const kept = fp(async (instance: ArborInstance) => instance.decorate('kept', 'inside'), {
      name: 'kept',
      encapsulate: true,
    })
    await app.register(shared)
    await app.register(kept)
    app.get('/', async (request) => ({
      shared: (app as unknown as { shared?: string }).shared,
      kept: (app as unknown as { kept?: string }).kept ?? null,
      tenant: (request as unknown as { tenant: string }).tenant,
    }))
    assert.equal(app.hasPlugin('shared'), true)
    assert.equal(app.hasPlugin('kept'), true)
    const request = await overHttp(app)
    assert.deepEqual(await (await request('/')).json(), {
      shared: 'visible',
      kept: null,
      tenant: 'acme',
    })
  })

  test(`fastify-plugin 5 (${line.name}): a range no line satisfies, or a missing dependency, refuses to load`, async (t) => {
    const future = line.app()
    t.after(() => future.close())
    future.register(fp(async () => {}, { fastify: '>=6', name: 'future' }))
    await assert.rejects(future.ready(), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH' })
    const needy = line.app()
    t.after(() => needy.close())
    needy.register(fp(async () => {}, { name: 'needy', dependencies: ['absent'] }))
    await assert.rejects(needy.ready(), { code: 'FST_ERR_PLUGIN_DEPENDENCY_MISSING' })
    const decorated = line.app()
    t.after(() => decorated.close())
    decorated.register(fp(async () => {}, { name: 'wants', decorators: { request: ['user'] } }))
    await assert.rejects(decorated.ready(), { code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE' })
  })
}
