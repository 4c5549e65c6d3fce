import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { SITE_COMPANY_KEY_META } from '@seguridad/contracts/site-config';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { UNKNOWN_KEY_LOOKUPS_PER_MINUTE } from '../company/company-key-plugin';

/** A miniature build output with the files the web routes rely on. */
function makeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const page = (title: string) =>
    `<!doctype html><html lang="es"><head><title>${title}</title></head><body></body></html>`;
  writeFileSync(path.join(dist, 'index.html'), page('Inicio'));
  writeFileSync(path.join(dist, 'spa.html'), page('App'));
  writeFileSync(path.join(dist, '404.html'), page('No encontrada'));
  mkdirSync(path.join(dist, 'terminos'));
  writeFileSync(path.join(dist, 'terminos', 'index.html'), page('Términos'));
  writeFileSync(
    path.join(dist, 'inline-style-hashes.json'),
    JSON.stringify({ 'terminos/index.html': ["'sha256-abc123='"] }),
  );
  mkdirSync(path.join(dist, 'assets'));
  const script = 'console.log("hola");'.repeat(50);
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'widget.js'), '(()=>{})();');
  return dist;
}

describe('website routes', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    ctx = await createTestApp({
      env: { WEB_DIST_DIR: dist, WEB_ASSETS_KEPT_DIR: `${dist}-kept`, RATE_LIMIT_MAX: '1' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-kept`, { recursive: true, force: true });
  });

  it('serves a prerendered page for its route, revalidated on every visit', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/terminos' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Términos</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    // Its inlined stylesheet is allowed by hash; nothing else inline is.
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'sha256-abc123='");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('serves the app shell for known routes without a prerendered page, and carries the query', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login?redirect_to=/configuracion' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>App</title>');
  });

  it('answers unknown pages with the 404 page and status', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no-existe/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>No encontrada</title>');
  });

  it('serves the promo page and the settings page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: webPaths.promo });
    expect(response.statusCode).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: webPaths.settings });
    expect(served.statusCode).toBe(200);
  });

  it('serves every settings section at its own address, and nothing else under it', async () => {
    for (const sectionPath of Object.values(settingsSectionPaths)) {
      const response = await ctx.app.inject({ method: 'GET', url: sectionPath });
      expect(response.statusCode, sectionPath).toBe(200);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/configuracion/otra-cosa' });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps JSON 404s for unknown API routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });

  it('serves hashed assets for a year, brotli when the browser accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves pages brotli-compressed when the build made a copy and the browser accepts it', async () => {
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(Buffer.from('<title>Inicio</title>')));
    const fresh = await createTestApp({
      env: { WEB_DIST_DIR: dist, WEB_ASSETS_KEPT_DIR: `${dist}-kept` },
      database: ctx.database,
    });
    try {
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toContain('Accept-Encoding');
      const plain = await fresh.app.inject({ method: 'GET', url: '/' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<title>Inicio</title>');
      // The compressed copy is made again with the site's company key in it (decision 055).
      const { brotliDecompressSync } = await import('node:zlib');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain(SITE_COMPANY_KEY_META);
    } finally {
      await fresh.close();
    }
  });

  it("lets only the company's allowed origins frame the widget", async () => {
    await ctx.database.db.update(companies).set({ allowedOrigins: ['https://municipio.example.cl'] });
    ctx.app.forgetCompanyCache();
    const framed = await ctx.app.inject({
      method: 'GET',
      url: `/widget?key=${DEMO_COMPANY_KEY}&host=https://municipio.example.cl`,
    });
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://municipio.example.cl",
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const unknownKey = await ctx.app.inject({ method: 'GET', url: '/widget?key=pk_no_existe_0000000' });
    expect(unknownKey.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    const otherPage = await ctx.app.inject({ method: 'GET', url: '/terminos' });
    expect(otherPage.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(otherPage.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 429 to an address that tries many unknown widget keys, never to a valid key', async () => {
    const fromNat = { remoteAddress: '198.51.100.40' };
    const statuses: number[] = [];
    for (let index = 0; index < UNKNOWN_KEY_LOOKUPS_PER_MINUTE + 5; index += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/widget?key=pk_azar_${index}`,
        ...fromNat,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, UNKNOWN_KEY_LOOKUPS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(UNKNOWN_KEY_LOOKUPS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    // Another address has a budget of its own.
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/widget?key=pk_azar_otro',
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);
    // Citizens behind the same address with their company's key are never limited, even once the
    // cached company is forgotten.
    for (let index = 0; index < 3 * UNKNOWN_KEY_LOOKUPS_PER_MINUTE; index += 1) {
      if (index % 10 === 0) ctx.app.forgetCompanyCache();
      const valid = await ctx.app.inject({
        method: 'GET',
        url: `/widget?key=${DEMO_COMPANY_KEY}`,
        ...fromNat,
      });
      expect(valid.statusCode).toBe(200);
    }
  });

  it('remembers an unknown widget key without asking the database again until the console changes', async () => {
    const address = { remoteAddress: '198.51.100.41' };
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/widget?key=pk_llega_despues_0000',
      ...address,
    });
    expect(first.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    await ctx.database.db.insert(companies).values({
      name: 'Central nueva',
      publicKey: 'pk_llega_despues_0000',
      inboxEmail: 'nueva@example.com',
      allowedOrigins: ['https://nueva.example.cl'],
    });
    // Still unknown: the answer came from the negative cache, not from the database.
    const cached = await ctx.app.inject({
      method: 'GET',
      url: '/widget?key=pk_llega_despues_0000',
      ...address,
    });
    expect(cached.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    ctx.app.forgetCompanyCache();
    const known = await ctx.app.inject({
      method: 'GET',
      url: '/widget?key=pk_llega_despues_0000',
      ...address,
    });
    expect(known.headers['content-security-policy']).toContain('https://nueva.example.cl');
  });

  it('serves the embed loader so that other sites can load it', async () => {
    const loader = await ctx.app.inject({ method: 'GET', url: '/widget.js' });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('does not count page loads against the API rate limit', async () => {
    for (let i = 0; i < 4; i += 1)
      expect((await ctx.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});

describe('a page opened before a deploy (decision 055)', () => {
  const page = `<!doctype html><html lang="es"><head><title>Inicio</title></head><body></body></html>`;
  /** One build's output: its pages and one hashed chunk of its own. */
  function writeBuild(dist: string, chunk: string, code: string) {
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    for (const file of ['index.html', 'spa.html', '404.html']) writeFileSync(path.join(dist, file), page);
    writeFileSync(path.join(dist, 'assets', chunk), code);
    writeFileSync(path.join(dist, 'assets', `${chunk}.br`), brotliCompressSync(code));
  }

  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-deploys-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("still serves the replaced build's chunks, for a year, and the new pages revalidated", async () => {
    const dist = path.join(root, 'dist');
    const env = { WEB_DIST_DIR: dist, WEB_ASSETS_KEPT_DIR: path.join(root, 'kept') };
    const oldCode = 'export const panel = "antes";'.repeat(40);
    writeBuild(dist, 'contact-panel-OLD111.js', oldCode);
    const before = await createTestApp({ env });
    const database = before.database;
    try {
      expect((await before.app.inject({ url: '/assets/contact-panel-OLD111.js' })).statusCode).toBe(200);
      await before.app.close();

      // The rebuild replaces the whole folder; the server restarts on the same data.
      writeBuild(dist, 'contact-panel-NEW222.js', 'export const panel = "después";');
      const after = await createTestApp({ env, database });
      try {
        const old = await after.app.inject({ url: '/assets/contact-panel-OLD111.js' });
        expect(old.statusCode).toBe(200);
        expect(old.body).toBe(oldCode);
        expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const oldBrotli = await after.app.inject({
          url: '/assets/contact-panel-OLD111.js',
          headers: { 'accept-encoding': 'br' },
        });
        expect(oldBrotli.headers['content-encoding']).toBe('br');
        expect(oldBrotli.headers['cache-control']).toContain('immutable');

        const current = await after.app.inject({ url: '/assets/contact-panel-NEW222.js' });
        expect(current.statusCode).toBe(200);
        expect(current.headers['cache-control']).toContain('immutable');
        const home = await after.app.inject({ url: '/' });
        expect(home.headers['cache-control']).toBe('no-cache');
        // Only hashed files are kept: nothing else of the store is reachable.
        expect((await after.app.inject({ url: '/kept.json' })).statusCode).toBe(404);
        expect((await after.app.inject({ url: '/assets/nunca-existio.js' })).statusCode).toBe(404);
      } finally {
        await after.app.close();
      }
    } finally {
      await database.close();
    }
  });

  it("tells the site's pages the default company's key at run time, not the widget frame", async () => {
    const dist = path.join(root, 'dist-key');
    writeBuild(dist, 'main-KEY333.js', 'export {};');
    mkdirSync(path.join(dist, 'widget'));
    writeFileSync(path.join(dist, 'widget', 'index.html'), page);
    const ctx = await createTestApp({ env: { WEB_DIST_DIR: dist, WEB_ASSETS_KEPT_DIR: `${dist}-kept` } });
    try {
      const meta = `<meta name="${SITE_COMPANY_KEY_META}" content="${DEMO_COMPANY_KEY}" />`;
      expect((await ctx.app.inject({ url: '/' })).body).toContain(meta);
      expect((await ctx.app.inject({ url: '/no-existe' })).body).toContain(meta);
      expect((await ctx.app.inject({ url: `/widget?key=${DEMO_COMPANY_KEY}` })).body).not.toContain(meta);
      expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(page);
    } finally {
      await ctx.close();
    }
  });
});
