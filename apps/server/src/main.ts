import { adminSocketPath, serveAdminSocket } from './admin/admin-socket';
import { COMPANY_USAGE, isCompanyVerb, runCompanyCommand } from './admin/company-commands';
import { RETENTION_VERB, retentionRunCommand } from './admin/retention-command';
import { buildApp } from './app';
import { ConfigError, DEFAULT_DEMO_PASSWORDS, isLoopbackHost, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare-database';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { lockDemoAccounts } from './db/seed/demo-accounts';
import { closeWithin } from './plugins/graceful-close';
import { protectDataDir } from './lib/private-data-dir';
import { companyKeys } from './modules/company/company-queries';

/** In-flight requests get this long after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 5_000;
/** Past this, the process ends whatever is still closing. */
const SHUTDOWN_DEADLINE_MS = 10_000;

function exposedDemoWarning(config: AppConfig): string {
  const rule = '!'.repeat(78);
  return [
    rule,
    `!!  MODO DEMOSTRACIÓN EXPUESTO: el servidor escucha en ${config.host}, no solo en esta máquina.`,
    '!!  Las cuentas de demostración tienen contraseñas conocidas (publicadas en el README) y',
    '!!  el buzón /dev/mailbox muestra a cualquiera cada enlace de recuperación y cada código.',
    '!!  Quite DEMO_MODE=1 antes de exponer este servidor a otras personas.',
    rule,
  ].join('\n');
}

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

  const tightened = protectDataDir(config.dataDir);
  if (tightened > 0) {
    console.error(
      `DATA_DIR ${config.dataDir}: ${tightened} archivos o carpetas eran legibles por otras cuentas; ahora solo por esta (0700/0600)`,
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seed = await prepareDatabase(database, {
    // A production start creates no company: the operations command does (decision 056).
    company: config.isProduction
      ? undefined
      : {
          key: config.seed.companyKey ?? DEMO_COMPANY_KEY,
          name: config.seed.companyName,
          inboxEmail: 'central@example.com',
          allowedOrigins: config.seed.allowedOrigins,
        },
    devAccounts: config.demoMode
      ? { operatorPassword: config.seed.operatorPassword, citizenPassword: config.seed.citizenPassword }
      : undefined,
  });
  if (!config.demoMode) {
    const locked = await lockDemoAccounts(database.db, [
      config.seed.operatorPassword,
      config.seed.citizenPassword,
      DEFAULT_DEMO_PASSWORDS.operator,
      DEFAULT_DEMO_PASSWORDS.citizen,
    ]);
    if (locked.length > 0) {
      console.error(
        `Modo demostración desactivado: contraseñas conocidas anuladas para ${locked.join(', ')}`,
      );
    }
  }

  const app = await buildApp({ config, database });
  let closeAdminSocket = async () => {};

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'closing');
      setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
      closeWithin(app, SHUTDOWN_GRACE_MS)
        .then(() => closeAdminSocket())
        .then(() => database.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        });
    });
  }

  await app.listen({ host: config.host, port: config.port });
  if (database.kind === 'pglite') {
    // `npm run admin` cannot open PGlite while this process holds it: it asks this process.
    try {
      closeAdminSocket = await serveAdminSocket(adminSocketPath(config.dataDir), async (argv, output) => {
        const [verb, ...args] = argv;
        if (verb === RETENTION_VERB)
          return retentionRunCommand({ db: database.db, storage: app.storage }, args, output);
        if (!isCompanyVerb(verb)) {
          output.err(COMPANY_USAGE);
          return 2;
        }
        const deps = {
          db: database.db,
          mail: app.mail,
          config,
          onKeyRotated: () => app.forgetCompanyCache(),
        };
        return runCompanyCommand(verb, args, deps, output);
      });
    } catch (error) {
      app.log.warn({ err: error }, 'admin socket unavailable: stop the server to run npm run admin');
    }
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const companyRows = await companyKeys(database.db);
  const lines = [
    '',
    `  Plataforma de Seguridad en http://localhost:${port}  (base pública ${config.publicBaseUrl})`,
    `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}/db` : 'PostgreSQL'}`,
    ...companyRows.map((row) => `  Empresa "${row.name}": company-key ${row.key}`),
  ];
  if (companyRows.length === 0) {
    lines.push(
      '  Aún no hay ninguna empresa: créala con npm run admin -- company:create --name "…" (docs/operations.md).',
    );
  }
  if (seed.devAccounts.length > 0) {
    lines.push('  Cuentas de demostración creadas:');
    for (const account of seed.devAccounts)
      lines.push(`    ${account.role}: ${account.email} / ${account.password}`);
  }
  if (config.demoMode) lines.push(`  Buzón de demostración: http://localhost:${port}/dev/mailbox`);
  else lines.push('  Modo demostración desactivado (DEMO_MODE=1 lo activa).');
  console.log(lines.join('\n') + '\n');
  if (config.demoMode && !isLoopbackHost(config.host)) console.error(`\n${exposedDemoWarning(config)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
