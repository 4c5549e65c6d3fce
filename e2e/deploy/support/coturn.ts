import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { acceptsConnections, repoRoot, startProgram, waitUntil, type RunningProgram } from './processes';

export const TURNSERVER_PATH = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

/** The ports of the shipped file: TURN itself, and the range relayed media uses. */
export const TURN_PORT = 3478;

/**
 * deploy/coturn/turnserver.conf as shipped, with only what differs on a test machine changed: the
 * address it listens and relays on, the secret, no TLS listener (no certificate here: the journey's
 * browsers use turn: over UDP), and its files under the journey's directory.
 */
export function coturnConfigForTest(options: { address: string; secret: string; directory: string }): string {
  const shipped = readFileSync(path.join(repoRoot, 'deploy', 'coturn', 'turnserver.conf'), 'utf8');
  const dropped = /^(?:tls-listening-port|cert|pkey|listening-ip|external-ip|static-auth-secret|log-file)=/;
  const kept = shipped.split('\n').filter((line) => !dropped.test(line));
  for (const required of ['use-auth-secret', `listening-port=${TURN_PORT}`, 'no-loopback-peers']) {
    if (!kept.includes(required)) throw new Error(`deploy/coturn/turnserver.conf no longer has ${required}`);
  }
  return [
    ...kept,
    `listening-ip=${options.address}`,
    `relay-ip=${options.address}`,
    `static-auth-secret=${options.secret}`,
    'no-tls',
    'no-dtls',
    `pidfile=${path.join(options.directory, 'turnserver.pid')}`,
    `userdb=${path.join(options.directory, 'turndb')}`,
    `log-file=${path.join(options.directory, 'turnserver.log')}`,
    '',
  ].join('\n');
}

/** Debian's coturn with the shipped configuration, on `address`. */
export async function startCoturn(options: {
  address: string;
  secret: string;
  directory: string;
}): Promise<RunningProgram> {
  const configFile = path.join(options.directory, 'turnserver.conf');
  writeFileSync(configFile, coturnConfigForTest(options));
  const coturn = startProgram(TURNSERVER_PATH, ['-c', configFile]);
  const logs = () => {
    try {
      return coturn.output() + readFileSync(path.join(options.directory, 'turnserver.log'), 'utf8');
    } catch {
      return coturn.output();
    }
  };
  const program = { ...coturn, output: logs };
  // Ready once its TCP listener accepts (UDP, which the browsers use, opens with it).
  await waitUntil('coturn listening', () => acceptsConnections(options.address, TURN_PORT), program, 15_000);
  return program;
}
