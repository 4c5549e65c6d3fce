import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page as PlaywrightPage } from '@playwright/test';
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core';

/**
 * One page of a journey, whatever drives its browser: Playwright (Chromium) or puppeteer-core over
 * WebDriver BiDi (Debian's Firefox, which Playwright cannot drive). The journeys in
 * `cross-browser-journeys.ts` are written once against this and run with either engine on either
 * side of a call.
 *
 * Elements are found by what a person reads (a button's name, a field's label, a dialog's or a
 * region's name), in the page itself, by one small function both engines run; the engine then
 * clicks, types or attaches a file with its own input, as a person would.
 */
export type JourneyPage = {
  readonly engine: 'chromium' | 'firefox' | 'webkit';
  goto(pathname: string): Promise<void>;
  /** Clicks the button or link named `name` (inside the dialog or region named `scope`). */
  click(name: Name, scope?: string): Promise<void>;
  /** Types into the field labelled `label`, after emptying it. */
  fill(label: Name, value: string, scope?: string): Promise<void>;
  /** Chooses the option that reads `option` in the select labelled `label`. */
  select(label: Name, option: string, scope?: string): Promise<void>;
  /** The page's address now. */
  url(): Promise<string>;
  /** Waits until the address matches. */
  waitForUrl(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Presses Enter in the field labelled `label`. */
  submit(label: Name, scope?: string): Promise<void>;
  /** Attaches a file to the file input labelled `label`. */
  attach(
    label: string,
    file: { name: string; mimeType: string; buffer: Buffer },
    scope?: string,
  ): Promise<void>;
  /** Waits until `text` shows (inside `scope`). */
  waitForText(text: Name, options?: { scope?: string; timeoutMs?: number }): Promise<void>;
  /** Waits until nothing named `name` is shown (a closed dialog or region). */
  waitForGone(scope: string, timeoutMs?: number): Promise<void>;
  /** Waits until the field labelled `label` holds `value`. */
  waitForValue(label: Name, value: string, scope?: string): Promise<void>;
  /**
   * Runs a check in the page on the <video> labelled `label` (or the first in `scope`): the check
   * gets that video's CSS selector.
   */
  video<Result>(label: string | null, check: VideoCheck<Result>, scope?: string): Promise<Result>;
  close(): Promise<void>;
};

export type Name = string | RegExp;
/** Runs in the page (serialised: no closures over test code), given the video's selector. */
export type VideoCheck<Result> = (selector: string) => Result | Promise<Result>;

type Query = {
  kind: 'clickable' | 'field' | 'text' | 'video' | 'scope';
  name: { source: string; flags: string } | { exact: string } | null;
  scope: string | null;
};

const TARGET_ATTRIBUTE = 'data-journey-target';
const DEFAULT_TIMEOUT_MS = 15_000;
const ACTION_TIMEOUT_MS = 3_000;

function nameOf(name: Name | null): Query['name'] {
  if (name === null) return null;
  return typeof name === 'string' ? { exact: name } : { source: name.source, flags: name.flags };
}

/**
 * In the page: finds the element a query describes and marks it with a fresh attribute value,
 * returning that value (null when nothing matches). Kept self-contained: it is serialised.
 */
function markInPage({ query, attribute }: { query: Query; attribute: string }): string | null {
  const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const byIds = (ids: string | null) =>
    (ids ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null)
      .map(text)
      .join(' ');
  const accessibleName = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return label.trim();
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return text(labels[0]!);
    return text(element);
  };
  // A name given as text matches the whole name first; failing that, a name that starts with it
  // (a drawer entry's button reads its title, then its description).
  let prefixPass = false;
  const matches = (value: string) => {
    const name = query.name;
    if (!name) return true;
    if ('exact' in name) return prefixPass ? value.startsWith(name.exact) : value === name.exact;
    return new RegExp(name.source, name.flags).test(value);
  };
  const shown = (element: Element) => {
    if (element.closest('[hidden], [aria-hidden="true"]')) return false;
    const box = (element as HTMLElement).getBoundingClientRect();
    return box.width > 0 || box.height > 0;
  };
  let root: ParentNode = document;
  if (query.scope) {
    const scopes = [
      ...document.querySelectorAll(
        '[role="dialog"], [role="region"], section[aria-labelledby], section[aria-label], article',
      ),
    ];
    const scope = scopes.find((element) => shown(element) && accessibleName(element) === query.scope);
    if (!scope) return null;
    root = scope;
  }
  let found: Element | undefined;
  switch (query.kind) {
    case 'clickable':
      // Buttons before links; a switch is a checkbox drawn by its label, which is what a person clicks.
      for (const pass of [false, true]) {
        prefixPass = pass;
        for (const selector of ['button, [role="button"], [role="tab"], summary', 'a[href]', 'label']) {
          found = [...root.querySelectorAll(selector)].find(
            (element) =>
              shown(element) && !(element as HTMLButtonElement).disabled && matches(accessibleName(element)),
          );
          if (found) break;
        }
        if (found) break;
      }
      break;
    case 'field':
      found = [...root.querySelectorAll('input, textarea, select')].find((element) => {
        if ((element as HTMLInputElement).type !== 'file' && !shown(element)) return false;
        return matches(accessibleName(element));
      });
      break;
    case 'video':
      found = [...root.querySelectorAll('video')].find(
        (element) => query.name === null || matches(element.getAttribute('aria-label') ?? ''),
      );
      break;
    case 'scope':
      found = root instanceof Element ? root : undefined;
      break;
    case 'text': {
      const candidates = [...root.querySelectorAll('body *')].filter(
        (element) => shown(element) && matches(text(element)),
      );
      if (root instanceof Element && shown(root) && matches(text(root))) candidates.unshift(root);
      // The innermost element that says it.
      found = candidates.find(
        (element) => ![...element.children].some((child) => candidates.includes(child)),
      );
      if (!found && query.name && 'exact' in query.name) {
        const needle = query.name.exact;
        found = [...root.querySelectorAll('body *')].find(
          (element) =>
            shown(element) &&
            text(element).includes(needle) &&
            ![...element.children].some((child) => text(child).includes(needle)),
        );
      }
      break;
    }
  }
  if (!found) return null;
  const mark = `t${Math.random().toString(36).slice(2)}`;
  found.setAttribute(attribute, mark);
  return mark;
}

/** What an engine has to offer the driver. */
type Engine = {
  engine: JourneyPage['engine'];
  baseURL: string;
  goto(url: string): Promise<void>;
  evaluate<Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result>;
  click(selector: string): Promise<void>;
  type(selector: string, value: string): Promise<void>;
  press(selector: string, key: 'Enter'): Promise<void>;
  attach(selector: string, filePath: string): Promise<void>;
  close(): Promise<void>;
};

async function poll<Result>(
  what: string,
  attempt: () => Promise<Result | null>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Result> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    const result = await attempt().catch((error: unknown) => {
      lastError = error;
      return null;
    });
    if (result !== null) return result;
    if (Date.now() > deadline) {
      const cause = lastError === null ? '' : ` (last error: ${String(lastError).slice(0, 300)})`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function driver(engine: Engine): JourneyPage {
  const files = mkdtempSync(path.join(tmpdir(), 'journey-files-'));
  const mark = (query: Query) => engine.evaluate(markInPage, { query, attribute: TARGET_ATTRIBUTE });
  // A journey that times out says what the page showed instead, so a failure in CI can be read
  // without a screenshot (WebDriver's engines leave none).
  const withPageState = async <Result>(waiting: Promise<Result>): Promise<Result> => {
    try {
      return await waiting;
    } catch (error) {
      const state = await engine
        .evaluate(
          () =>
            `${window.location.href} (${document.readyState}): «${(document.body?.innerText ?? '')
              .replace(/\s+/g, ' ')
              .slice(0, 400)}»`,
          null,
        )
        .catch((stateError: unknown) => `unreadable (${String(stateError).slice(0, 120)})`);
      throw new Error(`${error instanceof Error ? error.message : String(error)}; the page: ${state}`, {
        cause: error,
      });
    }
  };
  const find = async (query: Query, timeoutMs?: number) => {
    const describe = `${query.kind} ${JSON.stringify(query.name)}${query.scope ? ` in "${query.scope}"` : ''}`;
    const found = await withPageState(poll(describe, () => mark(query), timeoutMs));
    return `[${TARGET_ATTRIBUTE}="${found}"]`;
  };
  // A page may replace an element between finding and using it (a route's code arriving, a form
  // re-rendered): the action then finds it again instead of waiting on the node that left.
  const act = (query: Query, action: (selector: string) => Promise<void>) =>
    withPageState(
      poll(`${query.kind} ${JSON.stringify(query.name)} to take the action`, async () => {
        const found = await mark(query);
        if (found === null) return null;
        await action(`[${TARGET_ATTRIBUTE}="${found}"]`);
        return true;
      }),
    );
  return {
    engine: engine.engine,
    async goto(pathname) {
      await engine.goto(new URL(pathname, engine.baseURL).toString());
    },
    async click(name, scope) {
      await act({ kind: 'clickable', name: nameOf(name), scope: scope ?? null }, (selector) =>
        engine.click(selector),
      );
    },
    async fill(label, value, scope) {
      await act({ kind: 'field', name: nameOf(label), scope: scope ?? null }, async (selector) => {
        const focused = await engine.evaluate(
          ({ selector }) => {
            const field = document.querySelector(selector) as HTMLInputElement | null;
            field?.focus();
            field?.select();
            return field !== null;
          },
          { selector },
        );
        if (!focused) throw new Error(`${selector} left the page`);
        await engine.type(selector, value);
      });
    },
    async select(label, option, scope) {
      const selector = await find({ kind: 'field', name: nameOf(label), scope: scope ?? null });
      await poll(`option "${option}" of "${String(label)}"`, () =>
        engine.evaluate(
          ({ selector, option }) => {
            const field = document.querySelector(selector) as HTMLSelectElement | null;
            const choice = [...(field?.options ?? [])].find((candidate) => candidate.text.trim() === option);
            if (!field || !choice) return null;
            // React tracks the value it last saw: set it through the prototype's setter, then tell it.
            Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(
              field,
              choice.value,
            );
            field.dispatchEvent(new Event('change', { bubbles: true }));
            return true;
          },
          { selector, option },
        ),
      );
    },
    url: () => engine.evaluate(() => window.location.href, null),
    async waitForUrl(pattern, timeoutMs) {
      await poll(
        `an address like ${pattern}`,
        async () => (pattern.test(await engine.evaluate(() => window.location.href, null)) ? true : null),
        timeoutMs,
      );
    },
    async submit(label, scope) {
      await engine.press(await find({ kind: 'field', name: nameOf(label), scope: scope ?? null }), 'Enter');
    },
    async attach(label, file, scope) {
      const filePath = path.join(files, file.name);
      writeFileSync(filePath, file.buffer);
      await engine.attach(await find({ kind: 'field', name: nameOf(label), scope: scope ?? null }), filePath);
    },
    async waitForText(text, options = {}) {
      await find({ kind: 'text', name: nameOf(text), scope: options.scope ?? null }, options.timeoutMs);
    },
    async waitForGone(scope, timeoutMs = DEFAULT_TIMEOUT_MS) {
      await poll(
        `"${scope}" to go`,
        async () => ((await mark({ kind: 'scope', name: null, scope })) === null ? true : null),
        timeoutMs,
      );
    },
    async waitForValue(label, value, scope) {
      const selector = await find({ kind: 'field', name: nameOf(label), scope: scope ?? null });
      await poll(`"${String(label)}" to hold "${value}"`, async () =>
        (await engine.evaluate(
          ({ selector }) => (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null,
          { selector },
        )) === value
          ? true
          : null,
      );
    },
    async video(label, check, scope) {
      const selector = await find({ kind: 'video', name: nameOf(label), scope: scope ?? null });
      return engine.evaluate(check, selector) as Promise<Awaited<ReturnType<typeof check>>>;
    },
    async close() {
      rmSync(files, { recursive: true, force: true });
      await engine.close();
    },
  };
}

/** A Chromium page of Playwright's. */
export function playwrightJourneyPage(page: PlaywrightPage, baseURL: string): JourneyPage {
  return driver({
    engine: 'chromium',
    baseURL,
    goto: async (url) => void (await page.goto(url)),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    // Short timeouts: a node that left the page is found again by the driver, not waited on.
    click: (selector) => page.click(selector, { timeout: ACTION_TIMEOUT_MS }),
    // One input event for the whole value: typing key by key outlasted the short timeout on a busy
    // machine, and a retry then typed into a half-filled field.
    type: (selector, value) => page.fill(selector, value, { timeout: ACTION_TIMEOUT_MS }),
    press: (selector, key) => page.press(selector, key),
    attach: (selector, filePath) => page.setInputFiles(selector, filePath),
    close: () => page.context().close(),
  });
}

/** A Firefox page of puppeteer-core's, over WebDriver BiDi. */
export function puppeteerJourneyPage(page: PuppeteerPage, baseURL: string): JourneyPage {
  return driver({
    engine: 'firefox',
    baseURL,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.click(selector),
    type: (selector, value) => page.type(selector, value),
    press: async (selector, key) => {
      await page.focus(selector);
      await page.keyboard.press(key);
    },
    attach: async (selector, filePath) => {
      const input = await page.$(selector);
      await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(filePath);
    },
    close: () => page.close(),
  });
}

/** A WebKit page through a W3C WebDriver session (WebKitWebDriver, see `webkit.ts`). */
export function webDriverJourneyPage(session: WebDriverSession, baseURL: string): JourneyPage {
  return driver({
    engine: 'webkit',
    baseURL,
    goto: async (url) => {
      await session.navigate(url);
      if (await loadedDocumentIs(session, url)) return;
      // WebKitWebDriver now and then answers a navigation and stays on the page it was asked to
      // leave (seen right after a single-page app changed its own address: the page was still
      // that document, «complete», 15 s later). It is asked once more, and the log says so.
      console.warn(`WebKitWebDriver stayed on the previous page instead of opening ${url}: asking again`);
      await session.navigate(url);
      if (!(await loadedDocumentIs(session, url)))
        throw new Error(`WebKitWebDriver did not open ${url}, twice`);
    },
    evaluate: (fn, arg) => session.execute(fn, arg),
    // WebKitWebDriver calls an element out of view "not interactable" rather than scrolling to it.
    click: async (selector) => {
      await session.execute(
        (selector) => document.querySelector(selector)?.scrollIntoView({ block: 'center' }),
        selector,
      );
      await session.click(await session.element(selector));
    },
    type: async (selector, value) => session.sendKeys(await session.element(selector), value),
    press: async (selector) => session.sendKeys(await session.element(selector), '\uE007'),
    attach: async (selector, filePath) => session.sendKeys(await session.element(selector), filePath),
    close: () => session.close(),
  });
}

/**
 * Whether the document shown is the one loaded from `url`: its navigation entry names the address
 * it was loaded from, which a page's own `history` changes afterwards leave alone.
 */
async function loadedDocumentIs(session: WebDriverSession, url: string): Promise<boolean> {
  const loadedFrom = await session.execute(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ??
      null,
    null,
  );
  return loadedFrom === null || loadedFrom.split('#')[0] === url.split('#')[0];
}

/** What the WebKit engine needs of a WebDriver session. */
export type WebDriverSession = {
  navigate(url: string): Promise<void>;
  execute<Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result>;
  element(selector: string): Promise<string>;
  click(element: string): Promise<void>;
  sendKeys(element: string, text: string): Promise<void>;
  close(): Promise<void>;
};

export type { PuppeteerBrowser };
