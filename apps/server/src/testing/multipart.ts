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

/** The smallest valid-looking files of each kind, by their magic bytes. */
export const tinyFiles = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
  pdf: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
};
