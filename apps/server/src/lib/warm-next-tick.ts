/**
 * Calls `process.nextTick` many times before any other module is loaded. Node builds each tick's
 * record with an object literal whose first keys are computed (`[async_id_symbol]`); V8 keeps one
 * map of feedback for those keys and, once it sees a second, sends every later literal through its
 * runtime for the life of the process. Whether that happened depended on what ran while the process
 * started, and cost a third of the API's instructions per request. Made hot here first, the literal
 * is optimised on the one map it then keeps (docs/decisions/020-api-hot-path.md).
 */
export function warmNextTick(calls = 40_000): void {
  const noop = (_value: number) => {};
  for (let call = 0; call < calls; call += 1) process.nextTick(noop, call);
}
