import { executionAsyncResource } from 'node:async_hooks';

/** One of Node's own `process.nextTick` records, held for the life of the process. */
let keptRecord: object | undefined;

/**
 * Node builds the record of every `process.nextTick` with an object literal whose first keys are
 * computed (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`). For each key
 * after the first, V8 remembers the one map the literal had there; on meeting another map it sends
 * that key of every later literal through its runtime, for the life of the process, and a tick
 * then costs four to five times as much. V8 holds the maps it remembers weakly: a full garbage
 * collection that finds no record alive (while the process loads its modules, or idles between
 * bursts of requests) frees them, and the next record is built on new ones. Holding one record
 * keeps its maps, and so the literal's, alive (bench/measurements/hot-path/026-next-tick-record-kept.md).
 *
 * Call it first thing in the process, before other modules load.
 */
export function keepNextTickRecord(): void {
  if (keptRecord) return;
  // Inside a tick's callback, the running async resource is that tick's record.
  process.nextTick(() => {
    keptRecord = executionAsyncResource();
  });
}

/** The record kept by `keepNextTickRecord`, once its tick has run. */
export function keptNextTickRecord(): object | undefined {
  return keptRecord;
}
