// The process's entry: nothing but this runs before the server's modules are loaded.
import { warmNextTick } from './lib/warm-next-tick';

warmNextTick();
// A separate file at run time (scripts/build.mjs), so that it and its packages load after the warm-up.
await import('./server-main.js');
