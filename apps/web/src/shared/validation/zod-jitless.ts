/*
 * Every `import … from 'zod'` of the website (ours and the contracts') resolves here (vite.config.ts).
 * Our CSP has no 'unsafe-eval', and zod's fast path first probes `new Function`: the probe is
 * caught, but the browser still logs a CSP violation on every page that validates a form. Jitless
 * mode skips the probe; it is set before any schema is built, since importers run after this body.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
