import type { ServerResponse } from 'node:http'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { runObserverHooks } from './hook-runner.ts'

// onTimeout hooks (with `connectionTimeout`): when a connection times out, every request still
// in flight on it runs its route's onTimeout hooks. One 'timeout' listener per connection, not
// one per request: node:http parses pipelined requests at once, and a listener each stacked
// past node's limit of ten (MaxListenersExceededWarning) on a busy keep-alive connection.

const kTimed = Symbol('arbor.timedReplies')
const kTimedSocket = Symbol('arbor.timedSocket')

/** A connection, or an HTTP/2 stream: what emits 'timeout' for a request. */
type TimedSocket = NodeJS.EventEmitter & { [kTimed]?: Reply[] }
type TimedResponse = ServerResponse & { [kTimedSocket]?: TimedSocket }

/** Runs the reply's onTimeout hooks if its connection times out before its response closes. */
export function watchSocketTimeout(reply: Reply, socket: NodeJS.EventEmitter): void {
  const timed = socket as TimedSocket
  let pending = timed[kTimed]
  if (pending === undefined) {
    pending = []
    timed[kTimed] = pending
    timed.on('timeout', onSocketTimeout)
  }
  pending.push(reply)
  const res = reply.raw as TimedResponse
  res[kTimedSocket] = timed
  // 'close' follows 'finish' too, and comes when the connection drops: the reply is forgotten
  // either way, so the connection holds no answered request.
  res.once('close', forgetReply)
}

function forgetReply(this: TimedResponse): void {
  const socket = this[kTimedSocket]
  if (socket === undefined) return
  this[kTimedSocket] = undefined
  const pending = socket[kTimed]
  if (pending === undefined) return
  const at = pending.findIndex((reply) => reply.raw === this)
  if (at >= 0) pending.splice(at, 1)
}

function onSocketTimeout(this: TimedSocket): void {
  const pending = this[kTimed]
  if (pending === undefined || pending.length === 0) return
  // A hook may end a response, which takes its reply off the list while this loop runs.
  for (const reply of pending.slice()) {
    runObserverHooks(reply.route.onTimeout!, reply.request, reply, undefined, false)
  }
}
