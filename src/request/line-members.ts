import type { FastifyLine } from '../config/fastify-lines.ts'
import { hostWithoutPort } from './request.ts'
import type { ReplyClass, RequestClass } from './route-context.ts'

/**
 * Gives an application's root Request and Reply classes the members whose behaviour depends on
 * its Fastify line (config/fastify-lines.ts). Run once per application, on classes of its own,
 * so the per-request path reads a plain getter and never the line.
 */
export function installLineMembers(
  Request: RequestClass,
  _Reply: ReplyClass,
  line: FastifyLine,
): void {
  if (!line.hostnameWithPort) {
    Object.defineProperty(Request.prototype, 'hostname', {
      get(this: { host: string }) {
        return hostWithoutPort(this.host)
      },
      configurable: true,
    })
  }
}
