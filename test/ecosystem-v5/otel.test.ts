// @fastify/otel on arbor, in both lines: registered as a plugin, it wraps every route through
// onRoute and opens a `request` span per request, a child span for the handler and for each
// hook, with the route, method and status code; request.opentelemetry() exposes the span to the
// handler; a route with config.otel false is left alone. Spans are read from an in-memory
// exporter, as an application's test would.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { FastifyOtelInstrumentation } from '@fastify/otel'
import { context, SpanStatusCode } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { type App, lines, overHttp } from './lines.ts'

const exporter = new InMemorySpanExporter()
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
// A context manager, so that the handler's span is the request span's child.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
const instrumentation = new FastifyOtelInstrumentation()
instrumentation.setTracerProvider(provider)

type OtelRequest = {
  opentelemetry(): { enabled: boolean; span: { spanContext(): { traceId: string } } }
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId
const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name)

for (const line of lines) {
  async function build(): Promise<App> {
    const app = line.app()
    await app.register(instrumentation.plugin())
    app.addHook('onRequest', async function checkTenant() {})
    app.get('/users/:id', async function readUser(request) {
      const otel = (request as unknown as OtelRequest).opentelemetry()
      return { enabled: otel.enabled, traceId: otel.span.spanContext().traceId }
    })
    app.get('/fail', async function failing() {
      throw new Error('boom')
    })
    app.get('/health', { config: { otel: false } }, async () => 'up')
    return app
  }

  test(`@fastify/otel (${line.name}): over HTTP a request span has the route, a handler child span and hook spans`, async (t) => {
    exporter.reset()
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const res = await request('/users/7')
    const body = (await res.json()) as { enabled: boolean; traceId: string }
    assert.equal(body.enabled, true)
    const spans = exporter.getFinishedSpans()
    const [root] = named(spans, 'request')
    assert.ok(root, spans.map((span) => span.name).join(', '))
    assert.equal(root.attributes['http.route'], '/users/:id')
    assert.equal(root.attributes['http.request.method'], 'GET')
    assert.equal(root.attributes['http.response.status_code'], 200)
    assert.equal(root.spanContext().traceId, body.traceId, 'request.opentelemetry() is this span')
    const [handler] = named(spans, 'handler - readUser')
    assert.ok(handler, spans.map((span) => span.name).join(', '))
    assert.equal(parentOf(handler), root.spanContext().spanId)
    const hook = spans.find((span) => span.attributes['hook.callback.name'] === 'checkTenant')
    assert.ok(hook, 'the onRequest hook has its span')
    assert.equal(parentOf(hook), root.spanContext().spanId)
  })

  test(`@fastify/otel (${line.name}): a thrown error marks the span, config.otel false records nothing`, async (t) => {
    exporter.reset()
    const app = await build()
    t.after(() => app.close())
    const failed = await app.inject({ url: '/fail' })
    assert.equal(failed.statusCode, 500)
    const [root] = named(exporter.getFinishedSpans(), 'request')
    assert.ok(root)
    assert.equal(root.attributes['http.response.status_code'], 500)
    const errored = exporter
      .getFinishedSpans()
      .filter((s) => s.status.code === SpanStatusCode.ERROR)
    assert.ok(errored.length > 0, 'a span has the error status')
    exporter.reset()
    assert.equal((await app.inject({ url: '/health' })).body, 'up')
    assert.deepEqual(named(exporter.getFinishedSpans(), 'request'), [])
  })

  // As the OpenTelemetry Node SDK registers it: the plugin subscribes to Fastify's
  // 'fastify.initialization' diagnostics channel and instruments each app as it is created.
  test(`@fastify/otel (${line.name}): registerOnInitialization instruments an app it was not registered on`, async (t) => {
    exporter.reset()
    const automatic = new FastifyOtelInstrumentation({ registerOnInitialization: true })
    automatic.setTracerProvider(provider)
    t.after(() => automatic.disable())
    const app = line.app()
    t.after(() => app.close())
    app.get('/auto', async () => 'auto')
    await app.ready()
    assert.equal(app.hasPlugin('@fastify/otel'), true)
    assert.equal((await app.inject({ url: '/auto' })).body, 'auto')
    const [root] = named(exporter.getFinishedSpans(), 'request')
    assert.equal(root?.attributes['http.route'], '/auto')
  })
}
