import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_VIDEO_CAPTIONS_MAX_BYTES, CALL_VIDEO_MAX_BYTES } from '@seguridad/contracts/http/call-videos';
import { THUMBNAIL_MAX_BYTES, VIDEO_MAIL_MAX_BYTES } from '@seguridad/contracts/http/widget';
import { loadConfig } from './config';
import { serverRoot } from './server-root';

/**
 * The files of deploy/ agree with the server they are for: the proxy's limits with the upload
 * limits and the request timeout, the unit's command with `npm start`'s. (The deployment journeys
 * run these files with the real nginx, coturn and Prometheus.)
 */
const repoRoot = path.resolve(serverRoot(), '..', '..');
const deployFile = (relative: string) => readFileSync(path.join(repoRoot, 'deploy', relative), 'utf8');

/** The blocks of an nginx file whose header matches, with their bodies (one level of nesting). */
function nginxBlocks(text: string, header: RegExp): string[] {
  const blocks: string[] = [];
  for (const match of text.matchAll(new RegExp(`${header.source}\\s*\\{`, 'g'))) {
    let depth = 1;
    let index = match.index + match[0].length;
    const start = index;
    while (depth > 0 && index < text.length) {
      if (text[index] === '{') depth += 1;
      if (text[index] === '}') depth -= 1;
      index += 1;
    }
    blocks.push(text.slice(start, index - 1));
  }
  return blocks;
}

function sizeInBytes(value: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(value)!;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[
    match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'
  ];
  return Number(match[1]) * unit;
}

describe('deploy/nginx/seguridad.conf', () => {
  const site = deployFile('nginx/seguridad.conf');
  const tls = nginxBlocks(site, /server/).find((block) => /listen 443 ssl http2;/.test(block))!;

  it('takes the largest upload with its form, and not much more', () => {
    const largestRequest = Math.max(
      VIDEO_MAIL_MAX_BYTES + THUMBNAIL_MAX_BYTES + 10 * 8 * 1024,
      CALL_VIDEO_MAX_BYTES + CALL_VIDEO_CAPTIONS_MAX_BYTES,
    );
    const bodyLimit = sizeInBytes(/client_max_body_size (\w+);/.exec(tls)![1]!);
    expect(bodyLimit).toBeGreaterThan(largestRequest);
    expect(bodyLimit).toBeLessThan(largestRequest * 1.25);
    expect(tls).toMatch(/proxy_request_buffering off;/);
  });

  it("waits longer than the server's request timeout, so the server's 408 reaches the client", () => {
    const requestTimeoutSeconds = loadConfig({}).requestTimeoutMs / 1000;
    for (const directive of ['proxy_read_timeout', 'proxy_send_timeout']) {
      const seconds = Number(new RegExp(`^    ${directive} (\\d+)s;`, 'm').exec(tls)![1]);
      expect(seconds).toBeGreaterThan(requestTimeoutSeconds);
      expect(seconds).toBeLessThanOrEqual(requestTimeoutSeconds + 30);
    }
  });

  it('upgrades WebSockets on /socket.io/, sends HSTS once, and never passes on a forged client address', () => {
    const [socketLocation] = nginxBlocks(tls, /location \/socket\.io\//);
    expect(socketLocation).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(socketLocation).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    // Socket.IO pings every 25 s; the default 60 s would do, the file leaves more room.
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(socketLocation!)![1])).toBeGreaterThan(25 * 2);
    // proxy_set_header in a location replaces the server's: each proxied location sets them all.
    for (const location of nginxBlocks(tls, /location (?:\/socket\.io\/|\/)/)) {
      expect(location).toMatch(/proxy_pass http:\/\/seguridad;/);
      expect(location).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
      expect(location).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
      expect(location).toMatch(/proxy_set_header Host \$host;/);
    }
    expect(tls).not.toMatch(/proxy_add_x_forwarded_for/);
    expect(tls).toMatch(/proxy_hide_header Strict-Transport-Security;/);
    expect(tls).toMatch(/add_header Strict-Transport-Security "max-age=\d+; includeSubDomains" always;/);
    expect(nginxBlocks(tls, /location = \/metrics/)[0]).toMatch(/return 404;/);
  });
});

describe('the runtime: Node.js 24, the current LTS', () => {
  it('is named alike by .nvmrc and engines, and is what the suite runs on', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const nvmrc = readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim();
    expect(nvmrc).toBe('24');
    expect(manifest.engines.node).toBe('>=24 <25');
    // `npm test` runs through scripts/with-node-24.sh, so an older node on PATH never runs it.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});

describe('deploy/systemd/seguridad@.service', () => {
  const unit = deployFile('systemd/seguridad@.service');

  it('starts each process with the node command of `npm start`', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    // `start` runs `start:built` on Node.js 24 (scripts/with-node-24.sh); that one holds the command.
    expect(manifest.scripts.start).toContain('start:built');
    const startCommand = (manifest.scripts['start:built'] as string).split('&&').at(-1)!.trim().split(/\s+/);
    expect(startCommand[0]).toBe('node');
    const execStart = /^ExecStart=(.+)$/m.exec(unit)![1]!.trim().split(/\s+/);
    expect(path.basename(execStart[0]!)).toBe('node');
    expect(execStart.slice(1)).toEqual(startCommand.slice(1));
  });

  it('gives the process longer to stop than the server takes to close, and a port per instance', () => {
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(10);
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
    expect(unit).toMatch(/^Environment=METRICS_PORT=1%i$/m);
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))('is a unit systemd reads without a warning', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'unit-'));
    try {
      // The node of this machine in place of /usr/bin/node, which systemd checks exists.
      writeFileSync(
        path.join(directory, 'seguridad@.service'),
        unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`),
      );
      const output = execFileSync(
        'systemd-analyze',
        ['verify', path.join(directory, 'seguridad@3001.service')],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      expect(output).toBe('');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('deploy/coturn/turnserver.conf', () => {
  const conf = deployFile('coturn/turnserver.conf');

  it('checks TURN REST credentials against a shared secret, and keeps comments on lines of their own', () => {
    const settings = conf.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
    expect(settings).toContain('use-auth-secret');
    expect(settings.some((line) => line.startsWith('static-auth-secret='))).toBe(true);
    // coturn reads the rest of a line as the value: `total-quota=1200 # sessions` is not 1200.
    expect(settings.filter((line) => line.includes('#'))).toEqual([]);
    for (const network of [
      '10.0.0.0-10.255.255.255',
      '127.0.0.0-127.255.255.255',
      '192.168.0.0-192.168.255.255',
    ]) {
      expect(settings).toContain(`denied-peer-ip=${network}`);
    }
  });
});
