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
  // On a started app the request is dispatched within `inject()`, so a request that cannot
  // start (a child logger factory that returns no logger, FST_ERR_LOG_INVALID_LOGGER) throws
  // from it, as in Fastify (a chain rejects). Dispatched later, after ready, nobody would catch
  // the throw: that injection fails with the error instead.
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
    const started = (req: IncomingMessage, res: ServerResponse) => dispatch(root, req, res)
    if (callback === undefined) return lightMyRequest(started as never, options as InjectOptions)
    lightMyRequest(started as never, options as InjectOptions, callback as never)
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
