// @fastify/multipart 8 on arbor: multipart/form-data parsed by the content-type parser it adds,
// read through request.file() / request.parts(), or attached to the body with attachFieldsToBody.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import multipart from '@fastify/multipart'
import arbor from '../../src/index.ts'

const BOUNDARY = '----arbor-test-boundary'

function formData(parts: Array<{ name: string; value: string; filename?: string; type?: string }>) {
  const lines: string[] = []
  for (const part of parts) {
    lines.push(`--${BOUNDARY}`)
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    lines.push(`Content-Disposition: form-data; name="${part.name}"${filename}`)
    if (part.type !== undefined) lines.push(`Content-Type: ${part.type}`)
    lines.push('', part.value)
  }
  lines.push(`--${BOUNDARY}--`, '')
  return lines.join('\r\n')
}

// Observed on arbor, two causes:
// - registering without limits.fileSize throws "Cannot read properties of undefined (reading
//   'bodyLimit')": the plugin reads fastify.initialConfig.bodyLimit and arbor has no
//   initialConfig;
// - its multipart/form-data parser marks the request and calls done() with no arguments;
//   arbor treats that undefined error as an error (src/lifecycle/pipeline.ts readBody checks
//   parseErr !== null), skips the handler and sends an empty 200.
const INITIAL_CONFIG =
  'needs app.initialConfig (bodyLimit) and a parser done() without arguments to be a success'
const PARSER_DONE = 'needs a content-type parser calling done() without arguments to be a success'

const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }

// The plugin types request.file / request.parts on FastifyRequest; on arbor they are plain
// request decorators, reached through these narrow views.
type FilePart = {
  fieldname: string
  filename: string
  mimetype: string
  toBuffer(): Promise<Buffer>
  fields: Record<string, { value?: string } | undefined>
}
type MultipartRequest = { file(): Promise<FilePart | undefined> }

test('@fastify/multipart: request.file() reads an uploaded file and the fields before it', {
  todo: INITIAL_CONFIG,
}, async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(multipart)
  app.post('/upload', async (request) => {
    const file = await (request as unknown as MultipartRequest).file()
    assert.ok(file)
    return {
      field: file.fieldname,
      filename: file.filename,
      mimetype: file.mimetype,
      content: (await file.toBuffer()).toString('utf8'),
      title: file.fields.title?.value ?? null,
    }
  })
  const res = await app.inject({
    method: 'POST',
    url: '/upload',
    headers,
    payload: formData([
      { name: 'title', value: 'my notes' },
      { name: 'doc', value: 'hello multipart', filename: 'notes.txt', type: 'text/plain' },
    ]),
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), {
    field: 'doc',
    filename: 'notes.txt',
    mimetype: 'text/plain',
    content: 'hello multipart',
    title: 'my notes',
  })
})

test('@fastify/multipart: attachFieldsToBody "keyValues" makes the form the validated body', {
  todo: INITIAL_CONFIG,
}, async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(multipart, { attachFieldsToBody: 'keyValues' })
  app.post(
    '/form',
    {
      schema: {
        body: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 } },
          required: ['name'],
        },
      },
    },
    async (request) => {
      // keyValues: a field is its string value, a file its content as a Buffer.
      const body = request.body as { name: string; doc: Buffer }
      return { name: body.name, doc: body.doc.toString('utf8') }
    },
  )
  const res = await app.inject({
    method: 'POST',
    url: '/form',
    headers,
    payload: formData([
      { name: 'name', value: 'Ada' },
      { name: 'doc', value: 'file text', filename: 'a.txt', type: 'text/plain' },
    ]),
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { name: 'Ada', doc: 'file text' })
  const missing = await app.inject({
    method: 'POST',
    url: '/form',
    headers,
    payload: formData([{ name: 'other', value: 'x' }]),
  })
  assert.equal(missing.statusCode, 400)
})

test('@fastify/multipart: a file over limits.fileSize is refused with 413', {
  todo: PARSER_DONE,
}, async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(multipart, { limits: { fileSize: 8 } })
  app.post('/upload', async (request) => {
    const file = await (request as unknown as MultipartRequest).file()
    await file?.toBuffer()
    return 'stored'
  })
  const res = await app.inject({
    method: 'POST',
    url: '/upload',
    headers,
    payload: formData([{ name: 'doc', value: 'far more than eight bytes', filename: 'big.txt' }]),
  })
  assert.equal(res.statusCode, 413)
  assert.equal(res.json().code, 'FST_REQ_FILE_TOO_LARGE')
})
