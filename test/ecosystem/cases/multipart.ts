// @fastify/multipart cases shared by its Fastify 4 major (8) and its Fastify 5 major (10):
// multipart/form-data parsed by the content-type parser it adds, read through request.file() /
// request.parts() / saveRequestFiles(), or attached to the body with attachFieldsToBody.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { App, PluginCase } from './plugin-case.ts'

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

const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }

type FormPart = Parameters<typeof formData>[0][number]
/** POSTs `parts` to `url` as multipart/form-data through inject. */
function postForm(app: App, url: string, parts: FormPart[]) {
  return app.inject({ method: 'POST', url, headers, payload: formData(parts) })
}

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

type Part =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; toBuffer(): Promise<Buffer> }
type PartsRequest = { parts(): AsyncIterable<Part> }
export type Saved = { fieldname: string; filename: string; filepath: string }

export interface MultipartCase extends PluginCase {
  /** The files out of what request.saveRequestFiles() resolves: its shape differs by major. */
  savedFiles(result: unknown): Saved[]
}

export function multipartCases({ plugin, app: makeApp, label, savedFiles }: MultipartCase): void {
  test(`${label}: request.file() reads an uploaded file and the fields before it`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
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
    const res = await postForm(app, '/upload', [
      { name: 'title', value: 'my notes' },
      { name: 'doc', value: 'hello multipart', filename: 'notes.txt', type: 'text/plain' },
    ])
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), {
      field: 'doc',
      filename: 'notes.txt',
      mimetype: 'text/plain',
      content: 'hello multipart',
      title: 'my notes',
    })
  })

  test(`${label}: attachFieldsToBody "keyValues" makes the form the validated body`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { attachFieldsToBody: 'keyValues' })
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
    const res = await postForm(app, '/form', [
      { name: 'name', value: 'Ada' },
      { name: 'doc', value: 'file text', filename: 'a.txt', type: 'text/plain' },
    ])
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'Ada', doc: 'file text' })
    const missing = await postForm(app, '/form', [{ name: 'other', value: 'x' }])
    assert.equal(missing.statusCode, 400)
  })

  test(`${label}: a file over limits.fileSize is refused with 413`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { limits: { fileSize: 8 } })
    app.post('/upload', async (request) => {
      const file = await (request as unknown as MultipartRequest).file()
      await file?.toBuffer()
      return 'stored'
    })
    const res = await postForm(app, '/upload', [
      { name: 'doc', value: 'far more than eight bytes', filename: 'big.txt' },
    ])
    assert.equal(res.statusCode, 413)
    assert.equal(res.json().code, 'FST_REQ_FILE_TOO_LARGE')
  })

  test(`${label}: over real HTTP, request.parts() yields fields and files in order`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    app.post('/parts', async (request) => {
      const seen: string[] = []
      for await (const part of (request as unknown as PartsRequest).parts()) {
        if (part.type === 'field') seen.push(`field ${part.fieldname}=${part.value}`)
        else seen.push(`file ${part.fieldname} ${part.filename}: ${await part.toBuffer()}`)
      }
      return seen
    })
    const port = await listenLocal(app)
    const form = new FormData()
    form.append('title', 'two files')
    form.append('first', new Blob(['one'], { type: 'text/plain' }), 'a.txt')
    form.append('second', new Blob(['two'], { type: 'text/plain' }), 'b.txt')
    const res = await fetch(`http://127.0.0.1:${port}/parts`, { method: 'POST', body: form })
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), [
      'field title=two files',
      'file first a.txt: one',
      'file second b.txt: two',
    ])
  })

  test(`${label}: without limits.fileSize, a file over the app's bodyLimit is refused with 413`, async (t) => {
    // The plugin's default fileSize is app.initialConfig.bodyLimit.
    const app = makeApp({ bodyLimit: 16 })
    t.after(() => app.close())
    await app.register(plugin)
    app.post('/upload', async (request) => {
      const file = await (request as unknown as MultipartRequest).file()
      return (await file?.toBuffer())?.toString('utf8') ?? null
    })
    const small = await postForm(app, '/upload', [
      { name: 'doc', value: 'tiny', filename: 'a.txt' },
    ])
    assert.equal(small.statusCode, 200)
    assert.equal(small.body, 'tiny')
    const big = await postForm(app, '/upload', [
      { name: 'doc', value: 'x'.repeat(64), filename: 'b.txt' },
    ])
    assert.equal(big.statusCode, 413)
    assert.equal(big.json().code, 'FST_REQ_FILE_TOO_LARGE')
  })

  test(`${label}: request.file() on a request that is not multipart is a 406`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    app.post('/upload', async (request) => {
      assert.equal((request as unknown as { isMultipart(): boolean }).isMultipart(), false)
      return (await (request as unknown as MultipartRequest).file()) ?? null
    })
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { not: 'a form' } })
    assert.equal(res.statusCode, 406)
    assert.equal(res.json().code, 'FST_INVALID_MULTIPART_CONTENT_TYPE')
  })

  test(`${label}: request.saveRequestFiles() stores each file on disk for the handler`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    app.post('/save', async (request) => {
      const files = savedFiles(
        await (request as unknown as { saveRequestFiles(): Promise<unknown> }).saveRequestFiles(),
      )
      return Promise.all(
        files.map(async (file) => ({
          field: file.fieldname,
          filename: file.filename,
          content: await readFile(file.filepath, 'utf8'),
        })),
      )
    })
    const port = await listenLocal(app)
    const form = new FormData()
    form.append('doc', new Blob(['on disk'], { type: 'text/plain' }), 'disk.txt')
    const res = await fetch(`http://127.0.0.1:${port}/save`, { method: 'POST', body: form })
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), [{ field: 'doc', filename: 'disk.txt', content: 'on disk' }])
  })
}
