// Type tests: an HTTP/2 app takes node's http2 server options in `http` (and in `https` with
// TLS) and arbor's `http2Limits`, an object of numbers or `false`.
import arbor from '../../src/index.ts'

arbor({
  http2: true,
  http: { settings: { maxConcurrentStreams: 50, maxHeaderListSize: 8192 }, maxSessionMemory: 5 },
  http2Limits: { maxConcurrentStreams: 50, maxPingsPerSecond: 5, closeTimeout: 10_000 },
})
arbor({ http2: true, https: { key: 'k', cert: 'c', settings: { maxConcurrentStreams: 50 } } })
arbor({ http2: true, http2Limits: false })

// @ts-expect-error a limit is a number
arbor({ http2: true, http2Limits: { maxPingsPerSecond: '10' } })
// @ts-expect-error `true` is no set of limits: the defaults apply without it
arbor({ http2: true, http2Limits: true })
