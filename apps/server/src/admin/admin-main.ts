// `npm run admin -- <verb> …`: the operations command (docs/operations.md).
import { ConfigError, loadConfig } from '../config';
import { storageMigrateCommand } from './storage-migrate';

const USAGE = 'Uso: npm run admin -- storage:migrate';
const [verb] = process.argv.slice(2);
if (verb !== 'storage:migrate') {
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = loadConfig();
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.exit(await storageMigrateCommand(config, (line) => console.log(line), stop.signal));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
