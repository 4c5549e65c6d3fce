import { randomBytes } from 'node:crypto';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { callTexts } from '@seguridad/contracts/messages';
import { chatBothWays, connectCall, openCallPanel, operatorOnCalls } from '../call-journeys';
import { freePort, startServer, type RunningServer } from '../fixtures';
import { chromiumArgs } from '../playwright.config';
import { recordCallSetup } from './support/call-setup';
import { startCoturn, TURN_PORT } from './support/coturn';
import { createNatNetwork, type NatHost, type NatNetwork } from './support/nat-network';
import {
  anyPeerConnected,
  keepPeerConnections,
  peerConnectionsMade,
  selectedCandidates,
} from './support/peer-connections';
import { journeyDirectory, Teardown } from './support/processes';

const TURN_SECRET = randomBytes(24).toString('hex');
/** How long the control waits for a connection that must not come (ICE gives up later than this). */
const CONTROL_WAIT_MS = 20_000;
/**
 * Debian's full Chromium, not the headless shell the other journeys drive: the shell ignores
 * `--unsafely-treat-insecure-origin-as-secure`, so on the namespaces' plain-HTTP site it offers
 * no camera and the widget says the browser cannot call.
 */
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test.describe('calls across NAT through coturn', () => {
  test.skip(process.getuid?.() !== 0, 'network namespaces and iptables need root');
  test.setTimeout(120_000);

  const teardown = new Teardown();
  let network: NatNetwork;
  let withRelay: RunningServer;
  let withoutRelay: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const directory = journeyDirectory('nat');
    teardown.add(directory.remove);
    network = createNatNetwork(directory.path);
    teardown.add(() => network.remove());
    const coturn = await startCoturn({
      address: network.publicAddress,
      secret: TURN_SECRET,
      directory: directory.path,
    });
    teardown.add(() => coturn.stop());
    network.allow('udp', TURN_PORT);
    network.allow('tcp', TURN_PORT);

    const serverOnNetwork = async (env: Record<string, string>) => {
      const port = await freePort();
      const server = await startServer({
        HOST: network.publicAddress,
        PORT: String(port),
        PUBLIC_BASE_URL: `http://${network.publicAddress}:${port}`,
        // Listening beyond loopback turns demo mode off; the journeys sign in with the demo operator.
        DEMO_MODE: '1',
        ...env,
      });
      teardown.add(() => server.stop());
      network.allow('tcp', port);
      return server;
    };
    withRelay = await serverOnNetwork({
      TURN_URLS: `turn:${network.publicAddress}:${TURN_PORT}?transport=udp`,
      TURN_SECRET,
    });
    withoutRelay = await serverOnNetwork({});
  });
  test.afterAll(() => teardown.run());

  /** Chromium inside a home's namespace; the site is plain HTTP there, so it is declared secure. */
  async function browserIn(host: NatHost, site: string): Promise<Browser> {
    const browser = await chromium.launch({
      executablePath: network.chromiumIn(host, fullChromium),
      args: [...chromiumArgs, `--unsafely-treat-insecure-origin-as-secure=${site}`],
    });
    return browser;
  }

  /** The operator in one browser, the citizen in another (or the same), both keeping their peers. */
  async function openBoth(server: RunningServer, operatorBrowser: Browser, citizenBrowser: Browser) {
    const operator = await operatorOnCalls(operatorBrowser, server.baseURL);
    await keepPeerConnections(operator.context);
    await operator.page.reload();
    await expect(operator.page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    const citizenContext = await citizenBrowser.newContext({ baseURL: server.baseURL });
    await keepPeerConnections(citizenContext);
    const citizen = await citizenContext.newPage();
    await openCallPanel(citizen);
    return { operator, citizen };
  }

  test('citizen and operator behind two NATs talk through the relay: video and chat both ways', async () => {
    const operatorBrowser = await browserIn(network.operator, withRelay.baseURL);
    const citizenBrowser = await browserIn(network.citizen, withRelay.baseURL);
    try {
      const { operator, citizen } = await openBoth(withRelay, operatorBrowser, citizenBrowser);
      const { callView, consoleCall } = await connectCall(citizen, operator);
      await recordCallSetup(citizen, 'relay (two NATs, coturn)');
      await chatBothWays(callView, consoleCall, {
        fromCitizen: 'Hablo desde detrás de un NAT',
        fromOperator: 'Y yo desde detrás de otro',
      });
      for (const page of [citizen, operator.page]) {
        expect(await selectedCandidates(page)).toMatchObject({ local: 'relay', protocol: 'udp' });
      }
      await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
      await expect(callView.getByText(callTexts.ended)).toBeVisible();
    } finally {
      await citizenBrowser.close();
      await operatorBrowser.close();
    }
  });

  test('two people on the same network talk directly, although the relay is offered', async () => {
    const browser = await browserIn(network.citizen, withRelay.baseURL);
    try {
      const { operator, citizen } = await openBoth(withRelay, browser, browser);
      const { callView, consoleCall } = await connectCall(citizen, operator);
      await recordCallSetup(citizen, 'direct (one network, relay offered)');
      for (const page of [citizen, operator.page]) {
        expect(await selectedCandidates(page)).toMatchObject({ local: 'host', remote: 'host' });
      }
      await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
      await expect(callView.getByText(callTexts.ended)).toBeVisible();
    } finally {
      await browser.close();
    }
  });

  test('control: without TURN_URLS the same two NATs never connect', async () => {
    const operatorBrowser = await browserIn(network.operator, withoutRelay.baseURL);
    const citizenBrowser = await browserIn(network.citizen, withoutRelay.baseURL);
    try {
      const { operator, citizen } = await openBoth(withoutRelay, operatorBrowser, citizenBrowser);
      const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
      await panel.getByRole('button', { name: 'Llamar' }).click();
      const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
      await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
      await operator.page
        .getByRole('listitem')
        .filter({ hasText: 'General' })
        .first()
        .getByRole('button', { name: /Aceptar/ })
        .click();
      await expect(operator.page.getByRole('region', { name: /^Llamada ·/ })).toBeVisible();
      // Signaling went through (both sides made their peer connection), media never did.
      await expect.poll(() => peerConnectionsMade(citizen)).toBeGreaterThan(0);
      await expect.poll(() => peerConnectionsMade(operator.page)).toBeGreaterThan(0);
      const deadline = Date.now() + CONTROL_WAIT_MS;
      while (Date.now() < deadline) {
        expect(await anyPeerConnected(citizen)).toBe(false);
        expect(await anyPeerConnected(operator.page)).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // No frame of the operator ever reached the citizen's page.
      const remote = callView.getByLabel('Video de la operadora');
      if ((await remote.count()) > 0) {
        expect(await remote.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(0);
      }
    } finally {
      await citizenBrowser.close();
      await operatorBrowser.close();
    }
  });
});
