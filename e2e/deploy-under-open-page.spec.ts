import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportTexts } from '@seguridad/contracts/messages';
import { newVersionTexts } from '@seguridad/contracts/messages/new-version';
import { webPaths } from '@seguridad/contracts/web-paths';
import { DEV_ADMIN, expect, startServer, test } from './fixtures';
import { SESSION_TOKEN_STORAGE_KEY, staffToken } from './support/accounts';

/*
 * A deploy under open pages (decision 055): a citizen's page with the drawer open and an
 * operator's console are opened on one build; the website is rebuilt (new hashes) into the very
 * folder the server serves, while it runs, and the server restarts on the same data. The open
 * pages then load chunks of the build they came with: the contact form, the Reportes charts.
 */

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web');
const CONTACT_PANEL_SOURCE = 'src/features/widget/contact-panel.tsx';
const REPORT_CHARTS_SOURCE = 'src/features/operator/reports/report-charts.tsx';

/** The hashed file a source module became in a build. */
function chunkOf(dist: string, source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return manifest[source]!.file;
}

/**
 * `npm run build -w @seguridad/web`'s three steps, into `dist`, with one setting changed. The
 * prerender bundle goes to a folder of this run inside apps/web (it imports from node_modules).
 */
function rebuildInto(dist: string, ssrDir: string) {
  const env = {
    ...process.env,
    WEB_BUILD_OUT_DIR: dist,
    WEB_BUILD_SSR_DIR: ssrDir,
    VITE_CONTACT_EMAIL: 'nueva-version@example.com',
  };
  const run = (args: string[]) =>
    execFileSync('npx', args, { cwd: webRoot, env, stdio: 'pipe', timeout: 300_000 });
  run(['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
  run(['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrDir, '--logLevel', 'warn']);
  run(['tsx', 'scripts/postbuild.ts']);
}

test('a page opened before a deploy keeps its drawer and its console working after it', async ({
  browser,
}) => {
  // One real rebuild of the website: about two minutes on two cores.
  test.setTimeout(420_000);
  const builtDist = path.join(webRoot, 'dist');
  test.skip(!existsSync(path.join(builtDist, '.vite', 'manifest.json')), 'the website is not built');
  const work = mkdtempSync(path.join(tmpdir(), 'deploy-open-page-'));
  const dist = path.join(work, 'dist');
  const ssrDir = path.join(webRoot, `dist-ssr-deploy-journey-${process.pid}`);
  cpSync(builtDist, dist, { recursive: true });
  const before = await startServer({ WEB_DIST_DIR: dist }, { keepData: true });
  let after: Awaited<ReturnType<typeof startServer>> | undefined;
  const context = await browser.newContext({ baseURL: before.baseURL });
  try {
    const token = await staffToken(before.baseURL, DEV_ADMIN);
    const citizen = await context.newPage();
    await citizen.goto(webPaths.home);
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    const drawer = citizen.getByRole('dialog', { name: 'Contáctanos' });
    await expect(drawer.getByRole('button', { name: 'Contacto' })).toBeVisible();

    const operator = await context.newPage();
    await operator.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [SESSION_TOKEN_STORAGE_KEY, token],
    );
    await operator.goto(webPaths.operator);
    const reportsTab = operator.getByRole('tab', { name: reportTexts.reportsTab });
    await expect(reportsTab).toBeVisible();

    const oldContactPanel = chunkOf(dist, CONTACT_PANEL_SOURCE);
    const oldCharts = chunkOf(dist, REPORT_CHARTS_SOURCE);
    rebuildInto(dist, ssrDir);
    expect(chunkOf(dist, CONTACT_PANEL_SOURCE)).not.toBe(oldContactPanel);
    expect(existsSync(path.join(dist, oldContactPanel))).toBe(false);

    await before.stop();
    after = await startServer({ WEB_DIST_DIR: dist, PORT: String(before.port), DATA_DIR: before.dataDir });

    // The citizen's open drawer loads the contact form of its own build and takes what is typed.
    await drawer.getByRole('button', { name: 'Contacto' }).click();
    const contact = citizen.getByRole('dialog', { name: 'Contacto' });
    const message = contact.getByRole('textbox', { name: 'Mensaje' });
    await message.fill('Hay un poste de luz apagado en mi pasaje.');
    await expect(message).toHaveValue('Hay un poste de luz apagado en mi pasaje.');
    await expect(contact.getByRole('textbox', { name: 'Nombre' })).toBeEditable();

    // The open console shows Reportes. Its charts appear only once there are calls; the chunk they
    // load, of the build the console came with, is imported as the tab would.
    // The console rode out the restart on its own: what it had loaded stays while it reconnects.
    await expect(operator.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible({
      timeout: 15_000,
    });
    await reportsTab.click();
    await expect(reportsTab).toHaveAttribute('aria-selected', 'true');
    const reports = operator.getByRole('tabpanel', { name: reportTexts.reportsTab });
    await expect(reports.getByText(/^Día \d{2}-\d{2}-\d{4}|^Del /).first()).toBeVisible();
    const chartExports = await operator.evaluate(
      async (file) => Object.keys((await import(/* @vite-ignore */ `/${file}`)) as object),
      oldCharts,
    );
    expect(chartExports.length).toBeGreaterThan(0);
    await expect(operator.getByText(newVersionTexts.title)).toHaveCount(0);
    await expect(citizen.getByText(newVersionTexts.title)).toHaveCount(0);
  } finally {
    await context.close();
    await after?.stop();
    await before.stop();
    rmSync(before.dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    rmSync(ssrDir, { recursive: true, force: true });
  }
});
