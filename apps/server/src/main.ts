// The process's entry: nothing but this runs before the server's modules are loaded. V8 flags are
// not set here but on the node command line (package.json's start script, deploy/systemd); what
// this file does is the one start-up step that must run in the process (src/runtime/README.md).
import { keepNextTickRecord } from './runtime/next-tick-record';

keepNextTickRecord();
// A separate file at run time (scripts/build.mjs), so that the record is kept before the server
// and its packages load.
await import('./server-main.js');
