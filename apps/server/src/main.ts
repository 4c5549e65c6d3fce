// The process's entry: nothing but this runs before the server's modules are loaded.
import { keepNextTickRecord } from './lib/next-tick-record';

keepNextTickRecord();
// A separate file at run time (scripts/build.mjs), so that the record is kept before it and its
// packages load.
await import('./server-main.js');
