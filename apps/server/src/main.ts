// The process's entry: nothing but this runs before the server's modules are loaded.
import { turnOffAllocationSitePretenuring } from './lib/allocation-site-pretenuring';
import { keepNextTickRecord } from './lib/next-tick-record';

turnOffAllocationSitePretenuring();
keepNextTickRecord();
// A separate file at run time (scripts/build.mjs), so that the record is kept and the flag set
// before it and its packages load.
await import('./server-main.js');
