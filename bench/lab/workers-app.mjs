// The app of bench/lab/workers.ts, started by `arbor start`: bench's hello and schema routes.
const body = {
  type: 'object',
  required: ['name', 'price', 'tags'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    price: { type: 'number', minimum: 0 },
    quantity: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    active: { type: 'boolean' },
  },
}
const response = {
  200: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      price: { type: 'number' },
      quantity: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
      active: { type: 'boolean' },
    },
  },
}

export default async function app(app) {
  app.get('/', () => ({ hello: 'world' }))
  app.post('/items', { schema: { body, response } }, (request) => ({
    id: 1,
    ...request.body,
    internal: 'dropped',
  }))
}
