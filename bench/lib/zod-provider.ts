// Fastify 5 with fastify-type-provider-zod lives in bench/zod-provider/, with its own
// package.json and lock: the provider's peers (`fastify`, `@fastify/swagger` 9) would clash with
// the root's aliases. Installed there on first use, never by the root's npm ci.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The folder whose node_modules hold Fastify 5 and the provider. */
export const zodProviderDir = fileURLToPath(
  // this file runs from bench/lib/ under tsx and from bench/dist/lib/ once compiled
  new URL(
    import.meta.url.includes('/bench/dist/') ? '../../zod-provider/' : '../zod-provider/',
    import.meta.url,
  ),
)

/** Installs the folder's packages (npm ci) when they are not there yet. */
export function installZodProvider(): void {
  if (existsSync(`${zodProviderDir}node_modules/fastify-type-provider-zod`)) return
  console.log('installing Fastify 5 and fastify-type-provider-zod in bench/zod-provider/ (npm ci)')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: zodProviderDir, stdio: 'inherit' })
}
