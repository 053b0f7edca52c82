// Fastify 5 with fastify-type-provider-zod's validator and serializer compilers, for the zod
// scenarios (bench/lib/zod-provider.ts installs them).
import { createRequire } from 'node:module'
import { zodProviderDir } from '../lib/zod-provider.ts'
import { announce, loadScenario, missingSetup } from './serve.ts'

const require = createRequire(`${zodProviderDir}package.json`)
const fastify = require('fastify') as (options?: object) => {
  setValidatorCompiler(compiler: unknown): void
  setSerializerCompiler(compiler: unknown): void
  listen(options: { port: number; host: string }): Promise<unknown>
  server: { address(): import('node:net').AddressInfo | string | null }
}
const provider = require('fastify-type-provider-zod') as {
  validatorCompiler: unknown
  serializerCompiler: unknown
}

const scenario = await loadScenario()
if (!scenario.fastify) missingSetup('fastify5-zod', scenario)
const app = fastify()
app.setValidatorCompiler(provider.validatorCompiler)
app.setSerializerCompiler(provider.serializerCompiler)
await scenario.fastify(app as never)
await app.listen({ port: 0, host: '127.0.0.1' })
announce(app.server.address())
