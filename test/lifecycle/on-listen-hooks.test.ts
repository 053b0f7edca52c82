import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

/** A promise and the function that resolves it. */
function signal<T = void>() {
  let fire: (value: T) => void = () => {}
  const fired = new Promise<T>((resolve) => {
    fire = resolve
  })
  return { fire, fired }
}

describe('onListen hooks, as Fastify 4.25 runs them', () => {
  test('listen() does not wait for onListen: a hook that never calls done holds neither the promise nor the callback', async (t) => {
    const a = arbor()
    const b = arbor()
    t.after(() => Promise.all([a.close(), b.close()]))
    a.addHook('onListen', (_done) => {})
    b.addHook('onListen', (_done) => {})
    const address = await a.listen({ port: 0 })
    assert.match(address, /^http:\/\//)
    const called = await new Promise<string>((resolve, reject) => {
      b.listen({ port: 0 }, (err, at) => (err ? reject(err) : resolve(at)))
    })
    assert.match(called, /^http:\/\//)
  })

  test('the hooks start once the server listens, after the listen callback', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    const done = signal()
    app.addHook('onListen', function () {
      order.push(`hook:${this.server.listening}`)
      done.fire()
    })
    app.listen({ port: 0 }, () => order.push('callback'))
    await done.fired
    assert.deepEqual(order, ['callback', 'hook:true'])
  })

  test('ready() alone does not run them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let ran = false
    app.addHook('onListen', () => {
      ran = true
    })
    await app.ready()
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(ran, false)
  })

  test('parent-first through the context tree: a context runs its hooks, then its children do, whatever the order of addHook calls', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    const last = signal()
    app.addHook('onListen', () => {
      order.push('root 1')
    })
    await app.register(async (child) => {
      child.addHook('onListen', async () => {
        order.push('child')
      })
      child.register(async (grandchild) => {
        grandchild.addHook('onListen', (done) => {
          order.push('grandchild')
          done()
          last.fire()
        })
      })
    })
    // added after the child's hook, still runs before it: it belongs to the parent
    app.addHook('onListen', () => {
      order.push('root 2')
    })
    await app.listen({ port: 0 })
    await last.fired
    assert.deepEqual(order, ['root 1', 'root 2', 'child', 'grandchild'])
  })

  test('`this` is the instance of the context that added the hook', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Array<[string, ArborInstance]> = []
    const last = signal()
    app.addHook('onListen', function () {
      seen.push(['root', this])
    })
    let childInstance: ArborInstance | undefined
    await app.register(async (child) => {
      childInstance = child
      child.addHook('onListen', function (done) {
        seen.push(['child', this])
        done()
        last.fire()
      })
    })
    await app.listen({ port: 0 })
    await last.fired
    assert.equal(seen[0]?.[1], app)
    assert.equal(seen[1]?.[1], childInstance)
  })

  test('a hook taking one argument is callback style: the next waits for its done; one taking none is done when it returns', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    const last = signal()
    app.addHook('onListen', (done) => {
      setTimeout(() => {
        order.push('callback style, later')
        done()
      }, 10)
    })
    app.addHook('onListen', () => {
      order.push('sync')
    })
    app.addHook('onListen', async () => {
      order.push('async')
      last.fire()
    })
    await app.listen({ port: 0 })
    await last.fired
    assert.deepEqual(order, ['callback style, later', 'sync', 'async'])
  })

  test('a failing hook is logged with log.error(err), and the next hook still runs (thrown, done(err), rejected)', async (t) => {
    const { lines, stream } = captureLogs<{
      level: number
      msg: string
      err?: { message: string }
    }>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const ran: string[] = []
    const last = signal()
    app.addHook('onListen', (_done) => {
      ran.push('throws')
      throw new Error('thrown on listen')
    })
    app.addHook('onListen', (done) => {
      ran.push('done(err)')
      done(new Error('passed to done'))
    })
    app.addHook('onListen', async () => {
      ran.push('rejects')
      throw new Error('rejected on listen')
    })
    app.addHook('onListen', () => {
      ran.push('last')
      last.fire()
    })
    await app.listen({ port: 0 })
    await last.fired
    assert.deepEqual(ran, ['throws', 'done(err)', 'rejects', 'last'])
    const errors = lines.filter((l) => l.level === 50)
    assert.deepEqual(
      errors.map((l) => [l.msg, l.err?.message]),
      [
        ['thrown on listen', 'thrown on listen'],
        ['passed to done', 'passed to done'],
        ['rejected on listen', 'rejected on listen'],
      ],
    )
  })
})
