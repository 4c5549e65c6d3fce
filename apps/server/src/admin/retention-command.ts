import { parseArgs } from 'node:util';
import { RETENTION_RULES } from '@seguridad/contracts/http/retention';
import type { Database } from '../db/client';
import type { FileStorage } from '../integrations/storage/file-storage';
import { runRetention, SWEPT_KINDS, type RetentionLog } from '../modules/data-rights/retention-service';
import { COMPANY_USAGE, type CommandOutput } from './company-commands';

export const RETENTION_VERB = 'retention:run';

/** An instant as ISO 8601: a day (midnight UTC) or a time with its zone, never a local time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The instant the run acts as of: now, or `--at`; a string saying why not when the arguments are bad. */
export function retentionInstantOf(args: string[], now = new Date()): Date | string {
  let values: { at?: string | undefined };
  try {
    values = parseArgs({
      args,
      options: { at: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return `Argumentos no válidos / Invalid arguments: ${(error as Error).message}`;
  }
  if (values.at === undefined) return now;
  const at = values.at.trim();
  const instant = new Date(at);
  if (!INSTANT.test(at) || Number.isNaN(instant.getTime())) {
    return `--at debe ser una fecha ISO 8601 como 2027-07-01T00:00:00Z / must be an ISO 8601 instant such as 2027-07-01T00:00:00Z: ${at}`;
  }
  return instant;
}

/**
 * `retention:run [--at …]`: one run of the hourly retention job's code (decision 034) as of now or
 * of `--at` (to prove what a date will delete, decision 041), printing what it deleted kind by kind.
 * Exit 0 done, 2 bad arguments (nothing deleted), 1 failed.
 */
export async function retentionRunCommand(
  deps: { db: Database; storage: FileStorage },
  args: string[],
  output: CommandOutput,
): Promise<number> {
  const at = retentionInstantOf(args);
  if (typeof at === 'string') {
    output.err(at);
    output.err(COMPANY_USAGE);
    return 2;
  }
  // The totals are printed below; a file that could not be removed is said at once.
  const log: RetentionLog = {
    info: () => {},
    error: (details, message) => output.err(`${message}: ${details.key}`),
  };
  try {
    const removed = await runRetention({ ...deps, log }, at);
    output.out(`Retención al / Retention as of ${at.toISOString()}:`);
    const kinds = SWEPT_KINDS.filter((kind) => (removed[kind] ?? 0) > 0);
    if (kinds.length === 0) output.out('  Nada vencido / Nothing past its period.');
    for (const kind of kinds) output.out(`  ${kind}\t${removed[kind]}\t${RETENTION_RULES[kind].label}`);
    return 0;
  } catch (error) {
    output.err(`Error: ${(error as Error).message}`);
    return 1;
  }
}
