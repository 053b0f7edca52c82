// The instance's surface against real Fastify's: every key a Fastify 4.25 or 5.12 instance has
// (its own and its prototypes', what fastify.js and avvio put there), at the root and inside a
// registered plugin, an arbor instance of the same line has too, and what is a method in
// Fastify is a function in arbor. A plugin that calls a member arbor lacks fails at
// registration (`fastify.onClose is not a function`, @fastify/http-proxy 11): this test fails
// first. Fastify is loaded from the devDependencies fastify4 and fastify5.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import fastify4 from '../../src/fastify4.ts'
import fastify5 from '../../src/fastify5.ts'

type Factory = () => object & {
  register(fn: (instance: object) => Promise<void>): unknown
  ready(): PromiseLike<unknown>
  close(): PromiseLike<unknown>
}

const load = createRequire(import.meta.url)

// Deliberate exclusions, each with its reason. Fastify keeps its internal state under
// unregistered symbols (`Symbol('fastify.hooks')`, avvio's `Symbol('avvio.Boot')`, ...): no
// code outside that copy of Fastify can name them, so no application or plugin can read them
// from an instance; code that imports them from `fastify/lib/symbols.js` is the stand-in
// packages' concern (DESIGN.md "arbor in Fastify's place"). Registered symbols
// (`Symbol.for(...)`, reachable by anyone) are compared like string keys.
function isPrivateSymbol(key: string | symbol): boolean {
  return typeof key === 'symbol' && Symbol.keyFor(key) === undefined
}

function keysOf(instance: object): Map<string | symbol, boolean> {
  const keys = new Map<string | symbol, boolean>()
  for (let o: object | null = instance; o !== null && o !== Object.prototype; ) {
    for (const key of Reflect.ownKeys(o)) {
      if (isPrivateSymbol(key) || keys.has(key)) continue
      const descriptor = Object.getOwnPropertyDescriptor(o, key)!
      keys.set(key, typeof descriptor.value === 'function')
    }
    o = Object.getPrototypeOf(o)
  }
  return keys
}

// What Fastify holds as a function, arbor's instance gives as a function (a method of its
// prototype, or a getter such as defaultTextParser's).
function isFunction(instance: object, key: string | symbol): boolean {
  return typeof Reflect.get(instance, key) === 'function'
}

async function surfaces(make: Factory): Promise<{ root: object; child: object }> {
  const app = make()
  let child: object | undefined
  app.register(async (instance) => {
    child = instance
  })
  await app.ready()
  await app.close()
  return { root: app, child: child! }
}

const pairs = [
  { line: 'Fastify 4.25 (default line)', fastify: load('fastify4') as Factory, arbor: fastify4 },
  { line: 'Fastify 5.12 (arbor/fastify5)', fastify: load('fastify5') as Factory, arbor: fastify5 },
] as const

for (const pair of pairs) {
  test(`instance surface, ${pair.line}: arbor has every member Fastify has, root and child`, async () => {
    const real = await surfaces(pair.fastify)
    const ours = await surfaces(pair.arbor as unknown as Factory)
    for (const where of ['root', 'child'] as const) {
      const fastifyKeys = keysOf(real[where])
      assert.ok(fastifyKeys.size > 60, `Fastify's ${where} instance was read (${fastifyKeys.size})`)
      const ourKeys = keysOf(ours[where])
      const missing = [...fastifyKeys.keys()].filter((key) => !ourKeys.has(key)).map(String)
      assert.deepEqual(missing, [], `${where}: members of Fastify's instance missing from arbor's`)
      const notMethods = [...fastifyKeys]
        .filter(([key, method]) => method && !isFunction(ours[where], key))
        .map(([key]) => String(key))
      assert.deepEqual(notMethods, [], `${where}: functions in Fastify that are not in arbor`)
    }
  })
}

test('instance surface: the comparison sees avvio members and registered symbols', async () => {
  // the members the comparison is about are among those it reads from Fastify
  const real = keysOf((await surfaces(pairs[1].fastify)).child)
  for (const key of ['onClose', 'register', 'after', 'ready', 'close', 'then', 'getDecorator']) {
    assert.equal(real.has(key), true, key)
  }
  assert.equal(real.has(Symbol.for('registered-plugin')), true)
  assert.equal(keysOf((await surfaces(pairs[0].fastify)).root).has('setDefaultRoute'), true)
})
