import type { RootState } from '../context/state.ts'
import { callAppHook } from './boot.ts'
import { closeWhenAnswered } from './connections.ts'

export function close(root: RootState): Promise<void> {
  root.closingPromise ??= closeOnce(root)
  return root.closingPromise
}

async function closeOnce(root: RootState): Promise<void> {
  if (root.booting !== null) await root.booting.catch(() => {})
  root.closing = true
  for (const [fn, ctx] of root.appHooks.preClose) {
    await callAppHook(fn, ctx, [], root.options.pluginTimeout, 'preClose').catch((err: Error) =>
      root.logger.error({ err }, 'preClose hook failed'),
    )
  }
  if (root.server.listening) {
    const closed = new Promise<void>((resolve) => root.server.close(() => resolve()))
    if (root.options.forceCloseConnections === true) root.server.closeAllConnections()
    else if (root.options.forceCloseConnections === 'idle') closeWhenAnswered(root.server)
    await closed
  }
  let failure: Error | null = null
  for (const [fn, ctx] of [...root.appHooks.onClose].reverse()) {
    await callAppHook(fn, ctx, [ctx], root.options.pluginTimeout, 'onClose').catch((err: Error) => {
      root.logger.error({ err }, 'onClose hook failed')
      failure ??= err
    })
  }
  root.closed = true
  root.listening = false
  if (failure !== null) throw failure
}
