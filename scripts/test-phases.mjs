// Runs the phases of a test suite side by side where they can share the machine, and keeps what
// each printed and counted. A phase's output goes to its own log (.test-reports/logs/) and is
// printed whole when it ends, so phases running together never interleave their lines; the one
// phase marked `live` streams as it runs (the longest, so a stuck run shows where it is).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reportDir, root } from './test-summary.mjs';

const logDir = path.join(reportDir, 'logs');

/**
 * A phase: `run(log)` starts its commands through `log.run(...)` and returns its counts
 * `{ passed, failed, skipped, note? }`. It starts once the phases it `needs` have ended (they run
 * whenever it runs) and those it comes `after` (only ordering: waited for when they run at all).
 * `when`, given the results of what it needs, says whether it can run (else it counts as failed,
 * with `skipNote`).
 */
export function phase(name, options) {
  return { name, needs: [], after: [], live: false, ...options };
}

function slug(name) {
  return name.replace(/\W+/g, '-').toLowerCase();
}

/** Starts a command with its output appended to the phase's log (and shown, if live). */
function runner(phaseName, live) {
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${slug(phaseName)}.log`);
  const stream = createWriteStream(logFile);
  return {
    logFile,
    run(command, args, options = {}) {
      const line = `\n▶ ${[command, ...args].join(' ')}\n`;
      stream.write(line);
      if (live) process.stdout.write(line);
      return new Promise((resolve) => {
        const child = spawn(command, args, {
          cwd: root,
          ...options,
          env: { ...process.env, FORCE_COLOR: '0', ...options.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const forward = (chunk) => {
          stream.write(chunk);
          if (live) process.stdout.write(chunk);
        };
        child.stdout.on('data', forward);
        child.stderr.on('data', forward);
        child.on('error', (error) => {
          forward(`${error.message}\n`);
          resolve(1);
        });
        child.on('close', (code) => resolve(code ?? 1));
      });
    },
    close() {
      return new Promise((resolve) => stream.end(resolve));
    },
  };
}

/**
 * Runs every phase as soon as those it waits for have ended; returns each phase's counts with
 * when it started and how long it took (seconds from the suite's start).
 */
export async function runPhases(phases, { startedAt = Date.now() } = {}) {
  const finished = new Map();
  const running = new Map();
  const pending = [...phases];
  const seconds = () => Math.round((Date.now() - startedAt) / 100) / 10;

  const scheduled = new Set(phases.map((item) => item.name));
  function ready(candidate) {
    const waitsFor = [...candidate.needs, ...candidate.after.filter((name) => scheduled.has(name))];
    return waitsFor.every((name) => finished.has(name));
  }

  async function start(item) {
    const began = seconds();
    console.log(`\n■ ${item.name}: started at ${formatClock(began)}`);
    const log = runner(item.name, item.live);
    let counts;
    const earlier = item.needs.map((name) => finished.get(name));
    if (item.when && !item.when(earlier)) {
      counts = { passed: 0, failed: 1, skipped: 0, note: item.skipNote ?? 'not run' };
    } else {
      try {
        counts = await item.run(log);
      } catch (error) {
        counts = { passed: 0, failed: 1, skipped: 0, note: String(error) };
      }
    }
    await log.close();
    const result = { name: item.name, ...counts, startedAt: began, seconds: seconds() - began };
    if (!item.live) {
      console.log(`\n━━━━ ${item.name} (${formatDuration(result.seconds)}) ━━━━`);
      process.stdout.write(readFileSync(log.logFile, 'utf8'));
    }
    const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
    console.log(
      `\n■ ${item.name}: ${result.passed} passed, ${result.failed} failed${skipped} in ${formatDuration(result.seconds)}`,
    );
    finished.set(item.name, result);
  }

  while (pending.length > 0 || running.size > 0) {
    for (const item of pending.filter(ready)) {
      pending.splice(pending.indexOf(item), 1);
      running.set(
        item.name,
        start(item).finally(() => running.delete(item.name)),
      );
    }
    if (running.size === 0 && pending.length > 0) {
      throw new Error(`phases wait for phases that do not exist: ${pending.map((p) => p.name).join(', ')}`);
    }
    await Promise.race(running.values());
  }
  return phases.map((item) => finished.get(item.name));
}

export function formatClock(totalSeconds) {
  const whole = Math.round(totalSeconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatDuration(totalSeconds) {
  const whole = Math.round(totalSeconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A command that passes or fails as one check. */
export async function checkCounts(log, command, args, options) {
  const status = await log.run(command, args, options);
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
}

/** A Vitest run in a workspace, counted from its JSON report. */
export async function vitestCounts(log, name, workspaceDir, env = {}, prefix = []) {
  const report = path.join(reportDir, `${slug(name)}.json`);
  const [command, ...args] = [
    ...prefix,
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const status = await log.run(command, args, { cwd: path.join(root, workspaceDir), env });
  const json = readJson(report);
  if (!json) return { passed: 0, failed: 1, skipped: 0, note: 'no report written' };
  const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests };
}

/** A Playwright run, counted from its JSON report (`reportVariable` names where the config writes it). */
export async function playwrightCounts(log, args, reportVariable, report, env = {}, options = {}) {
  const status = await log.run('npx', ['playwright', 'test', ...args], {
    ...(options.cwd ? { cwd: path.join(root, options.cwd) } : {}),
    env: { ...env, [reportVariable]: report },
  });
  const stats = readJson(report)?.stats;
  if (!stats) return { passed: 0, failed: 1, skipped: 0, note: 'no report written' };
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
}
