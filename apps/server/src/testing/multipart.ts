import { crc32, deflateSync } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from './test-app';
/** Serializes form data exactly as a browser would, for `app.inject`. */
export async function multipartPayload(
  form: FormData,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export type FormFile = { bytes: Buffer; name: string; type?: string };

/** A form with these text fields, then these files (field name to bytes and file name), in order. */
export function formOf(fields: Record<string, string>, files: Record<string, FormFile> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([file.bytes], file.type ? { type: file.type } : {}), file.name);
  }
  return form;
}

/** Posts `form` to `url` as a browser would, with any other headers (a company key, a session). */
export async function postForm(
  ctx: TestContext,
  url: string,
  form: FormData,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const { payload, headers } = await multipartPayload(form);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...options.headers, ...headers },
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The smallest valid-looking files of each kind, by their magic bytes. */
export const tinyFiles = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
  pdf: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
};

/** One chunk of a PNG file: its length, type, data and checksum. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of `size`×`size` pixels in one colour. */
export function realPng(size = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x40)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable 2×2 JPEG. */
export const realJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABwEBAQAAAAAAAAAAAAAAAAAABQYQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAACAAIDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCZAKYG/9k=',
  'base64',
);

/** The names of the files uploads have left under `dataDir` (none before the first upload). */
export function uploadedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}
