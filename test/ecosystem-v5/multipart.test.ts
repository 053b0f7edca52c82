// @fastify/multipart 10 (the Fastify 5 major) on arbor, in both lines: multipart/form-data parsed
// by the content-type parser it adds, read through request.file() / request.parts() /
// saveRequestFiles(), or attached to the validated body, and its 413 over the size limit.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import multipart from '@fastify/multipart-v5'
import { lines, overHttp } from './lines.ts'

const BOUNDARY = '----arbor-test-boundary'

function formData(parts: Array<{ name: string; value: string; filename?: string; type?: string }>) {
  const text: string[] = []
  for (const part of parts) {
    text.push(`--${BOUNDARY}`)
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    text.push(`Content-Disposition: form-data; name="${part.name}"${filename}`)
    if (part.type !== undefined) text.push(`Content-Type: ${part.type}`)
    text.push('', part.value)
  }
  text.push(`--${BOUNDARY}--`, '')
  return text.join('\r\n')
}

const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }

// The plugin types its request decorators on FastifyRequest; on arbor they are plain request
// decorators, reached through these narrow views.
type FilePart = {
  fieldname: string
  filename: string
  mimetype: string
  toBuffer(): Promise<Buffer>
  fields: Record<string, { value?: string } | undefined>
}
type Part =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; toBuffer(): Promise<Buffer> }
type Saved = { fieldname: string; filename: string; filepath: string }
type MultipartRequest = {
  file(): Promise<FilePart | undefined>
  parts(): AsyncIterable<Part>
  // multipart 10 resolves { files, values } (multipart 8: the array of files).
  saveRequestFiles(): Promise<{ files: Saved[]; values: Record<string, unknown> }>
  isMultipart(): boolean
}
const multipartOf = (request: unknown) => request as MultipartRequest

for (const line of lines) {
  async function build(options: Record<string, unknown> = {}) {
    const app = line.app()
    await app.register(multipart, options)
    app.post('/upload', async (request) => {
      const file = await multipartOf(request).file()
      assert.ok(file)
      return {
        field: file.fieldname,
        filename: file.filename,
        mimetype: file.mimetype,
        content: (await file.toBuffer()).toString('utf8'),
        title: file.fields.title?.value ?? null,
      }
    })
    app.post('/parts', async (request) => {
      const seen: string[] = []
      for await (const part of multipartOf(request).parts()) {
        if (part.type === 'field') seen.push(`field ${part.fieldname}=${part.value}`)
        else seen.push(`file ${part.fieldname} ${part.filename}: ${await part.toBuffer()}`)
      }
      return seen
    })
    app.post('/save', async (request) => {
      const { files } = await multipartOf(request).saveRequestFiles()
      return Promise.all(
        files.map(async (file) => ({
          field: file.fieldname,
          filename: file.filename,
          content: await readFile(file.filepath, 'utf8'),
        })),
      )
    })
    return app
  }

  test(`@fastify/multipart 10 (${line.name}): request.file() reads an uploaded file and the fields before it`, async (t) => {
    const app = await build()
    t.after(() => app.close())
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

  test(`@fastify/multipart 10 (${line.name}): over HTTP parts() yields fields and files in order, saveRequestFiles() stores them`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const form = new FormData()
    form.append('title', 'two files')
    form.append('first', new Blob(['one'], { type: 'text/plain' }), 'a.txt')
    form.append('second', new Blob(['two'], { type: 'text/plain' }), 'b.txt')
    const parts = await request('/parts', { method: 'POST', body: form })
    assert.equal(parts.status, 200)
    assert.deepEqual(await parts.json(), [
      'field title=two files',
      'file first a.txt: one',
      'file second b.txt: two',
    ])
    const upload = new FormData()
    upload.append('doc', new Blob(['on disk'], { type: 'text/plain' }), 'disk.txt')
    const saved = await request('/save', { method: 'POST', body: upload })
    assert.equal(saved.status, 200)
    assert.deepEqual(await saved.json(), [
      { field: 'doc', filename: 'disk.txt', content: 'on disk' },
    ])
  })

  test(`@fastify/multipart 10 (${line.name}): attachFieldsToBody keyValues makes the form the validated body`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(multipart, { attachFieldsToBody: 'keyValues' })
    const body = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    }
    app.post('/form', { schema: { body } }, async (request) => {
      // keyValues: a field is its string value, a file its content as a Buffer.
      const form = request.body as { name: string; doc: Buffer }
      return { name: form.name, doc: form.doc.toString('utf8') }
    })
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers,
      payload: formData([
        { name: 'name', value: 'Ada' },
        { name: 'doc', value: 'file text', filename: 'a.txt', type: 'text/plain' },
      ]),
    })
    assert.deepEqual(res.json(), { name: 'Ada', doc: 'file text' })
    const missing = await app.inject({
      method: 'POST',
      url: '/form',
      headers,
      payload: formData([{ name: 'other', value: 'x' }]),
    })
    assert.equal(missing.statusCode, 400)
  })

  test(`@fastify/multipart 10 (${line.name}): a file over limits.fileSize gets 413, a JSON body 406`, async (t) => {
    const app = await build({ limits: { fileSize: 8 } })
    t.after(() => app.close())
    const big = await app.inject({
      method: 'POST',
      url: '/upload',
      headers,
      payload: formData([{ name: 'doc', value: 'far more than eight bytes', filename: 'big.txt' }]),
    })
    assert.equal(big.statusCode, 413)
    assert.equal(big.json().code, 'FST_REQ_FILE_TOO_LARGE')
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { not: 'a form' } })
    assert.equal(json.statusCode, 406)
    assert.equal(json.json().code, 'FST_INVALID_MULTIPART_CONTENT_TYPE')
  })
}
