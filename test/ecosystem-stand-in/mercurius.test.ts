// Issue 38: mercurius 16 (GraphQL) with arbor's Fastify 5 stand-in installed as `fastify`, in
// an application folder laid out as npm lays out `"fastify": "npm:arbor-fastify5@5.12.1"`
// (test/helpers/stand-in-app.ts). The application (fixtures/mercurius-app.cjs) registers
// mercurius once on the root context and once in an encapsulated child context under /v2, and
// runs a query (POST and GET, then compiled by graphql-jit), batched queries, a preExecution hook,
// GraphiQL's page, the resolver context, loaders, a mutation, a validation error, a query over
// real HTTP and a subscription over WebSocket; it prints one JSON report, which this file checks. The expected values are what the same application reports on Fastify 5.12.8.
import assert from 'node:assert/strict'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { installedPackage, run, type StandInApp, standInApp } from '../helpers/stand-in-app.ts'

interface Answer {
  status: number
  body: { data: unknown; errors?: Array<{ message: string }> }
}
interface ContextReport {
  query: Answer
  jit: Answer
  batched: { status: number; body: unknown }
  hooked: string | undefined
  graphiql: { status: number; type: string }
  get: Answer
  context: Answer
  loaders: Answer
  batches: string[][]
  mutation: Answer
  invalid: Answer
  http: Answer
  subscription: { protocol: string; messages: string[]; payload: unknown }
}
interface Report {
  fastify: string
  onRoot: ContextReport & { direct: unknown }
  inChild: ContextReport & { decoratedInChild: boolean; rootHasGraphql: boolean; rootRoute: number }
}

let app: StandInApp | undefined
let report: Report

before(async () => {
  app = await standInApp(5, {
    mercurius: installedPackage('mercurius'),
    graphql: installedPackage('graphql'),
    ws: installedPackage('ws'),
  })
  const script = join(app.dir, 'server.cjs')
  await cp(new URL('./fixtures/mercurius-app.cjs', import.meta.url), script)
  const outcome = await run(process.execPath, [script], app.dir)
  assert.equal(outcome.code, 0, `the mercurius app failed:\n${outcome.stderr}${outcome.stdout}`)
  report = JSON.parse(outcome.stdout) as Report
})

after(() => app?.remove())

test('Issue 38: the mercurius app runs on the Fastify 5 stand-in', () => {
  assert.equal(report.fastify, 'arbor-fastify5@5.12.1')
})

for (const where of ['onRoot', 'inChild'] as const) {
  const label = where === 'onRoot' ? 'on the root context' : 'in a child context under /v2'

  describe(`Issue 38: mercurius 16 ${label}`, () => {
    const ok = (data: unknown) => ({ status: 200, body: { data } })

    test('a query by POST and by GET, and the resolver context from the request', () => {
      const r = report[where]
      assert.deepEqual(r.query, ok({ add: 5 }))
      assert.deepEqual(r.get, ok({ add: 2 }))
      assert.deepEqual(r.context, ok({ whoami: 'ada' }))
    })

    test('graphql-jit (jit: 1): the query again, compiled', () => {
      assert.deepEqual(report[where].jit, ok({ add: 5 }))
    })

    test('batched queries answer an array, each with the request context', () => {
      assert.deepEqual(report[where].batched, {
        status: 200,
        body: [{ data: { add: 3 } }, { data: { whoami: 'grace' } }],
      })
    })

    test("a preExecution hook reaches the reply through the resolver context; GraphiQL's page", () => {
      assert.equal(report[where].hooked, 'yes')
      assert.deepEqual(report[where].graphiql, { status: 200, type: 'text/html; charset=utf-8' })
    })

    test('loaders: one batch for the three dogs of a query', () => {
      const r = report[where]
      assert.deepEqual(
        r.loaders,
        ok({
          dogs: [
            { name: 'Max', owner: { name: 'Jennifer' } },
            { name: 'Charlie', owner: { name: 'Sarah' } },
            { name: 'Buddy', owner: { name: 'Tracy' } },
          ],
        }),
      )
      assert.deepEqual(r.batches, [['Max', 'Charlie', 'Buddy']])
    })

    test('a mutation, and a query naming an unknown field is 400 with the GraphQL error', () => {
      const r = report[where]
      assert.deepEqual(r.mutation, ok({ addDog: { name: 'Rex', owner: null } }))
      assert.equal(r.invalid.status, 400)
      assert.equal(r.invalid.body.data, null)
      assert.deepEqual(
        r.invalid.body.errors?.map((e) => e.message),
        ['Cannot query field "nope" on type "Query".'],
      )
    })

    test('over real HTTP: a query, and a subscription over WebSocket fed by a mutation', () => {
      const r = report[where]
      assert.deepEqual(r.http, ok({ add: 42 }))
      assert.deepEqual(r.subscription, {
        protocol: 'graphql-transport-ws',
        messages: ['connection_ack', 'next'],
        payload: { data: { dogAdded: { name: 'Luna' } } },
      })
    })
  })
}

test('Issue 38: mercurius on the root context: app.graphql() runs a query directly', () => {
  assert.deepEqual(report.onRoot.direct, { data: { add: 42 } })
})

test('Issue 38: mercurius in a child context decorates that context only; the root has no /graphql', () => {
  assert.equal(report.inChild.decoratedInChild, true)
  assert.equal(report.inChild.rootHasGraphql, false)
  assert.equal(report.inChild.rootRoute, 404)
})
