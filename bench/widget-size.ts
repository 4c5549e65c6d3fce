import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_COMPANY_KEY, repoRoot, startProductServer } from './lib/server-process';

const distDir = path.join(repoRoot, 'apps/web/dist');
const brotli = (file: string) =>
  brotliCompressSync(readFileSync(path.join(distDir, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

export type WidgetSizes = {
  loaderBrotli: number;
  beforeOpen: { files: string[]; brotli: number };
  afterOpen: { files: string[]; brotli: number };
};

/**
 * Embeds the widget in a page served from a second origin, as a customer site would, and records
 * the scripts and styles the iframe loads until it is ready, then those the opened drawer adds.
 */
export async function measureWidget(): Promise<WidgetSizes> {
  const host = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>Sitio municipal</title><h1>Sitio municipal</h1>
<script src="${serverUrl}/widget.js" data-company-key="${BENCH_COMPANY_KEY}" async></script>`);
  });
  let serverUrl = '';
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const server = await startProductServer({ SEED_ALLOWED_ORIGINS: hostOrigin });
  serverUrl = server.url.replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  try {
    const page = await browser.newPage();
    const assets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === serverUrl && /\.(js|css)$/.test(url.pathname) && url.pathname !== '/widget.js') {
        assets.push(url.pathname.slice(1));
      }
    });
    await page.goto(hostOrigin);
    const launcher = page.getByRole('button', { name: 'Contáctanos' });
    await launcher.hover();
    const frame = page.frameLocator('iframe[title^="Contacto"]');
    // The frame stays hidden until opened; wait until it has loaded everything it needs to be ready.
    await page.locator('iframe[title^="Contacto"]').waitFor({ state: 'attached' });
    await frame.locator('#root > *').first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const before = [...new Set(assets)];
    await launcher.click();
    await frame.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    const after = [...new Set(assets)].filter((file) => !before.includes(file));
    const sum = (files: string[]) => files.reduce((total, file) => total + brotli(file), 0);
    return {
      loaderBrotli: brotli('widget.js'),
      beforeOpen: { files: before, brotli: sum(before) },
      afterOpen: { files: after, brotli: sum(after) },
    };
  } finally {
    await browser.close();
    await server.stop();
    host.close();
  }
}
