// The Bun smoke test (docs/runtimes.md): `bun test/bun/smoke.ts`, run by .ci/run with Bun 1.x.
// The spec's three-context scenario over real HTTP and through inject, a schema route
// (validation, coercion, serialization), close(), and every example started as a process of
// the runtime that runs this file. A plain script rather than a node:test file, so it depends on
// no test runner; it runs on Node too (`node --import tsx test/bun/smoke.ts`).
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import diagnostics from 'node:diagnostics_channel'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../examples/three-contexts/app.ts'
import type { App } from '../../examples/typed/app.ts'
import { client } from '../../src/client/index.ts'
import arbor from '../../src/index.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const RUNTIME = process.versions.bun ? `bun ${process.versions.bun}` : `node ${process.version}`
const API_KEY = 'bun-smoke-key'
const START_TIMEOUT_MS = 30_000

let passed = 0
let failed = 0
let skipped = 0

async function check(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn()
    passed++
    console.log(`✔ ${name}`)
  } catch (err) {
    failed++
    console.log(`✖ ${name}\n  ${String((err as Error)?.stack ?? err).replaceAll('\n', '\n  ')}`)
  }
}

const TABLE = {
  plain: {
    '/one': { answer: 42 },
    '/two': { answer: 42, foo: 'foo' },
    '/three': { answer: 42, foo: 'foo', bar: 'bar' },
  },
  wrapped: {
    '/one': { answer: 42 },
    '/two': { answer: 42, foo: 'foo', bar: 'bar' },
    '/three': { answer: 42, foo: 'foo', bar: 'bar' },
  },
} as const

const auth = (url: string): Record<string, string> =>
  url === '/one' ? { authorization: `Bearer ${API_KEY}` } : {}

for (const variant of ['plain', 'wrapped'] as const) {
  const wrapGrandchild = variant === 'wrapped'

  await check(`three-context scenario (${variant}) over HTTP on 127.0.0.1`, async () => {
    const app = buildApp({ apiKey: API_KEY, wrapGrandchild })
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      for (const [url, expected] of Object.entries(TABLE[variant])) {
        const res = await fetch(base + url, { headers: auth(url) })
        assert.equal(res.status, 200, url)
        assert.match(String(res.headers.get('content-type')), /^application\/json/)
        // The exact bytes: an invisible decorator is absent, not null.
        assert.equal(await res.text(), JSON.stringify(expected), url)
      }
      const missing = await fetch(`${base}/one`)
      assert.equal(missing.status, 401)
      assert.equal(missing.headers.get('www-authenticate'), 'Bearer')
      assert.deepEqual(await missing.json(), {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'missing authorization header',
      })
    } finally {
      await app.close()
    }
  })

  await check(`three-context scenario (${variant}) through inject`, async () => {
    const app = buildApp({ apiKey: API_KEY, wrapGrandchild })
    try {
      for (const [url, expected] of Object.entries(TABLE[variant])) {
        const res = await app.inject({ method: 'GET', url, headers: auth(url) })
        assert.equal(res.statusCode, 200, url)
        assert.deepEqual(res.json(), expected, url)
      }
      const wrong = await app.inject({ url: '/one', headers: { authorization: 'Bearer nope' } })
      assert.equal(wrong.statusCode, 401)
    } finally {
      await app.close()
    }
  })
}

// A plain object (not `as const`): the handler reads what the validator produced.
const itemSchema = {
  params: { type: 'object', properties: { id: { type: 'integer' } } },
  querystring: { type: 'object', properties: { tags: { type: 'array', default: [] } } },
  body: {
    type: 'object',
    properties: { name: { type: 'string' }, qty: { type: 'integer' } },
    required: ['name'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        qty: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
}

function schemaApp() {
  const app = arbor()
  app.post('/items/:id', { schema: itemSchema }, async (request) => {
    // Both as the validator left them: id coerced to a number, tags to an array.
    const { id } = request.params as Record<string, unknown>
    const { tags } = request.query as Record<string, unknown>
    // `secret` is not in the response schema: the serializer leaves it out.
    return { id, ...(request.body as object), tags, secret: 'not sent' }
  })
  return app
}

await check('schema route: coercion, serialization and the 400 payload (HTTP)', async () => {
  const app = schemaApp()
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const ok = await fetch(`${base}/items/7?tags=a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pen', qty: '3' }),
    })
    assert.equal(ok.status, 200)
    assert.equal(await ok.text(), '{"id":7,"name":"pen","qty":3,"tags":["a"]}')
    const bad = await fetch(`${base}/items/7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qty: 1 }),
    })
    assert.equal(bad.status, 400)
    assert.deepEqual(await bad.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
  } finally {
    await app.close()
  }
})

await check('schema route through inject', async () => {
  const app = schemaApp()
  try {
    const res = await app.inject({ method: 'POST', url: '/items/x', payload: { name: 'pen' } })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().message, 'params/id should be integer')
  } finally {
    await app.close()
  }
})

await check('diagnostics_channel: a subscriber sees the route handler traced', async () => {
  const app = arbor()
  app.get('/', async () => ({ ok: true }))
  const seen: string[] = []
  const onStart = (message: unknown) => {
    seen.push(String((message as { route: { url: string } }).route.url))
  }
  diagnostics.subscribe('tracing:fastify.request.handler:start', onStart)
  try {
    assert.equal((await app.inject({ url: '/' })).statusCode, 200)
    assert.deepEqual(seen, ['/'])
  } finally {
    diagnostics.unsubscribe('tracing:fastify.request.handler:start', onStart)
    await app.close()
  }
})

await check('close(): onClose hooks run and the port stops accepting', async () => {
  const app = arbor()
  let closed = false
  app.addHook('onClose', async () => {
    closed = true
  })
  app.get('/', async () => ({ ok: true }))
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  assert.deepEqual(await (await fetch(base)).json(), { ok: true })
  await app.close()
  assert.equal(closed, true)
  await assert.rejects(fetch(base, { headers: { connection: 'close' } }))
})

/** Starts an example with this runtime and resolves with its URL once it listens. */
async function startExample(
  file: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [...execArgs(file), file], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${file} did not listen within ${START_TIMEOUT_MS} ms:\n${output}`))
    }, START_TIMEOUT_MS)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      const match = output.match(/listening (?:at|on) (http:\/\/[\w.:[\]]+)/)
      if (match) {
        clearTimeout(timer)
        resolve(match[1] as string)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${file} exited with ${code}:\n${output}`))
    })
  })
  return { child, url, output: () => output }
}

// Node needs tsx for a .ts file; Bun runs TypeScript itself.
function execArgs(file: string): string[] {
  return process.versions.bun || !file.endsWith('.ts') ? [] : ['--import', 'tsx']
}

/** SIGTERM, and the exit code (or the signal's name when the example has no handler). */
async function stop(child: ChildProcess): Promise<number | string | null> {
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  const [code, signal] = (await exited) as [number | null, string | null]
  clearTimeout(killer)
  return code ?? signal
}

await check('examples/hello', async () => {
  const { child, url } = await startExample('examples/hello/server.ts')
  try {
    assert.deepEqual(await (await fetch(`${url}/`)).json(), { hello: 'world' })
    assert.deepEqual(await (await fetch(`${url}/v1/me`)).json(), { user: 'guest' })
  } finally {
    await stop(child)
  }
})

await check(
  'examples/three-contexts: the table, and SIGTERM closes it with exit code 0',
  async () => {
    const { child, url } = await startExample('examples/three-contexts/server.ts', {
      API_KEY,
      WRAP_GRANDCHILD: '1',
    })
    try {
      for (const [path, expected] of Object.entries(TABLE.wrapped)) {
        const res = await fetch(url + path, { headers: auth(path) })
        assert.equal(await res.text(), JSON.stringify(expected), path)
      }
    } finally {
      assert.equal(await stop(child), 0)
    }
  },
)

await check('examples/typed', async () => {
  const { child, url } = await startExample('examples/typed/server.ts')
  try {
    const me = await fetch(`${url}/me`)
    assert.equal(me.status, 401)
    assert.deepEqual(await me.json(), { message: 'sign in first' })
    const todos = await fetch(`${url}/todos?done=true`)
    assert.equal(todos.status, 200)
    assert.deepEqual(await todos.json(), [])
    // the typed client (docs/client.md) on this runtime's fetch
    const api = client<App>(url, { headers: { authorization: 'Bearer alice-token' } })
    const created = await api.post('/todos', { body: { title: 'from the client' } })
    assert.equal(created.status, 201)
    assert.deepEqual(created.body, { id: 1, title: 'from the client', done: false, owner: 'alice' })
  } finally {
    await stop(child)
  }
})

// require('arbor') resolves to the built package (dist/): .ci/run builds before this script.
if (existsSync(`${ROOT}dist/arbor.cjs`)) {
  await check('examples/commonjs (require of the built package)', async () => {
    const { child, url } = await startExample('examples/commonjs/server.cjs')
    try {
      assert.deepEqual(await (await fetch(`${url}/hello/bun`)).json(), {
        message: 'Hello, bun!',
      })
    } finally {
      assert.equal(await stop(child), 0)
    }
  })
} else {
  skipped++
  console.log('- examples/commonjs skipped: no dist/ (npm run build first)')
}

console.log(`${RUNTIME} smoke: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed === 0 ? 0 : 1)
