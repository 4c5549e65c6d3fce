import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Two homes behind NAT on a small "internet" of this machine's own, made with network namespaces:
 *
 *   citizen host ── citizen NAT ──┐                        ┌── operator NAT ── operator host
 *   10.31.1.2       10.31.1.1     │   bridge in this       │   10.31.2.1        10.31.2.2
 *                   198.51.100.n+2└── namespace, where ────┘   198.51.100.n+3
 *                                     server and coturn
 *                                     listen: 198.51.100.n+1
 *
 * Each NAT masquerades with random source ports (a symmetric NAT, as carrier-grade NAT often is)
 * and forwards nothing from its home but to the reachable ports of 198.51.100.n+1: the other home
 * cannot be reached at all, directly or through its public address. The addresses are TEST-NET-2
 * (documentation) and private ones, used only inside these namespaces and this bridge; nothing is
 * routed off the machine. `remove` deletes every namespace, link and rule made here.
 */

export type NatHost = {
  /** The namespace the host's programs run in (`ip netns exec`). */
  namespace: string;
  address: string;
};

export type NatNetwork = {
  /** Where the server and the relay listen, the only address the homes reach. */
  publicAddress: string;
  citizen: NatHost;
  operator: NatHost;
  /** Lets both homes reach `port` of the public address (nothing else is reachable). */
  allow(protocol: 'tcp' | 'udp', port: number): void;
  /** A script that runs Chromium inside `host`'s namespace, for Playwright's `executablePath`. */
  chromiumIn(host: NatHost, chromiumPath: string): string;
  remove(): void;
};

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inside = (namespace: string, command: string, ...args: string[]) =>
  execFileSync('ip', ['netns', 'exec', namespace, command, ...args], { stdio: 'pipe' });

/** Claims a free /28 of 198.51.100.0/24 by creating its bridge (a name only one run can hold). */
function claimSlot(): number {
  const slots = [...Array(15).keys()].map((index) => index + 1).sort(() => Math.random() - 0.5);
  for (const slot of slots) {
    try {
      ip('link', 'add', `sgnat${slot}`, 'type', 'bridge');
      // Namespaces of this slot left by a run that was killed after removing its bridge.
      for (const side of ['c', 'cgw', 'o', 'ogw']) {
        try {
          ip('netns', 'del', `sgnat${slot}-${side}`);
        } catch {
          // None: the usual case.
        }
      }
      return slot;
    } catch {
      // Held by another run (or left by one that was killed): the next.
    }
  }
  throw new Error('no free test network slot: every sgnat* bridge exists (ip link show type bridge)');
}

export function createNatNetwork(directory: string): NatNetwork {
  const slot = claimSlot();
  const bridge = `sgnat${slot}`;
  const base = slot * 16;
  const publicAddress = `198.51.100.${base + 1}`;
  const made: { namespaces: string[]; links: string[] } = { namespaces: [], links: [bridge] };
  const gateways: { namespace: string; lan: string; wan: string }[] = [];
  const remove = () => {
    for (const namespace of made.namespaces) {
      try {
        ip('netns', 'del', namespace);
      } catch {
        // Already gone.
      }
    }
    for (const link of made.links) {
      try {
        ip('link', 'del', link);
      } catch {
        // Went with its namespace.
      }
    }
  };

  try {
    ip('addr', 'add', `${publicAddress}/28`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');

    const home = (side: 'c' | 'o', lanNetwork: number, wanAddress: string): NatHost => {
      const gateway = `${bridge}-${side}gw`;
      const host = `${bridge}-${side}`;
      for (const namespace of [gateway, host]) {
        ip('netns', 'add', namespace);
        made.namespaces.push(namespace);
        inside(namespace, 'ip', 'link', 'set', 'lo', 'up');
      }
      // wan: bridge ↔ NAT; lan: NAT ↔ host. Interface names stay within 15 characters.
      const wan = `sgn${slot}${side}w`;
      const lan = `sgn${slot}${side}l`;
      ip('link', 'add', wan, 'type', 'veth', 'peer', 'name', `${wan}g`);
      made.links.push(wan);
      ip('link', 'set', `${wan}g`, 'netns', gateway);
      ip('link', 'set', wan, 'master', bridge, 'up');
      ip('link', 'add', lan, 'type', 'veth', 'peer', 'name', `${lan}h`);
      ip('link', 'set', lan, 'netns', gateway);
      ip('link', 'set', `${lan}h`, 'netns', host);

      const lanGateway = `10.31.${lanNetwork}.1`;
      const hostAddress = `10.31.${lanNetwork}.2`;
      inside(gateway, 'ip', 'addr', 'add', `${wanAddress}/28`, 'dev', `${wan}g`);
      inside(gateway, 'ip', 'link', 'set', `${wan}g`, 'up');
      inside(gateway, 'ip', 'addr', 'add', `${lanGateway}/24`, 'dev', lan);
      inside(gateway, 'ip', 'link', 'set', lan, 'up');
      inside(gateway, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
      inside(host, 'ip', 'addr', 'add', `${hostAddress}/24`, 'dev', `${lan}h`);
      inside(host, 'ip', 'link', 'set', `${lan}h`, 'up');
      inside(host, 'ip', 'route', 'add', 'default', 'via', lanGateway);

      const iptables = (...args: string[]) => inside(gateway, 'iptables', '-w', ...args);
      iptables('-t', 'nat', '-A', 'POSTROUTING', '-o', `${wan}g`, '-j', 'MASQUERADE', '--random');
      iptables('-P', 'FORWARD', 'DROP');
      iptables('-A', 'FORWARD', '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT');
      gateways.push({ namespace: gateway, lan, wan: `${wan}g` });
      return { namespace: host, address: hostAddress };
    };

    const citizen = home('c', 1, `198.51.100.${base + 2}`);
    const operator = home('o', 2, `198.51.100.${base + 3}`);
    return {
      publicAddress,
      citizen,
      operator,
      allow(protocol, port) {
        for (const { namespace, lan, wan } of gateways) {
          inside(
            namespace,
            'iptables',
            '-w',
            '-A',
            'FORWARD',
            '-i',
            lan,
            '-o',
            wan,
            '-d',
            publicAddress,
            '-p',
            protocol,
            '--dport',
            String(port),
            '-j',
            'ACCEPT',
          );
        }
      },
      chromiumIn(host, chromiumPath) {
        const script = path.join(directory, `chromium-in-${host.namespace}.sh`);
        writeFileSync(script, `#!/bin/sh\nexec ip netns exec ${host.namespace} ${chromiumPath} "$@"\n`);
        chmodSync(script, 0o755);
        return script;
      },
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
