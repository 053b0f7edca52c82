// Spec "Behaviour of the three-context scenario" and "Endpoints": the example app in
// examples/three-contexts, both variants, through inject and real HTTP, and its server.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../examples/three-contexts/app.ts'

const API_KEY = 'three-contexts-test-key'
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

type Body = Record<string, unknown>

// The spec's table: the exact JSON object of each route, per variant.
const TABLE: Record<'plain' | 'wrapped', Record<string, Body>> = {
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
}

const UNAUTHORIZED_MISSING = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'missing authorization header',
}
const UNAUTHORIZED_INVALID = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'invalid authorization header',
}

const authorization = (url: string): Record<string, string> =>
  url === '/one' ? { authorization: `Bearer ${API_KEY}` } : {}

for (const variant of ['plain', 'wrapped'] as const) {
  const wrapGrandchild = variant === 'wrapped'
  const label = wrapGrandchild ? 'with the grandchild wrapped' : 'without the wrapper'

  describe(`Behaviour of the three-context scenario: ${label}`, () => {
    test(`Behaviour of the three-context scenario: the table's keys ${label} (inject)`, async (t) => {
      const app = buildApp({ apiKey: API_KEY, wrapGrandchild })
      t.after(() => app.close())
      for (const [url, expected] of Object.entries(TABLE[variant])) {
        const res = await app.inject({ method: 'GET', url, headers: authorization(url) })
        assert.equal(res.statusCode, 200, url)
        assert.match(String(res.headers['content-type']), /^application\/json/)
        const body = res.json() as Body
        assert.deepEqual(Object.keys(body).sort(), Object.keys(expected).sort(), url)
        assert.deepEqual(body, expected, url)
      }
    })

    test(`Behaviour of the three-context scenario: the table's keys ${label} (HTTP on 127.0.0.1)`, async (t) => {
      const app = buildApp({ apiKey: API_KEY, wrapGrandchild })
      t.after(() => app.close())
      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      for (const [url, expected] of Object.entries(TABLE[variant])) {
        const res = await fetch(base + url, { headers: authorization(url) })
        assert.equal(res.status, 200, url)
        const text = await res.text()
        // Absent means absent: no `"foo":null`, no `"bar":undefined` in the raw bytes.
        assert.equal(text, JSON.stringify(expected), url)
      }
    })

    test(`Authentication 1: /one needs the token ${label}`, async (t) => {
      const app = buildApp({ apiKey: API_KEY, wrapGrandchild })
      t.after(() => app.close())
      const missing = await app.inject({ url: '/one' })
      assert.equal(missing.statusCode, 401)
      assert.equal(missing.headers['www-authenticate'], 'Bearer')
      assert.deepEqual(missing.json(), UNAUTHORIZED_MISSING)
    })
  })
}

describe('Behaviour of the three-context scenario: GET /one and its token', () => {
  const cases: Array<[string, Record<string, string>, number, Body, string | undefined]> = [
    ['without a token', {}, 401, UNAUTHORIZED_MISSING, 'Bearer'],
    [
      'with a wrong token',
      { authorization: 'Bearer not-the-key' },
      401,
      UNAUTHORIZED_INVALID,
      'Bearer error="invalid_token"',
    ],
    [
      'with a wrong scheme',
      { authorization: `Basic ${API_KEY}` },
      401,
      UNAUTHORIZED_INVALID,
      'Bearer',
    ],
    [
      'with the right token',
      { authorization: `Bearer ${API_KEY}` },
      200,
      { answer: 42 },
      undefined,
    ],
  ]
  for (const [what, headers, status, body, challenge] of cases) {
    test(`Authentication 3: GET /one ${what} is ${status} (inject and HTTP)`, async (t) => {
      const app = buildApp({ apiKey: API_KEY })
      t.after(() => app.close())
      const injected = await app.inject({ url: '/one', headers })
      assert.equal(injected.statusCode, status)
      assert.deepEqual(injected.json(), body)
      assert.equal(injected.headers['www-authenticate'], challenge)

      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      const res = await fetch(`${base}/one`, { headers })
      assert.equal(res.status, status)
      assert.deepEqual(await res.json(), body)
      assert.equal(res.headers.get('www-authenticate'), challenge ?? null)
    })
  }

  test('Authentication 4: /two and /three need no credentials and ignore a wrong one', async (t) => {
    const app = buildApp({ apiKey: API_KEY })
    t.after(() => app.close())
    for (const url of ['/two', '/three']) {
      for (const headers of [{}, { authorization: 'Bearer not-the-key' }]) {
        const res = await app.inject({ url, headers })
        assert.equal(res.statusCode, 200, url)
        assert.deepEqual(res.json(), TABLE.plain[url])
      }
    }
  })

  test('Behaviour of the three-context scenario: the plugin is visible only in the authenticated child, also when wrapped', async (t) => {
    const app = buildApp({ apiKey: API_KEY, wrapGrandchild: true })
    t.after(() => app.close())
    for (const url of ['/two', '/three']) {
      const res = await app.inject({ url })
      assert.equal(res.statusCode, 200, url)
    }
    assert.equal((await app.inject({ url: '/one' })).statusCode, 401)
  })
})

// examples/three-contexts/server.ts, started the way `npm start` does (tsx), on a free port.
interface Started {
  child: ChildProcess
  output: string
  url: string
}

function startServer(env: Record<string, string>, args: string[] = []): Promise<Started> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'examples/three-contexts/server.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    // A safety net against a hung child, not a timing assertion.
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server.ts printed no address in time; output:\n${output}`))
    }, 30_000)
    const onData = (chunk: Buffer) => {
      output += String(chunk)
      const match = /listening on (http:\/\/\S+)/.exec(output)
      // Wait for the whole banner, which ends with the /three command.
      if (match && output.includes('/three\n')) {
        clearTimeout(timer)
        resolve({ child, output, url: match[1]! })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => {
      output += String(chunk)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server.ts exited with ${code}; output:\n${output}`))
    })
  })
}

function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

describe('examples/three-contexts/server.ts', () => {
  test('Behaviour of the three-context scenario: server.ts boots, prints curl commands with a generated key, and stops on SIGTERM', async (t) => {
    const { child, output, url } = await startServer({})
    let stopped = false
    t.after(() => (stopped ? undefined : stopServer(child)))
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const key = /API key \(generated for this run\): (\S+)/.exec(output)?.[1]
    assert.ok(key, output)
    assert.ok(output.includes(`curl -H "authorization: Bearer ${key}" ${url}/one`), output)
    assert.ok(output.includes(`curl ${url}/two`), output)
    assert.ok(output.includes(`curl ${url}/three`), output)

    const two = await fetch(`${url}/two`)
    assert.equal(two.status, 200)
    assert.deepEqual(await two.json(), TABLE.plain['/two'])
    const one = await fetch(`${url}/one`, { headers: { authorization: `Bearer ${key}` } })
    assert.equal(one.status, 200)
    assert.deepEqual(await one.json(), { answer: 42 })
    assert.equal((await fetch(`${url}/one`)).status, 401)

    stopped = true
    assert.equal(await stopServer(child), 0)
  })

  test('Behaviour of the three-context scenario: API_KEY is used and not echoed; --wrap-grandchild wraps', async (t) => {
    const { child, output, url } = await startServer({ API_KEY: 'key-from-the-env' }, [
      '--wrap-grandchild',
    ])
    t.after(() => stopServer(child))
    assert.ok(!output.includes('key-from-the-env'), output)
    assert.ok(output.includes(`curl -H "authorization: Bearer $API_KEY" ${url}/one`), output)
    const two = await fetch(`${url}/two`)
    assert.deepEqual(await two.json(), TABLE.wrapped['/two'])
    const one = await fetch(`${url}/one`, {
      headers: { authorization: 'Bearer key-from-the-env' },
    })
    assert.equal(one.status, 200)
  })

  test('Behaviour of the three-context scenario: WRAP_GRANDCHILD=1 wraps the grandchild', async (t) => {
    const { child, url } = await startServer({ WRAP_GRANDCHILD: '1' })
    t.after(() => stopServer(child))
    const two = await fetch(`${url}/two`)
    assert.deepEqual(await two.json(), TABLE.wrapped['/two'])
    const three = await fetch(`${url}/three`)
    assert.deepEqual(await three.json(), TABLE.wrapped['/three'])
  })
})
