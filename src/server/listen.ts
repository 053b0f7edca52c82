import type { AddressInfo } from 'node:net'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { ListeningAddress, ListenOptions } from '../types/server.ts'
import { callAppHook, ready } from './boot.ts'

export async function listen(root: RootState, options: ListenOptions): Promise<string> {
  if (typeof options !== 'object' || options === null) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID(
      'listen expects an object { port, host, backlog }',
    )
  }
  const port = options.port === undefined ? 0 : Number(options.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID(
      `port must be an integer from 0 to 65535, got ${String(options.port)}`,
    )
  }
  const host = options.host ?? '127.0.0.1'
  if (typeof host !== 'string')
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID('host must be a string')
  if (root.closed || root.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  if (root.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  root.listening = true
  try {
    await ready(root)
    await new Promise<void>((resolve, reject) => {
      const server = root.server
      const onError = (err: Error) => {
        server.removeListener('listening', onListening)
        reject(err)
      }
      const onListening = () => {
        server.removeListener('error', onError)
        resolve()
      }
      server.once('error', onError)
      server.once('listening', onListening)
      server.listen({ port, host, backlog: options.backlog })
    })
  } catch (err) {
    root.listening = false
    throw err
  }
  const address = formatAddress(root.server.address() as AddressInfo)
  root.logger.info(`Server listening at ${address}`)
  for (const [fn, ctx] of root.appHooks.onListen) {
    await callAppHook(fn, ctx, [], root.options.pluginTimeout, 'onListen').catch((err: Error) =>
      root.logger.error({ err }, 'onListen hook failed'),
    )
  }
  return address
}

function formatAddress(info: AddressInfo): string {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
  return `http://${host}:${info.port}`
}

export function addresses(root: RootState): ListeningAddress[] {
  const info = root.server.address()
  if (info === null || typeof info === 'string') return []
  return [{ address: info.address, family: info.family, port: info.port }]
}
