// `npm run admin -- <verb> …`: the operations command (docs/operations.md).
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { protectDataDir } from '../lib/private-data-dir';
import { migrateThen } from '../db/migrate';
import { seedReferenceData } from '../db/seed/seed';
import { createOutboxMailSender } from '../integrations/mail/outbox-mail-sender';
import { createSmtpMailSender } from '../integrations/mail/smtp-mail-sender';
import { adminSocketPath, forwardToServer } from './admin-socket';
import { COMPANY_USAGE, isCompanyVerb, runCompanyCommand, type CommandOutput } from './company-commands';
import { createConfiguredStorage } from '../integrations/storage/storage-plugin';
import { RETENTION_VERB, retentionRunCommand } from './retention-command';
import { storageMigrateCommand } from './storage-migrate';

const output: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
const [verb, ...args] = process.argv.slice(2);

async function databaseCommand(config: AppConfig): Promise<number> {
  if (!isCompanyVerb(verb) && verb !== RETENTION_VERB) return 2;
  // On PGlite a running server holds the database: it runs the command for us.
  if (!config.databaseUrl) {
    const forwarded = await forwardToServer(adminSocketPath(config.dataDir), [verb, ...args], output);
    if (forwarded !== null) return forwarded;
  }
  protectDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mail = config.smtpUrl
    ? createSmtpMailSender({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailSender(database.db);
  try {
    // A command on an empty database writes the reference data a first start would (plans,
    // territory, the draw's history), under the same lock as a starting server.
    await migrateThen(database, () => seedReferenceData(database.db));
    if (verb === RETENTION_VERB) {
      return await retentionRunCommand(
        { db: database.db, storage: createConfiguredStorage(config) },
        args,
        output,
      );
    }
    return await runCompanyCommand(verb, args, { db: database.db, mail, config }, output);
  } finally {
    await mail.close();
    await database.close();
  }
}

if (verb !== 'storage:migrate' && verb !== RETENTION_VERB && !isCompanyVerb(verb)) {
  console.error(verb ? `Orden desconocida / Unknown command: ${verb}` : 'Falta la orden / Missing command');
  console.error(COMPANY_USAGE);
  process.exit(2);
}
try {
  const config = loadConfig();
  if (verb === 'storage:migrate') {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.exit(await storageMigrateCommand(config, (line) => console.log(line), stop.signal));
  }
  process.exit(await databaseCommand(config));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
