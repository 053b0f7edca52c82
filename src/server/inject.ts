import type { IncomingMessage, ServerResponse } from 'node:http'
import type lightMyRequestType from 'light-my-request'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { requireLazily } from '../config/lazy-require.ts'
import type { RootState } from '../context/state.ts'
import { ready } from './boot.ts'
import { dispatch } from './http-server.ts'

type InjectCallback = (err: Error | null, res?: InjectResponse) => void

export function inject(
  root: RootState,
  options: InjectOptions | string | undefined,
  callback: InjectCallback | undefined,
): Chain | Promise<InjectResponse> | undefined {
  const dispatchAfterReady = (req: IncomingMessage, res: ServerResponse) => {
    ready(root).then(
      () => dispatch(root, req, res),
      (err: Error) => {
        res.statusCode = 500
        res.end(
          JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: err.message }),
        )
      },
    )
  }
  const lightMyRequest = requireLazily('light-my-request') as typeof lightMyRequestType
  if (options === undefined) return lightMyRequest(dispatchAfterReady as never)
  const opts = typeof options === 'string' ? { url: options } : options
  const run = ready(root).then(() =>
    lightMyRequest(
      ((req: IncomingMessage, res: ServerResponse) => dispatch(root, req, res)) as never,
      opts,
    ),
  )
  if (callback === undefined) return run
  run.then(
    (res) => callback(null, res),
    (err: Error) => callback(err),
  )
  return undefined
}
