// Writes the apps the type-check benchmark compiles: the same N routes, each with its own
// `as const` body, querystring and response schemas, once on arbor (built-in inference) and once
// on Fastify 4 with @fastify/type-provider-json-schema-to-ts. Only the first lines differ. The
// client rows (client-apps.ts) write the same routes chained, with a client calling each.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { arborClientApp, honoClientApp } from './client-apps.ts'

export type Framework = 'arbor' | 'fastify' | 'arbor-client' | 'arbor-client-chain' | 'hono-client'

const methods = ['post', 'put', 'patch'] as const

/** One route: its schemas use names of their own, so no two routes share a type. */
export function route(i: number, receiver = 'app'): string {
  const method = methods[i % methods.length]
  return `
${receiver}.${method}(
  '/items${i}/:id',
  {
    schema: {
      body: {
        type: 'object',
        properties: {
          name${i}: { type: 'string' },
          count${i}: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
          kind: { type: 'string', enum: ['a', 'b', 'c'] },
        },
        required: ['name${i}', 'count${i}'],
        additionalProperties: false,
      },
      querystring: {
        type: 'object',
        properties: { page${i}: { type: 'integer' }, sort: { type: 'string' } },
        required: ['page${i}'],
      },
      response: {
        200: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            label${i}: { type: 'string' },
            total: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
          },
          required: ['id', 'label${i}', 'total'],
        },
      },
    } as const,
  },
  async (request) => {
    const { name${i}, count${i}, tags } = request.body
    return {
      id: name${i},
      label${i}: request.query.sort ?? 'none',
      total: count${i} + request.query.page${i},
      tags,
    }
  },
)
`
}

function header(framework: Framework): string {
  if (framework === 'arbor') {
    return `import arbor from 'arbor'

const app = arbor()
`
  }
  return `import Fastify from 'fastify'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'

const app = Fastify().withTypeProvider<JsonSchemaToTsProvider>()
`
}

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  files: ['app.ts'],
}

/** Writes `<dir>/<framework>/app.ts` and its tsconfig.json; returns the app's folder. */
export function generateApp(dir: string, framework: Framework, routes: number): string {
  const appDir = join(dir, framework)
  mkdirSync(appDir, { recursive: true })
  let source: string
  if (framework === 'arbor-client') source = arborClientApp(routes, route, 20)
  else if (framework === 'arbor-client-chain') source = arborClientApp(routes, route, 0)
  else if (framework === 'hono-client') source = honoClientApp(routes)
  else {
    source = header(framework)
    for (let i = 0; i < routes; i++) source += route(i)
    source += '\nexport default app\n'
  }
  writeFileSync(join(appDir, 'app.ts'), source)
  writeFileSync(join(appDir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
  // The apps are ES modules, as the repo is.
  writeFileSync(join(appDir, 'package.json'), '{ "type": "module" }\n')
  return appDir
}
