// Instance members Fastify has and plugins reach for, beyond the spec's: getDecorator (Fastify
// 5) and getDefaultRoute/setDefaultRoute (Fastify 4, deprecated there, kept in both lines). The
// registry under Symbol.for('registered-plugin') has its own file, registered-plugins.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('getDecorator: a visible decorator, a function bound to the instance; none throws', async () => {
  const app = arbor()
  app.decorate('answer', 42)
  app.decorate('whoAmI', function (this: { pluginName: string }) {
    return this.pluginName
  })
  assert.equal(app.getDecorator('answer'), 42)
  await app.register(async function inner(child) {
    child.decorate('own', 'child only')
    assert.equal(child.getDecorator('answer'), 42, 'an ancestor decorator is visible')
    assert.equal(child.getDecorator<() => string>('whoAmI')(), child.pluginName)
  })
  assert.throws(() => app.getDecorator('own'), {
    code: 'FST_ERR_DEC_UNDECLARED',
    message: "No decorator 'own' has been declared on instance.",
  })
})

test('setDefaultRoute: raw requests no route matches go to it; getDefaultRoute returns it', async (t) => {
  const app = arbor()
  const warnings: string[] = []
  const onWarning = (warning: Error & { code?: string }) => warnings.push(String(warning.code))
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const fallback = (_req: unknown, res: { end(text: string): void }) =>
    res.end('from the default route')
  app.setDefaultRoute(fallback as never)
  assert.equal(app.getDefaultRoute(), fallback)
  assert.throws(() => app.setDefaultRoute({} as never), {
    code: 'FST_ERR_DEFAULT_ROUTE_INVALID_TYPE',
  })
  app.get('/', async () => 'root')
  const res = await app.inject({ method: 'GET', url: '/elsewhere' })
  assert.equal(res.body, 'from the default route')
  assert.equal((await app.inject({ method: 'GET', url: '/' })).body, 'root')
  await new Promise((resolve) => setImmediate(resolve))
  // once a process, and this file's first use of the default route is above
  assert.deepEqual(warnings, ['FSTDEP014'])
})

test('setDefaultRoute answers over real HTTP too', async (t) => {
  const app = arbor()
  app.setDefaultRoute(((_req: unknown, res: { end(text: string): void }) =>
    res.end('fallback')) as never)
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const { port } = app.server.address() as { port: number }
  const res = await fetch(`http://127.0.0.1:${port}/nothing-here`)
  assert.equal(await res.text(), 'fallback')
})
