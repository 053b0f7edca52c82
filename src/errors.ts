// The error table: every FST_ERR_* class arbor throws, by code. The class and `define` are in
// errors/error-class.ts; the table is written in two halves (errors/codes-*.ts), in Fastify's
// order, which this file joins in that order.

import { routeAndServerErrors } from './errors/codes-routes-and-server.ts'
import { setupAndReplyErrors } from './errors/codes-setup-and-reply.ts'
import { alsoTypeErrors } from './errors/error-class.ts'

export {
  ArborError,
  type ArborErrorClass,
  type ArborErrorShape,
  callableClass,
} from './errors/error-class.ts'

/** The table of every error arbor throws, by code. */
export const errorCodes = { ...setupAndReplyErrors, ...routeAndServerErrors } as const

export type ErrorCode = keyof typeof errorCodes

alsoTypeErrors(errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE)
