import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../testing/accounts';
import { demoKey, demoOperatorSession, openDemoCompany } from '../testing/calls';
import { createTestApp, type TestContext } from '../testing/test-app';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};
const HUGE_ID = 2_147_483_648;

/** Values the body schemas accept for the fields whose rules a generic sample would miss. */
const KNOWN_VALID: Record<string, unknown> = {
  email: 'rosa@example.com',
  phone_number: '+56912345678',
  phone: '+56912345678',
  password: 'una-clave-segura-2026',
  password_confirmation: 'una-clave-segura-2026',
  new_password: 'otra-clave-segura-2026',
  from: 'https://municipio.example.cl/',
  code: '123456',
  rut: '11.111.111-1',
};

function firstVariant(schema: JsonSchema): JsonSchema {
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return variant?.find((item) => item.type !== 'null') ?? variant?.[0] ?? schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : undefined);
}

/** A value the schema is likely to accept, so that one poisoned field is what reaches the handler. */
function valid(schema: JsonSchema | undefined, key = '', depth = 0): unknown {
  if (key in KNOWN_VALID) return KNOWN_VALID[key];
  if (!schema || depth > 6) return 'Texto de prueba';
  const resolved = firstVariant(schema);
  if (resolved.enum?.length) return resolved.enum[0];
  const type = typeOf(resolved);
  if (type === 'object') {
    const entries = Object.entries(resolved.properties ?? {});
    return Object.fromEntries(entries.map(([name, child]) => [name, valid(child, name, depth + 1)]));
  }
  if (type === 'array') return [valid(resolved.items, key, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (resolved.format === 'email') return 'rosa@example.com';
  if (resolved.format === 'uri') return 'https://municipio.example.cl';
  return 'Texto de prueba';
}

/**
 * Copies of `value` with one leaf changed each: every string gets a NUL, and a lone surrogate
 * (which JSON's `\ud800` escape carries), every number goes past int4.
 */
function poisoned(value: unknown): unknown[] {
  if (typeof value === 'string') {
    const middle = Math.floor(value.length / 2);
    return [
      `${value.slice(0, middle)}\0${value.slice(middle)}`,
      `${value.slice(0, middle)}\ud800${value.slice(middle)}`,
    ];
  }
  if (typeof value === 'number') return [HUGE_ID, 1e20];
  if (Array.isArray(value))
    return value.flatMap((item, index) => poisoned(item).map((bad) => value.with(index, bad)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) =>
      poisoned(item).map((bad) => ({ ...value, [name]: bad })),
    );
  }
  return [];
}

/** A value of the opposite type to what the schema wants. */
function wrong(schema: JsonSchema | undefined): unknown {
  const type = schema ? typeOf(firstVariant(schema)) : undefined;
  if (type === 'object') {
    const entries = Object.entries(firstVariant(schema!).properties ?? {});
    return Object.fromEntries(
      entries.map(([name, child]) => [name, typeOf(firstVariant(child)) === 'string' ? 42 : 'x']),
    );
  }
  return type === 'string' ? 42 : 'no-es-valido';
}

const PATH_VALUES = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '%00', 'a%00b', '1'];

const BAD_MULTIPARTS: { contentType: string; payload: string }[] = [
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
  {
    contentType: 'multipart/form-data; boundary=frontera',
    payload: '--frontera\r\nContent-Disposition: form-data; name="videoMail"; filename="v.webm"\r\n\r\nabc',
  },
  {
    contentType: 'multipart/form-data; boundary=frontera',
    payload: '--frontera\r\nContent-Disposition: form-data; name="name"\r\n\r\nRo\0sa\r\n--frontera--\r\n',
  },
  { contentType: 'multipart/form-data; boundary=frontera', payload: 'basura sin partes' },
  // Past busboy's 256 characters it throws; RFC 2046 allows 70.
  {
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    payload: `--${'b'.repeat(300)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${'b'.repeat(300)}--\r\n`,
  },
  { contentType: 'text/plain', payload: 'hola' },
];

describe('no route answers 500 to malformed input (every route of the OpenAPI document)', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '1000000',
        WIDGET_SUBMISSIONS_MAX: '1000000',
        AUTH_RATE_LIMIT_MAX: '1000000',
        AUTH_ATTEMPTS_IP_FACTOR: '1000',
        VIDEO_CALLS_MAX: '1000000',
        CALL_ATTACHMENTS_MAX: '1000000',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bad-input-fuzz-')),
      },
    });
    await openDemoCompany(ctx);
    const operator = await demoOperatorSession(ctx);
    headers = { ...demoKey, ...bearer(operator.token) };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(ctx.config.dataDir, { recursive: true, force: true });
  });

  it('answers 4xx, never 500', async () => {
    const document = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    let declares503 = false;

    async function send(method: string, url: string, extra: { payload?: unknown; contentType?: string }) {
      sent += 1;
      const response = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: { ...headers, ...(extra.contentType ? { 'content-type': extra.contentType } : {}) },
        ...(extra.payload === undefined
          ? {}
          : { payload: typeof extra.payload === 'string' ? extra.payload : JSON.stringify(extra.payload) }),
      });
      // A declared 503 is the call centre being closed, a true answer to a valid call.
      const closed = response.statusCode === 503 && declares503;
      if (response.statusCode >= 500 && !closed) {
        failures.push(
          `${method.toUpperCase()} ${url} ${String(extra.payload).slice(0, 80)} → ${response.statusCode}`,
        );
      }
    }

    for (const [template, methods] of Object.entries(document.paths)) {
      // The one route that ends every session of the account the requests sign in with.
      if (template.includes('logout')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        declares503 = Boolean(operation.responses?.['503']);
        const pathParams = (operation.parameters ?? []).filter((param) => param.in === 'path');
        const queryParams = (operation.parameters ?? []).filter((param) => param.in === 'query');
        const urls = PATH_VALUES.map((value) =>
          template.replace(/\{(\w+)\}/g, (_match, name: string) => {
            const param = pathParams.find((item) => item.name === name);
            return typeof param?.schema?.enum?.[0] === 'string' ? param.schema.enum[0] : value;
          }),
        );
        if (pathParams.length === 0) urls.splice(1);
        for (const url of urls) {
          const validQuery = Object.fromEntries(
            queryParams.map((param) => [param.name, valid(param.schema, param.name)]),
          );
          const queries = [validQuery, ...poisoned(validQuery)] as Record<string, unknown>[];
          for (const query of queries) {
            const search = new URLSearchParams(
              Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
            ).toString();
            const target = search ? `${url}?${search}` : url;
            if (method === 'get' || method === 'delete') {
              await send(method, target, {});
              continue;
            }
            const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
            const body = valid(jsonSchema);
            for (const payload of [body, ...poisoned(body), wrong(jsonSchema)]) {
              await send(method, target, { payload, contentType: 'application/json' });
            }
          }
          if (method === 'get' || method === 'delete') continue;
          await send(method, url, { payload: {}, contentType: 'application/json' });
          await send(method, url, { payload: '{"a":', contentType: 'application/json' });
          for (const bad of BAD_MULTIPARTS) await send(method, url, bad);
        }
      }
    }

    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
