// Type tests: decorators typed along the chain that added them, without declaration merging;
// plugins and register carrying those types; a plugin in its own file.
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'
import { expectType } from './expect.ts'
import adminRoutes, { type User } from './fixtures/needs-user.ts'
import usersRoutes from './fixtures/users-routes.ts'

const app = arbor()

// ---- decorate, decorateRequest, decorateReply ----

const withDb = app.decorate('db', { query: (sql: string) => sql.length })
expectType<number>()(withDb.db.query('select 1'))
// @ts-expect-error the statement did not change `app`'s type: chain, or keep what it returns
app.db

const withUser = app
  .decorateRequest('user', null as User | null)
  .decorateReply('sendOk', function (this: { send(payload: unknown): unknown }) {
    return this.send({ ok: true })
  })

withUser.get('/me', (request, reply) => {
  expectType<User | null>()(request.user)
  reply.sendOk()
  return request.user
})

// The decorator reaches the hooks of the chain too.
withUser.addHook('preHandler', async (request) => {
  request.user = { id: '1', admin: false }
})

// A getter-backed decorator has its getter's type.
app.decorateRequest('startedAt', { getter: () => Date.now() }).get('/t', (request) => {
  expectType<number>()(request.startedAt)
})

// Not on `app` itself, nor on a sibling context.
app.get('/no-user', (request, reply) => {
  // @ts-expect-error `user` was added on another chain
  request.user
  // @ts-expect-error so was `sendOk`
  reply.sendOk()
})
app.register(async (sibling) => {
  sibling.get('/sibling', (request) => {
    // @ts-expect-error a sibling context does not see `user`
    request.user
  })
})

// ---- register ----

// A child context sees what its parent's type has.
withUser.register(async (child) => {
  child.get('/child', (request) => {
    expectType<User | null>()(request.user)
  })
  // and what it adds itself stays its own
  const own = child.decorate('own', 1)
  expectType<number>()(own.own)
})
// @ts-expect-error register's result is the parent's type: the child's `own` is not there
withUser.register(async (child) => child.decorate('own', 1)).own

// A plugin wrapped with plugin() runs in the parent's context: what its function returns
// (the instance it decorated) is added to the type register returns.
const auth = plugin(
  async (instance) =>
    instance
      .decorate('authenticate', (token: string) => token === 'ok')
      .decorateRequest('scope', ''),
  { name: 'auth' },
)
const authed = app.register(auth)
expectType<boolean>()(authed.authenticate('token'))
authed.get('/scoped', function (request) {
  expectType<string>()(request.scope)
  // `this` is the instance type of the chain
  expectType<boolean>()(this.authenticate('ok'))
})
// A callback-style wrapped plugin types the same way.
const counter = plugin((instance, _opts, done) => {
  done()
  return instance.decorate('counter', 0)
})
expectType<number>()(app.register(counter).counter)

// ---- plugins in their own files ----

// Inference inside a plugin written as `ArborPluginAsync` (fixtures/users-routes.ts).
app.register(usersRoutes, { table: 'users', prefix: '/v1' })
// A plugin that needs a decorator registers where the chain has it...
withUser.register(adminRoutes)
// @ts-expect-error ...and not where it is missing
app.register(adminRoutes)

// ---- declaration merging still works, for code written that way ----

interface Session {
  id: string
}
declare module '../../src/index.ts' {
  interface ArborReply {
    typeTestMergedSession: Session | null
  }
}
// A merged name keeps its declared type: decorateReply(name, null) does not narrow it to null.
app.decorateReply('typeTestMergedSession', null).get('/merged', (_request, reply) => {
  expectType<Session | null>()(reply.typeTestMergedSession)
  reply.typeTestMergedSession = { id: 's' }
})

// The instance types stay assignable to ArborInstance, for code that takes one.
const takesInstance = (_instance: ArborInstance): void => {}
takesInstance(withUser)
takesInstance(authed)

// ---- getDecorator / setDecorator (Fastify 5's): typed by the caller, any visible name ----

withUser.get('/by-name', (request, reply) => {
  expectType<User | null>()(request.getDecorator<User | null>('user'))
  request.setDecorator<User | null>('user', null)
  // @ts-expect-error the value must be of the type given
  request.setDecorator<User | null>('user', 42)
  expectType<() => unknown>()(reply.getDecorator<() => unknown>('sendOk'))
  expectType<unknown>()(request.server.getDecorator(Symbol.for('registered-plugin')))
})
