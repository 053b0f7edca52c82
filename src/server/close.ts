import type { RootState } from '../context/state.ts'
import { errorFirstCallback, onCloseCallback } from '../context/user-callbacks.ts'
import { runApplicationHooks } from './boot.ts'
import { closeAll, closeWhenAnswered } from './connections.ts'

/**
 * The first step of closing, queued as an onClose hook once every plugin has loaded (so it
 * runs before the onClose hooks added while loading, which run last added first): new
 * requests are refused, preClose hooks run, then the server stops accepting connections.
 */
export function queueServerClose(root: RootState): void {
  const instance = root.rootState.instance
  const closeServer = (_instance: unknown, done: () => void) => {
    root.closing = true
    runApplicationHooks(root, 'preClose', () => {
      const server = root.server
      if (root.listening) {
        if (root.options.forceCloseConnections === 'idle') closeWhenAnswered(server)
        else if (root.options.forceCloseConnections === true) closeAll(server)
      }
      // Closed even when not listening, as Fastify does; "not running" is no error here.
      server.close(() => {
        root.listening = false
        root.closed = true
        done()
      })
    })
  }
  root.loader.onClose(onCloseCallback(closeServer, instance))
}

/**
 * `close()`: loads the application first if it never started, then runs the close queue:
 * preClose hooks, the server's close, onClose hooks. With a callback, it gets the error of a
 * failed onClose hook, if any; without, the promise rejects with it.
 */
export function close(root: RootState, callback?: Function): Promise<void> | undefined {
  let promise: Promise<void> | undefined
  if (callback !== undefined) {
    root.loader.close(errorFirstCallback(callback, root.rootState.instance))
  } else {
    promise = new Promise<void>((resolve, reject) => {
      root.loader.close((err: Error | null) => (err ? reject(err) : resolve()))
    })
  }
  // Whether close() was called (listen refuses then), settled once this close has run.
  root.closingPromise ??= new Promise<void>((resolve) => root.loader.close(() => resolve()))
  return promise
}
