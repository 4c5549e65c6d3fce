import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { acceptsConnections, repoRoot, startProgram, waitUntil, type RunningProgram } from './processes';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A self-signed certificate for localhost (and 127.0.0.1), made with openssl. */
export function selfSignedCertificate(directory: string): { certificate: string; key: string } {
  const certificate = path.join(directory, 'localhost.crt');
  const key = path.join(directory, 'localhost.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' },
  );
  return { certificate, key };
}

/** The cookie that pins a browser to one process in a journey (see `pinByCookie`). */
export const PIN_COOKIE = 'e2e_process';

/**
 * A value of the pin cookie for each upstream process, in upstream order: nginx's `hash` sends a
 * key to peer ((crc32(key) >> 16) & 0x7fff) % peers while every peer is up (equal weights), and
 * rehashes to another when that one is down.
 */
export function pinValuesByProcess(processes: number): string[] {
  const values: string[] = [];
  for (let candidate = 0; values.filter(Boolean).length < processes; candidate += 1) {
    const peer = ((crc32(`p${candidate}`) >>> 16) & 0x7fff) % processes;
    values[peer] ??= `p${candidate}`;
  }
  return values;
}

export type SiteOptions = {
  httpPort: number;
  httpsPort: number;
  upstreamPorts: number[];
  certificate: string;
  key: string;
  /**
   * Balance by the pin cookie instead of `least_conn`, the one change to the shipped balancing: a
   * journey that needs caller and operator on different processes cannot leave it to which
   * connections happen to be open when each browser connects.
   */
  pinByCookie?: boolean;
};

/**
 * deploy/nginx/seguridad.conf as shipped, with only what differs on a test machine changed: the
 * ports it listens on (loopback), the certificate, the name, and the processes of the upstream.
 */
export function siteForTest(options: SiteOptions): string {
  const shipped = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'seguridad.conf'), 'utf8');
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx/seguridad.conf no longer has ${pattern}`);
    return text.replace(pattern, by);
  };
  let site = shipped;
  site = replace(site, /^ {4}listen \[::\]:.*\n/gm, '');
  site = replace(site, /^ {4}listen 80;/m, `    listen 127.0.0.1:${options.httpPort};`);
  site = replace(site, /^ {4}listen 443 ssl http2;/m, `    listen 127.0.0.1:${options.httpsPort} ssl http2;`);
  site = replace(site, /server_name seguridad\.example\.cl;/g, 'server_name localhost;');
  site = replace(site, /^ {4}ssl_certificate .*$/m, `    ssl_certificate ${options.certificate};`);
  site = replace(site, /^ {4}ssl_certificate_key .*$/m, `    ssl_certificate_key ${options.key};`);
  site = replace(
    site,
    /(?:^ {4}server 127\.0\.0\.1:\d+ .*\n)+/m,
    options.upstreamPorts
      .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`)
      .join(''),
  );
  if (options.pinByCookie) site = replace(site, /^ {4}least_conn;$/m, `    hash $cookie_${PIN_COOKIE};`);
  // The TLS pool's name is shared memory: one per nginx on the machine.
  return site.replace('shared:seguridad_tls:', `shared:seguridad_tls_${options.httpsPort}:`);
}

export type RunningNginx = RunningProgram & { httpsPort: number; httpPort: number };

/** Debian's nginx with the shipped site, its own main file and everything under `directory`. */
export async function startNginx(directory: string, options: SiteOptions): Promise<RunningNginx> {
  writeFileSync(path.join(directory, 'site.conf'), siteForTest(options));
  // What Debian's /etc/nginx/nginx.conf gives the sites it includes, in this directory.
  writeFileSync(
    path.join(directory, 'nginx.conf'),
    [
      'daemon off;',
      'user root;',
      'worker_processes 1;',
      `pid ${directory}/nginx.pid;`,
      `error_log ${directory}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      "  log_format upstream '$remote_addr $request $status upstream=$upstream_addr';",
      `  access_log ${directory}/access.log upstream;`,
      `  client_body_temp_path ${directory}/body;`,
      `  proxy_temp_path ${directory}/proxy;`,
      `  fastcgi_temp_path ${directory}/fastcgi;`,
      `  uwsgi_temp_path ${directory}/uwsgi;`,
      `  scgi_temp_path ${directory}/scgi;`,
      `  include ${directory}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = [
    '-p',
    directory,
    '-c',
    path.join(directory, 'nginx.conf'),
    '-e',
    path.join(directory, 'error.log'),
  ];
  execFileSync(NGINX_PATH, [...args, '-t'], { stdio: 'pipe' });
  const nginx = startProgram(NGINX_PATH, args);
  const errorLog = () => {
    try {
      return readFileSync(path.join(directory, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const program: RunningProgram = { ...nginx, output: () => `${nginx.output()}${errorLog()}` };
  await waitUntil(
    'nginx listening',
    () => acceptsConnections('127.0.0.1', options.httpsPort),
    program,
    15_000,
  );
  return { ...program, httpsPort: options.httpsPort, httpPort: options.httpPort };
}
