import type { IncomingMessage, ServerResponse } from 'node:http'
import type lightMyRequestType from 'light-my-request'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { requireLazily } from '../config/lazy-require.ts'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { readyThen } from './boot.ts'
import { dispatch } from './http-server.ts'

type InjectCallback = (err: Error | null, res?: InjectResponse) => void

/**
 * In-process requests through light-my-request, as Fastify's `inject`: once the application
 * has started, straight to the router (a callback or a chain); before, after `ready()`, whose
 * error the callback gets or the chain rejects with. Once closing, it fails with
 * FST_ERR_REOPENED_CLOSE_SERVER.
 */
export function inject(
  root: RootState,
  options: InjectOptions | string | undefined,
  callback: InjectCallback | undefined,
): Chain | Promise<InjectResponse> | undefined {
  // A request that cannot start (a child logger factory that returns no logger) fails that
  // injection with its error instead of throwing where nobody catches it.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    try {
      dispatch(root, req, res)
    } catch (err) {
      res.emit('error', err)
    }
  }
  const lightMyRequest = requireLazily('light-my-request') as typeof lightMyRequestType
  if (root.started) {
    if (root.closing) {
      const error = new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
      if (callback === undefined) return Promise.reject(error)
      callback(error)
      return undefined
    }
    if (callback === undefined) return lightMyRequest(handle as never, options as InjectOptions)
    lightMyRequest(handle as never, options as InjectOptions, callback as never)
    return undefined
  }
  if (callback !== undefined) {
    readyThen(root, (err: Error | null) => {
      if (err) callback(err, null as never)
      else lightMyRequest(handle as never, options as InjectOptions, callback as never)
    })
    return undefined
  }
  const handleWhenReady = (req: IncomingMessage, res: ServerResponse) => {
    readyThen(root, (err: Error | null) => {
      if (err) res.emit('error', err)
      else handle(req, res)
    })
  }
  return lightMyRequest(handleWhenReady as never, options as InjectOptions)
}
