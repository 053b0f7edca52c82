// What a scenario is: the requests the load generator sends, the exact answer each one must
// get, and how every framework builds the server that gives it. A scenario is one file in
// bench/scenarios/; the runner finds it by name, so a new scenario is a single new file. A framework the scenario has no setup for is skipped, not failed.
import type { RequestListener } from 'node:http'
import type { Express } from 'express'
import type { Hono } from 'hono'

/** The request as arbor, Fastify 4 and Fastify 5 hand it to hooks and handlers. */
export interface FastifyStyleRequest {
  params: Record<string, string>
  body: unknown
  [decorator: string]: unknown
}

export type FastifyStyleHandler = (request: FastifyStyleRequest, reply: unknown) => unknown

export type FastifyStylePlugin = (
  instance: FastifyStyleApp,
  options: Record<string, unknown>,
) => Promise<void>

/**
 * The part of the Fastify 4 instance API the scenarios use. arbor, Fastify 4 and Fastify 5
 * all provide it, so one setup function builds the same server on each of them.
 */
export interface FastifyStyleApp {
  get(path: string, handler: FastifyStyleHandler): unknown
  route(options: {
    method: 'GET' | 'POST'
    url: string
    schema?: Record<string, unknown>
    handler: FastifyStyleHandler
  }): unknown
  register(plugin: FastifyStylePlugin, options?: { prefix?: string }): unknown
  decorateRequest(name: string, value: unknown): unknown
  addHook(
    name: 'onRequest' | 'preHandler',
    hook:
      | ((request: FastifyStyleRequest, reply: unknown, done: () => void) => void)
      | ((request: FastifyStyleRequest, reply: unknown) => Promise<void>),
  ): unknown
}

/** One request of the load, with the answer every framework must give to it. */
export interface ScenarioRequest {
  method: 'GET' | 'POST'
  path: string
  /** A POST's JSON request body, sent with `content-type: application/json`. */
  payload?: string
  /** The exact answer. */
  status: number
  body: string
}

export interface Scenario {
  name: string
  /** One line for the report: what the scenario exercises. */
  description: string
  /** Sent in this order by every connection, over and over; each is checked once first. */
  requests: ScenarioRequest[]
  /** The frameworks that run it, when not every one with a setup can (a zod-only scenario). */
  frameworks?: string[]
  /** arbor, Fastify 4 and Fastify 5. */
  fastify?: (app: FastifyStyleApp) => void | Promise<void>
  express?: (app: Express) => void
  hono?: (app: Hono) => void
  /** The floor: raw node:http, no framework. */
  node?: () => RequestListener
}

/** Writes a JSON body the way the frameworks do: with its length and a JSON content type. */
export function sendJson(
  res: Parameters<RequestListener>[1],
  status: number,
  payload: unknown,
): void {
  const body = JSON.stringify(payload)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}
