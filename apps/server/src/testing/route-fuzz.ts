import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import type { RouteAccess } from '../lib/access-guards';
import { bearer, newSession } from './accounts';
import { demoOperatorSession, insertCall, otherCompany } from './calls';
import type { TestContext } from './test-app';

/** A small seeded generator (mulberry32): the same seed replays the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const PARAMS = [
  '1',
  '2',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  'x'.repeat(300),
  'video',
  'thumbnail',
  'captions',
];
const STRINGS = [
  '',
  ' ',
  'a',
  'rosa@example.com',
  '+56912345678',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  'ñandú 🚨',
  'x'.repeat(6000),
  '\u0000',
  '2027-01-01',
  'eliminar mi cuenta',
];
const NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  7,
  2_147_483_647,
  2_147_483_648,
  1e308,
  -1e308,
  0.5,
  Number.MAX_SAFE_INTEGER,
];
const KEYS = [
  'email',
  'password',
  'password_confirmation',
  'name',
  'lastname',
  'phone',
  'phone_number',
  'id',
  'ids',
  'code',
  'token',
  'type',
  'kind',
  'detail',
  'answer',
  'reason',
  'message',
  'speciality',
  'speciality_ids',
  'role',
  'days',
  'status',
  'invitation_id',
  'user_id',
  'amount',
  'from',
  'privateRoom',
  'stars',
  'comment',
  'device',
  'settings',
  'state',
  'area',
  'before',
  'to',
];

/** What a fuzzed request may carry: credentials and a body the route may or may not expect. */
export type FuzzIdentities = Record<
  'anonymous' | 'citizen' | 'operator' | 'admin' | 'otherAdmin',
  Record<string, string>
>;

/** Sessions of each kind of caller, and a call to point ids at. */
export async function fuzzIdentities(ctx: TestContext): Promise<FuzzIdentities> {
  const citizen = await newSession(ctx, 'fuzz-ciudadana@example.com');
  const admin = await demoOperatorSession(ctx);
  const other = await otherCompany(ctx, 'fuzz-otra');
  await insertCall(ctx, { status: 'active', operatorId: admin.userId });
  await insertCall(ctx);
  return {
    anonymous: {},
    citizen: bearer(citizen),
    operator: bearer(admin.token),
    admin: bearer(admin.token),
    otherAdmin: bearer(other.operator),
  };
}

/**
 * 503s the product answers on purpose, which the spec names: no operator can take a call now (the
 * widget offers the video mail). Any other 5xx is a defect.
 */
const PRODUCT_503 = new Set(['no_operators']);

function errorCodeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { error?: unknown }).error ?? '');
  } catch {
    return '';
  }
}

export type FuzzReport = {
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: { method: string; url: string; status: number; body: string }[];
  milliseconds: number;
};

/** Sends `requests` random requests over every route (loopback only: `inject`, no socket). */
export async function fuzzRoutes(
  ctx: TestContext,
  routes: readonly RouteAccess[],
  identities: FuzzIdentities,
  options: { requests: number; seed: number },
): Promise<FuzzReport> {
  const random = generator(options.seed);
  const targets = routes.filter((route) => route.method !== 'HEAD' && !route.url.includes('*'));
  const value = (depth: number): unknown => {
    const roll = random.next();
    if (roll < 0.35) return random.pick(STRINGS);
    if (roll < 0.6) return random.pick(NUMBERS);
    if (roll < 0.7) return random.pick([true, false, null]);
    if (roll < 0.85 && depth < 2)
      return Array.from({ length: Math.floor(random.next() * 4) }, () => value(depth + 1));
    if (depth < 2) return objectValue(depth + 1);
    return random.pick(STRINGS);
  };
  const objectValue = (depth: number) =>
    Object.fromEntries(
      Array.from({ length: 1 + Math.floor(random.next() * 5) }, () => [random.pick(KEYS), value(depth)]),
    );
  const report: FuzzReport = { requests: 0, byStatus: {}, serverErrors: [], milliseconds: 0 };
  const started = performance.now();
  for (let index = 0; index < options.requests; index += 1) {
    const route = targets[index % targets.length]!;
    const method = route.method.split(',')[0]! as 'GET';
    const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(random.pick(PARAMS)));
    const query =
      random.next() < 0.5
        ? `?${new URLSearchParams(objectValue(1) as Record<string, string>).toString()}`
        : '';
    const headers: Record<string, string> = {
      ...identities[random.pick(['anonymous', 'citizen', 'operator', 'admin', 'otherAdmin'] as const)],
      ...(random.next() < 0.5
        ? { 'company-key': random.pick([DEMO_COMPANY_KEY, 'pk_no_existe_00000000000', '']) }
        : {}),
      ...(random.next() < 0.3 ? { 'call-token': random.pick(['x', 'y'.repeat(250), '']) } : {}),
    };
    const withBody = method !== 'GET' && (method as string) !== 'DELETE';
    const shape = random.next();
    const response = await ctx.app.inject({
      method,
      url: `${url}${query}`,
      headers: {
        ...headers,
        ...(withBody
          ? {
              'content-type':
                shape < 0.85
                  ? 'application/json'
                  : random.pick([
                      'text/plain',
                      'multipart/form-data; boundary=x',
                      'application/x-www-form-urlencoded',
                    ]),
            }
          : {}),
      },
      remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      ...(withBody
        ? {
            payload:
              shape < 0.6
                ? JSON.stringify(objectValue(0))
                : shape < 0.7
                  ? JSON.stringify(value(0))
                  : shape < 0.85
                    ? random.pick(['', '{', 'null', '[]', '{"a":'])
                    : random.pick([
                        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
                        'a=b&c',
                        '\u0000',
                      ]),
          }
        : {}),
    });
    report.requests += 1;
    const status = String(response.statusCode);
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    const productAnswer = response.statusCode === 503 && PRODUCT_503.has(errorCodeOf(response.body));
    if (response.statusCode >= 500 && !productAnswer) {
      report.serverErrors.push({
        method,
        url: `${url}${query}`,
        status: response.statusCode,
        body: response.body.slice(0, 300),
      });
    }
  }
  report.milliseconds = Math.round(performance.now() - started);
  return report;
}
