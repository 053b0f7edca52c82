import type { Http2Server } from 'node:http2'
import { errorFirstCallback, onCloseCallback } from '../context/loader/user-callbacks.ts'
import type { RootState } from '../context/state.ts'
import { runApplicationHooks } from './boot.ts'
import { closeAll, closeWhenAnswered, keepingOwedConnections } from './connections.ts'
import { closeSessions } from './http2-sessions.ts'

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
      const options = root.options
      const factoryServer = options.serverFactory !== undefined
      if (factoryServer && !root.listening) {
        // A serverFactory server that arbor did not start is the caller's to close, as in
        // Fastify. Every other server is closed even when not listening ("not running" is no
        // error here), so that none is leaked.
        root.closed = true
        process.nextTick(done)
        return
      }
      const stopServer = () =>
        server.close(() => {
          root.listening = false
          root.closed = true
          done()
        })
      // node 20's close() waits for every HTTP/2 session and nothing else ends them
      if (options.initialConfig.http2 === true && !factoryServer) {
        closeSessions(server as unknown as Http2Server, options.forceCloseConnections === true)
      }
      if (!root.listening) stopServer()
      else if (options.forceCloseConnections === 'idle') {
        // node's server.close() closes idle connections itself; the line table says whether
        // arbor also does so first on a server it built (config/fastify-lines.ts). Neither may
        // drop a connection that still owes a response: closeWhenAnswered closes those.
        keepingOwedConnections(
          server,
          () => {
            closeWhenAnswered(server, factoryServer || options.line.closeIdleOnOwnServer)
            stopServer()
          },
          false,
        )
      } else if (options.forceCloseConnections === true) {
        closeAll(server)
        stopServer()
      } else {
        // node's server.close() closes the idle connections (Node >= 19): not one whose
        // response pipelined behind the last one it wrote is still waiting to go (issue 41)
        keepingOwedConnections(server, stopServer, true)
      }
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
