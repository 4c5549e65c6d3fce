import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { seedDatabase } from './db/seed/seed';
import { companies } from './db/schema';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const seed = await seedDatabase(database.db, {
    companyKey: config.seed.companyKey ?? (config.isProduction ? undefined : DEMO_COMPANY_KEY),
    companyName: config.seed.companyName,
    allowedOrigins: config.seed.allowedOrigins,
    inboxEmail: 'central@example.com',
    devAccounts: config.isProduction
      ? undefined
      : { operatorPassword: config.seed.operatorPassword, citizenPassword: config.seed.citizenPassword },
  });

  const app = await buildApp({ config, database });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'closing');
      app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        });
    });
  }

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const companyRows = await database.db
    .select({ name: companies.name, key: companies.publicKey })
    .from(companies);
  const lines = [
    '',
    `  Plataforma de Seguridad en http://localhost:${port}  (base pública ${config.publicBaseUrl})`,
    `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}/db` : 'PostgreSQL'}`,
    ...companyRows.map((row) => `  Empresa "${row.name}": company-key ${row.key}`),
  ];
  if (seed.devAccounts.length > 0) {
    lines.push('  Cuentas de desarrollo creadas (solo fuera de producción):');
    for (const account of seed.devAccounts)
      lines.push(`    ${account.role}: ${account.email} / ${account.password}`);
  }
  if (!config.isProduction) lines.push(`  Buzón de desarrollo: http://localhost:${port}/dev/mailbox`);
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
