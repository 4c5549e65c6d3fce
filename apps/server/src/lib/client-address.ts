/**
 * The one key every limit counts a client under (the API ceiling, the sign-in budgets, each
 * route's own limit, the socket cap; docs/rate-limits.md): an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /56 prefix, since one subscriber commonly holds a whole /56 or /64 and could
 * otherwise rotate through addresses.
 */
export function clientAddressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.toLowerCase().split('%')[0]!;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address.replace(/^::/, '0:'));
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(address);
  if (!groups) return address;
  const prefix = [groups[0]!, groups[1]!, groups[2]!, groups[3]! & 0xff00];
  return `${prefix.map((group) => group.toString(16)).join(':')}::/56`;
}

function expandIpv6(address: string): number[] | undefined {
  const parseGroups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const octets = piece.split('.').map(Number);
        if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255))) return undefined;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return undefined;
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
