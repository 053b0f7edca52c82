// Issue 38: @opentelemetry/instrumentation-fastify with arbor's stand-ins installed as `fastify`,
// on both lines. The instrumentation patches what require('fastify') returns when
// fastify/package.json says >=3.0.0 <6, so it must find the stand-in under the name `fastify`:
// each line gets an application folder laid out as npm lays out
// `"fastify": "npm:arbor-fastify4@4.25.2"` (or arbor-fastify5@5.12.1), see
// test/helpers/stand-in-app.ts. The application (fixtures/otel-app.cjs) registers the
// instrumentation before requiring `fastify`, serves a root route with an anonymous handler and
// a plugin's routes with named handlers and a hook, and a plugin that shares the root's context
// (fastify-plugin's marks) with an onSend hook, and reports the spans of each request from an
// in-memory exporter. The expected spans are those the same application reports on Fastify 4.25.2
// and 5.12.8 (the same on both).
import assert from 'node:assert/strict'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { installedPackage, run, type StandInApp, standInApp } from '../helpers/stand-in-app.ts'

interface Span {
  name: string
  attributes: Record<string, string>
  parent: string | null
  status: number
  exception: boolean
}
interface Request {
  status: number
  body?: unknown
  spans: Span[]
}
interface Report {
  fastify: string
  item: Request
  health: Request
  fail: Request
  http: Request
  shared: Request & { poweredBy: string }
}

const lines = [
  { line: 4, name: 'arbor-fastify4@4.25.2' },
  { line: 5, name: 'arbor-fastify5@5.12.1' },
] as const

const apps: StandInApp[] = []
const reports = new Map<4 | 5, Report>()

async function report(line: 4 | 5): Promise<Report> {
  const packages: Record<string, string> = {}
  for (const name of ['api', 'context-async-hooks', 'sdk-trace-base', 'instrumentation-fastify']) {
    packages[`@opentelemetry/${name}`] = installedPackage(`@opentelemetry/${name}`)
  }
  const app = await standInApp(line, packages)
  apps.push(app)
  const script = join(app.dir, 'app.cjs')
  await cp(new URL('./fixtures/otel-app.cjs', import.meta.url), script)
  const outcome = await run(process.execPath, [script], app.dir)
  assert.equal(outcome.code, 0, `the traced app failed:\n${outcome.stderr}${outcome.stdout}`)
  return JSON.parse(outcome.stdout) as Report
}

before(async () => {
  const [four, five] = await Promise.all([report(4), report(5)])
  reports.set(4, four)
  reports.set(5, five)
})

after(() => Promise.all(apps.map((app) => app.remove())))

const rootOnRequest: Span = {
  name: 'middleware - rootOnRequest',
  attributes: { 'fastify.type': 'middleware', 'plugin.name': 'fastify', 'hook.name': 'onRequest' },
  parent: null,
  status: 0,
  exception: false,
}

/** The spans of a request to a named handler of itemsPlugin, on route `route`. */
function pluginRouteSpans(handler: string, route: string): Span[] {
  return [
    {
      name: 'middleware - checkTenant',
      attributes: {
        'fastify.type': 'middleware',
        'plugin.name': 'itemsPlugin',
        'hook.name': 'preHandler',
      },
      parent: `request handler - ${handler}`,
      status: 0,
      exception: false,
    },
    rootOnRequest,
    {
      name: `request handler - ${handler}`,
      attributes: {
        'fastify.type': 'request_handler',
        'fastify.name': handler,
        'plugin.name': 'itemsPlugin',
        'http.route': route,
      },
      parent: null,
      status: 0,
      exception: false,
    },
  ]
}

for (const { line, name } of lines) {
  describe(`Issue 38: @opentelemetry/instrumentation-fastify on the Fastify ${line} stand-in`, () => {
    test(`the app runs on ${name}, patched by the instrumentation`, () => {
      const r = reports.get(line)!
      assert.equal(r.fastify, name)
      assert.ok(r.item.spans.length > 0, 'the instrumentation recorded spans: it patched `fastify`')
    })

    test('a named handler in a plugin: its span has the route /items/:id, the hook spans their plugin', () => {
      const r = reports.get(line)!
      assert.equal(r.item.status, 200)
      assert.deepEqual(r.item.body, { id: '7' })
      assert.deepEqual(r.item.spans, pluginRouteSpans('readItem', '/items/:id'))
    })

    test('an anonymous handler on the root context: `request handler - fastify`', () => {
      const r = reports.get(line)!
      assert.equal(r.health.status, 200)
      assert.deepEqual(r.health.spans, [
        rootOnRequest,
        {
          name: 'request handler - fastify',
          attributes: {
            'fastify.type': 'request_handler',
            'plugin.name': 'fastify',
            'http.route': '/health',
          },
          parent: null,
          status: 0,
          exception: false,
        },
      ])
    })

    test('a handler that throws: 500, the same spans, ended', () => {
      const r = reports.get(line)!
      assert.equal(r.fail.status, 500)
      assert.deepEqual(r.fail.spans, pluginRouteSpans('failing', '/fail'))
    })

    test("a plugin sharing the root's context: its hook's span, and the root's handler span, name the chain", () => {
      const r = reports.get(line)!
      assert.equal(r.shared.status, 200)
      assert.equal(r.shared.poweredBy, 'otel-app', 'the onSend hook of the shared plugin ran')
      const chain = 'fastify -> shared-hooks'
      assert.deepEqual(r.shared.spans, [
        {
          name: 'middleware - addPoweredBy',
          attributes: { 'fastify.type': 'middleware', 'plugin.name': chain, 'hook.name': 'onSend' },
          parent: `request handler - ${chain}`,
          status: 0,
          exception: false,
        },
        rootOnRequest,
        {
          name: `request handler - ${chain}`,
          attributes: {
            'fastify.type': 'request_handler',
            'plugin.name': chain,
            'http.route': '/health',
          },
          parent: null,
          status: 0,
          exception: false,
        },
      ])
    })

    test('over real HTTP: the same spans as through inject', () => {
      const r = reports.get(line)!
      assert.equal(r.http.status, 200)
      assert.deepEqual(r.http.body, { id: '8' })
      assert.deepEqual(r.http.spans, pluginRouteSpans('readItem', '/items/:id'))
    })
  })
}
