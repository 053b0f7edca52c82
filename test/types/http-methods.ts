// Type tests: supportedMethods, the trace() and query() shorthands, and the shorthand that
// addHttpMethod adds, typed on the instance it returns.
import arbor, { type ArborInstance } from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

expectType<string[]>()(app.supportedMethods)
// @ts-expect-error supportedMethods is read-only
app.supportedMethods = []

app.trace('/t', async () => 'traced')
app.query<{ Body: { filter: string } }>('/q', async (request) => {
  expectType<{ filter: string }>()(request.body)
  return request.body.filter
})

const dav = app.addHttpMethod('PROPFIND').addHttpMethod('LOCK', { hasBody: true })
dav.propfind('/files/*', async () => 'listing')
dav.lock<{ Body: { owner: string } }>('/files/*', { schema: {} }, async (request) => {
  expectType<{ owner: string }>()(request.body)
  return request.body.owner
})
// The shorthand returns the instance, so routes chain, added shorthands included.
dav
  .propfind('/a', async () => '')
  .lock('/b', async () => '')
  .get('/c', async () => '')
expectType<typeof dav>()(dav.propfind('/e', async () => ''))
const asInstance: ArborInstance = dav
asInstance.get('/d', async () => '')
// @ts-expect-error no MKCOL was added: no mkcol shorthand in the type
dav.mkcol('/c', async () => '')
// @ts-expect-error options are { hasBody?, overrideExisting? }
app.addHttpMethod('COPY', { body: true })
