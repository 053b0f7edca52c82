import assert from 'node:assert/strict'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type App = ReturnType<typeof arbor>

/** Calls `listen` with any arguments (the deprecated forms are not in every overload). */
function listenWith(app: App, ...args: unknown[]): unknown {
  return (app.listen as (...a: unknown[]) => unknown)(...args)
}

/** Resolves with the (err, address) a callback-form listen is called with. */
function listenCallback(app: App, ...args: unknown[]): Promise<[Error | null, string | null]> {
  return new Promise((resolve) => {
    listenWith(app, ...args, (err: Error | null, address: string | null) => resolve([err, address]))
  })
}

/** Collects the process warnings with a code emitted while `fn` runs (and a tick after). */
async function warningsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const codes: string[] = []
  const onWarning = (warning: Error & { code?: string }) => codes.push(String(warning.code))
  process.on('warning', onWarning)
  try {
    await fn()
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.removeListener('warning', onWarning)
  }
  return codes
}

describe('listen: the forms Fastify 4.25 accepts', () => {
  test('listen(options) and listen(options, cb) emit no deprecation warning', async (t) => {
    const a = arbor()
    const b = arbor()
    t.after(() => Promise.all([a.close(), b.close()]))
    const warnings = await warningsDuring(async () => {
      await a.listen({ port: 0 })
      await listenCallback(b, { port: 0 })
    })
    assert.deepEqual(warnings, [])
  })

  test('listen(port, cb), listen(port, host, cb), listen(port, host, backlog, cb): legacy signatures work and warn FSTDEP011 once', async (t) => {
    const apps = [arbor(), arbor(), arbor()]
    t.after(() => Promise.all(apps.map((app) => app.close())))
    const results: Array<[Error | null, string | null]> = []
    const warnings = await warningsDuring(async () => {
      results.push(await listenCallback(apps[0]!, 0))
      results.push(await listenCallback(apps[1]!, 0, '127.0.0.1'))
      results.push(await listenCallback(apps[2]!, 0, '127.0.0.1', 511))
    })
    for (const [i, [err, address]] of results.entries()) {
      assert.equal(err, null)
      const port = (apps[i]!.server.address() as AddressInfo).port
      assert.equal(address, `http://127.0.0.1:${port}`)
    }
    // the first variadic call of this process (this file's first): warned once, not three times
    assert.deepEqual(
      warnings.filter((code) => code === 'FSTDEP011'),
      ['FSTDEP011'],
    )
  })

  test('listen(port) without a callback returns a promise of the address; null and undefined mean port 0', async (t) => {
    const apps = [arbor(), arbor(), arbor()]
    t.after(() => Promise.all(apps.map((app) => app.close())))
    for (const [i, first] of [0, null, undefined].entries()) {
      const address = await (listenWith(apps[i]!, first) as Promise<string>)
      const port = (apps[i]!.server.address() as AddressInfo).port
      assert.ok(port > 0)
      assert.equal(address, `http://127.0.0.1:${port}`)
    }
  })

  test('listen(options, backlog, cb): the options keep their host, the backlog is taken', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const [err, address] = await listenCallback(app, { port: 0, host: '127.0.0.1' }, 511)
    assert.equal(err, null)
    assert.match(String(address), /^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test('a port given as a numeric string is a port, in both forms', async (t) => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const free = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const app = arbor()
    t.after(() => app.close())
    const [err] = await listenCallback(app, String(free), '127.0.0.1')
    assert.equal(err, null)
    assert.equal((app.server.address() as AddressInfo).port, free)
  })

  test('a port string that is not a number is refused by node: ERR_SOCKET_BAD_PORT', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await assert.rejects(app.listen({ port: 'hello-world' }), { code: 'ERR_SOCKET_BAD_PORT' })
    await assert.rejects(app.listen({ port: '1234hello' }), { code: 'ERR_SOCKET_BAD_PORT' })
    // a failed listen leaves the application free to listen again
    const address = await app.listen({ port: 0 })
    assert.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test('listen(path): a unix socket; the address and addresses() are the path', async (t) => {
    const path = join(tmpdir(), `arbor-${process.pid}-${Date.now()}.sock`)
    const app = arbor()
    t.after(async () => {
      await app.close()
      rmSync(path, { force: true })
    })
    app.get('/', async () => 'over a socket')
    const [err, address] = await listenCallback(app, { path })
    assert.equal(err, null)
    assert.equal(address, path)
    assert.deepEqual(app.addresses(), [path])
    const socket = net.connect(path)
    socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk
    })
    await once(socket, 'close')
    assert.match(text, /^HTTP\/1\.1 200 OK/)
    assert.match(text, /over a socket$/)
  })

  test("listen('/pipe'): a string that is not a number is a path (FSTDEP011 form)", async (t) => {
    const path = join(tmpdir(), `arbor-pipe-${process.pid}-${Date.now()}.sock`)
    const app = arbor()
    t.after(async () => {
      await app.close()
      rmSync(path, { force: true })
    })
    const address = await (listenWith(app, path) as Promise<string>)
    assert.equal(address, path)
  })
})

describe('listen: failures', () => {
  test('cb(err, null): a second listen on a listening instance calls back with FST_ERR_REOPENED_SERVER and a null address', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.listen({ port: 0 })
    const [err, address] = await listenCallback(app, { port: 0 })
    assert.equal((err as Error & { code?: string }).code, 'FST_ERR_REOPENED_SERVER')
    assert.equal(address, null)
  })

  test('cb(err, null): a port in use calls back with EADDRINUSE and a null address', async (t) => {
    const first = arbor()
    const second = arbor()
    t.after(() => Promise.all([first.close(), second.close()]))
    await first.listen({ port: 0 })
    const port = (first.server.address() as AddressInfo).port
    const [err, address] = await listenCallback(second, { port })
    assert.equal((err as Error & { code?: string }).code, 'EADDRINUSE')
    assert.equal(address, null)
  })

  test('an error thrown by the listen callback is an uncaught exception, not an unhandled rejection', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const listeners = process.listeners('uncaughtException')
    process.removeAllListeners('uncaughtException')
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    const caught = new Promise<Error>((resolve) => process.once('uncaughtException', resolve))
    try {
      app.listen({ port: 0 }, () => {
        throw new Error('thrown in the callback')
      })
      assert.equal((await caught).message, 'thrown in the callback')
      assert.deepEqual(rejections, [])
    } finally {
      process.removeListener('unhandledRejection', onRejection)
      for (const listener of listeners) process.on('uncaughtException', listener)
    }
  })
})

describe('listen: options', () => {
  test('listenTextResolver sets the text of the "listening" log line', async (t) => {
    const { lines, stream } = captureLogs<{ msg: string }>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const seen: string[] = []
    const address = await app.listen({
      port: 0,
      listenTextResolver: (at) => {
        seen.push(at)
        return `ready on ${at}`
      },
    })
    assert.deepEqual(seen, [address])
    assert.deepEqual(
      lines.map((l) => l.msg),
      [`ready on ${address}`],
    )
  })

  test('without listenTextResolver the line is "Server listening at <address>"', async (t) => {
    const { lines, stream } = captureLogs<{ msg: string }>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const address = await app.listen({ port: 0 })
    assert.deepEqual(
      lines.map((l) => l.msg),
      [`Server listening at ${address}`],
    )
  })

  test('listen({ signal }): aborting the signal closes the application', async () => {
    const app = arbor()
    const controller = new AbortController()
    let closed = 0
    app.addHook('onClose', async () => {
      closed++
    })
    await app.listen({ port: 0, signal: controller.signal })
    assert.equal(app.server.listening, true)
    controller.abort()
    await once(app.server, 'close')
    await app.close()
    assert.equal(app.server.listening, false)
    assert.equal(closed, 1)
  })

  test('listen({ signal }) with a signal already aborted never listens; the callback is not called', async () => {
    const app = arbor()
    const controller = new AbortController()
    controller.abort()
    let onCloseRan = false
    app.addHook('onClose', async () => {
      onCloseRan = true
    })
    let called = false
    app.listen({ port: 0, signal: controller.signal }, () => {
      called = true
    })
    await app.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(app.server.listening, false)
    assert.equal(onCloseRan, true)
    assert.equal(called, false)
  })

  test('listen({ signal }) with an already aborted signal: the promise form rejects with FST_ERR_REOPENED_CLOSE_SERVER', async () => {
    const app = arbor()
    const controller = new AbortController()
    controller.abort()
    await assert.rejects(app.listen({ port: 0, signal: controller.signal }), {
      code: 'FST_ERR_REOPENED_CLOSE_SERVER',
    })
    await app.close()
    assert.equal(app.server.listening, false)
  })

  test('listen({ signal }) with something that is not a signal throws FST_ERR_LISTEN_OPTIONS_INVALID at once', () => {
    const app = arbor()
    assert.throws(
      () =>
        app.listen({ port: 0, signal: {} as AbortSignal }, () => {
          assert.fail('the callback must not be called')
        }),
      {
        code: 'FST_ERR_LISTEN_OPTIONS_INVALID',
        message: "Invalid listen options: 'Invalid options.signal'",
      },
    )
  })
})
