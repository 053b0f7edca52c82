import { executionAsyncResource } from 'node:async_hooks'

// Node's process.nextTick builds each queued tick as an object literal with computed keys
// (`{ [async_id_symbol]: ..., [trigger_async_id_symbol]: ..., callback, args }`). V8 reaches
// such an object's shape through map transitions that it holds weakly: when a full garbage
// collection runs while no tick is queued, which is most of the time while a server starts,
// the shapes are dropped, the next tick gets new ones, and nextTick's property stores go
// megamorphic for the rest of the process. A server runs ~9 ticks per request; in that state
// each costs 0.28 µs instead of 0.02, and the process serves 30% fewer requests for its
// whole life (issue 12 notes: plugins scenario, 77k against 109k req/s). Whether it happens
// depends on where the collections fall during start-up, so a smaller heap draws it more.
// Keeping one tick object alive keeps its shapes, and nextTick's stores stay monomorphic.

// Held here, so the tick lives as long as the process.
const kept: object[] = []

/**
 * Keeps one of node's tick objects alive for the life of the process: inside a nextTick
 * callback, the current async resource is that tick. (An async_hooks `init` hook would hand
 * it over too, but enabling any hook, even for one call, sets V8's promise hooks, after which
 * every `await` in the process costs 50% more: 44 against 29 ns, measured.) Called once, when
 * arbor is loaded (server/create-app.ts).
 */
export function keepTickObjectShape(): void {
  process.nextTick(keepCurrentTick)
}

function keepCurrentTick(): void {
  kept.push(executionAsyncResource())
}
