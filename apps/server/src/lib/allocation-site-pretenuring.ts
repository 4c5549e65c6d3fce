import { setFlagsFromString } from 'node:v8';

/**
 * V8 watches each object or array literal: when most of what one allocates survives a young
 * collection, it decides, for the life of the process, to allocate that literal's objects in the
 * old generation. Node's `process.nextTick(callback, arg)` keeps its argument in such a literal
 * (`[arg]`). A busy start (migrations on PostgreSQL, with ticks queued across collections) can
 * tip that literal into the old generation; from then on the array built for every response's
 * `process.nextTick(emitCloseNT, res)` is old, it holds the response, and each request's whole
 * graph (response, request, headers, buffers) survives every young collection until the next
 * full one: about 4 KB promoted per request, and twice the CPU time per request. Which literal
 * tips over depends on timing, so a server process is turned away from the decision altogether;
 * what lives long is still promoted by the young collections, as any object that is not a literal
 * always is (docs/decisions/027-no-allocation-site-pretenuring.md).
 *
 * Call it first thing in the process, before other modules load.
 */
export function turnOffAllocationSitePretenuring(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
