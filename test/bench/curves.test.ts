// bench/curves: each curve's app answers its own requests on arbor and both Fastify lines (the
// answers the benchmark checks before it measures), the slope comparison flags a ratio that
// grows beyond the noise, and the SVG writer draws what it is given.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CURVES } from '../../bench/curves/curves.ts'
import { BEND_NOISE, bends, type PointSummary } from '../../bench/curves/results.ts'
import { chart } from '../../bench/curves/svg.ts'
import type { FastifyStyleApp } from '../../bench/lib/scenario.ts'
import arbor from '../../src/index.ts'

for (const curve of CURVES) {
  test(`curve ${curve.name}: the app at its smallest and at a middle size answers every request`, async () => {
    for (const size of [curve.sizes[0]!, curve.sizes[1]!]) {
      const app = arbor(curve.options?.(size) ?? {})
      try {
        await curve.build(app as unknown as FastifyStyleApp, size)
        for (const request of curve.requests(size).slice(0, 20)) {
          const response = await app.inject({
            method: request.method,
            url: request.path,
            ...(request.payload === undefined
              ? {}
              : { payload: request.payload, headers: { 'content-type': 'application/json' } }),
          })
          assert.equal(response.statusCode, request.status, `${request.method} ${request.path}`)
          assert.equal(response.body, request.body, `${request.method} ${request.path}`)
        }
      } finally {
        await app.close()
      }
    }
  })
}

const point = (size: number, arborCpu: number, fastifyCpu: number): PointSummary => {
  const s = (v: number) => ({ median: v, min: v, max: v, n: 1 })
  const framework = (cpu: number) => ({
    cpuUsPerRequest: s(cpu),
    reqPerSec: s(1000 / cpu),
    peakRssMB: null,
    readyMs: null,
    readyRssMB: null,
    errors: 0,
  })
  return {
    size,
    frameworks: { arbor: framework(arborCpu), fastify5: framework(fastifyCpu) },
    ratios: { fastify5: { cpu: s(arborCpu / fastifyCpu), requests: s(fastifyCpu / arborCpu) } },
  }
}

test('bends: a ratio to Fastify 5 that grows beyond the noise between two sizes is flagged', () => {
  const list = bends('hooks', [point(0, 10, 10), point(5, 10.2, 10), point(20, 13, 10)])
  const step = (from: number, to: number) => list.find((b) => b.from === from && b.to === to)!
  assert.equal(step(0, 5).flagged, false)
  assert.ok(step(5, 20).bend > BEND_NOISE)
  assert.equal(step(5, 20).flagged, true)
  // first to last as well
  assert.equal(step(0, 20).flagged, true)
})

test('bends: curves that grow alike are not flagged, whatever their level', () => {
  const list = bends('body', [point(1, 5, 6), point(10, 50, 60), point(100, 500, 600)])
  assert.equal(
    list.some((b) => b.flagged),
    false,
  )
})

test('chart: one polyline per series, log axes skip values they cannot place', () => {
  const svg = chart([
    {
      title: 'a & b',
      xLabel: 'size',
      yLabel: 'µs',
      xLog: true,
      yLog: true,
      series: [
        {
          name: 'arbor',
          color: '#00f',
          points: [
            [1, 10],
            [10, 0],
            [100, 1000],
          ],
        },
        { name: 'none', color: '#f00', points: [[1, Number.NaN]] },
      ],
      band: { from: 0.97, to: 1.04, label: 'noise' },
    },
  ])
  assert.match(svg, /^<svg [^>]*viewBox="0 0 420 300"/)
  assert.equal(svg.match(/<polyline /g)?.length, 1)
  // the 0 on a log axis is left out: two points drawn
  assert.equal(svg.match(/<circle /g)?.length, 2)
  assert.match(svg, /a &amp; b/)
})
