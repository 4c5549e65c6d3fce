import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../fixtures';
import type { WebDriverSession } from './journey-driver';

/*
 * WebKit (Safari's engine) from Debian: WebKitWebDriver drives the MiniBrowser of WebKitGTK under
 * a virtual display (xvfb-run). Playwright's WebKit is its own build, which cannot be fetched here.
 * This WebKitGTK has no WebRTC and its MediaRecorder writes nothing: the journeys use it for the
 * pages and for the "cannot call here" paths (decision 037).
 */

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export type WebKitDriver = { url: string; newSession(): Promise<WebDriverSession>; stop(): Promise<void> };

async function command<Value>(url: string, method: string, body?: unknown): Promise<Value> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { value: Value & { error?: string; message?: string } };
  if (!response.ok)
    throw new Error(`WebDriver ${method} ${url}: ${payload.value?.error} ${payload.value?.message}`);
  return payload.value;
}

/** Starts WebKitWebDriver under xvfb-run on a free port; `stop()` ends it and its display. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  for (const binary of [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, '/usr/bin/xvfb-run']) {
    if (!existsSync(binary))
      throw new Error(`WebKit is missing (${binary}): run scripts/ensure-webkit.sh as root`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER_PATH, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const status = await command<{ ready: boolean }>(`${url}/status`, 'GET');
      if (status.ready) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async newSession() {
      const created = await command<{ sessionId: string }>(`${url}/session`, 'POST', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': {
              binary: MINIBROWSER_PATH,
              // Without --automation the session request never answers.
              args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true'],
            },
          },
        },
      });
      const base = `${url}/session/${created.sessionId}`;
      return {
        navigate: (target) => command(`${base}/url`, 'POST', { url: target }),
        execute: (fn, arg) =>
          command(`${base}/execute/async`, 'POST', {
            script: `const done = arguments[arguments.length - 1];
              Promise.resolve((${fn.toString()})(arguments[0])).then(done, (error) => done(null));`,
            args: [arg],
          }),
        element: async (selector) =>
          (
            await command<Record<string, string>>(`${base}/element`, 'POST', {
              using: 'css selector',
              value: selector,
            })
          )[ELEMENT_KEY]!,
        click: (element) => command(`${base}/element/${element}/click`, 'POST', {}),
        sendKeys: (element, text) => command(`${base}/element/${element}/value`, 'POST', { text }),
        close: () => command(base, 'DELETE'),
      };
    },
    async stop() {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
    },
  };
}
