import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { Upload } from 'tus-js-client';
import { widgetApi } from '@seguridad/contracts/http/widget';
import { BENCH_COMPANY_KEY, startProductServer, type ServerHandle } from './lib/server-process';
import { syntheticWebm } from './lib/synthetic-webm';

/*
 * What uploads cost the server (decision 029): how much a 100 MB video mail raises the process's
 * memory on the way in (one-shot multipart and resumable) and on the way out (a download), on the
 * local folder and on an S3-compatible bucket; and how many bytes a resumable upload sends twice
 * when the connection drops in the middle.
 */

const MB = 1024 * 1024;
const MEDIA_URL_SECRET = 'bench-media-url-secret-0123456789abcdef';
const company = { 'company-key': BENCH_COMPANY_KEY };
const thumbnail = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);
const fields = {
  email: 'vecina@example.com',
  name: 'Bench',
  phone_number: '+56912345678',
  message: 'Medición de memoria.',
};

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The highest RSS of `pid` while `work` runs, sampled every 10 ms. */
async function peakRss(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssBytes(pid));
}

async function startS3() {
  const directory = mkdtempSync(path.join(tmpdir(), 'seguridad-bench-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A request whose body is streamed; resolves with the status and body of the answer. */
function send(
  url: string,
  options: { method: string; headers: Record<string, string | number>; body: Readable },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    options.body.pipe(request);
  });
}

/** The multipart form of the spec's one-shot video mail, streamed around the video. */
function oneShotForm(video: ReturnType<typeof syntheticWebm>) {
  const boundary = `----bench${Date.now()}`;
  const text = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const videoHead = `--${boundary}\r\nContent-Disposition: form-data; name="videoMail"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`;
  const thumbPart = Buffer.concat([
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    thumbnail,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = Buffer.from(text + videoHead);
  async function* body() {
    yield head;
    for await (const chunk of video.stream()) yield chunk as Buffer;
    yield thumbPart;
  }
  return {
    headers: {
      ...company,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + video.size + thumbPart.length,
    },
    body: Readable.from(body()),
  };
}

async function startResumable(server: ServerHandle, videoBytes: number): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, video_bytes: String(videoBytes) }))
    form.append(name, value);
  form.append('thumbnail', new Blob([thumbnail], { type: 'image/png' }), 't.png');
  const response = await fetch(`${server.url}${widgetApi.startVideoMailUpload.path()}`, {
    method: 'POST',
    headers: company,
    body: form,
  });
  if (!response.ok) throw new Error(`start: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { upload_url: string } }).data.upload_url;
}

/** The video in tus PATCH requests of `chunkBytes`, one after another. */
async function patchAll(
  baseUrl: string,
  uploadUrl: string,
  video: ReturnType<typeof syntheticWebm>,
  chunkBytes: number,
) {
  const source = video.stream();
  let offset = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const body = Buffer.concat(pending);
    const answer = await send(`${baseUrl}${uploadUrl}`, {
      method: 'PATCH',
      headers: {
        ...company,
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': body.length,
      },
      body: Readable.from([body]),
    });
    if (answer.status !== 204) throw new Error(`PATCH: ${answer.status} ${answer.body}`);
    offset += body.length;
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of source) {
    pending.push(chunk as Buffer);
    pendingBytes += (chunk as Buffer).length;
    if (pendingBytes >= chunkBytes) await flush();
  }
  if (pendingBytes > 0) await flush();
}

async function complete(server: ServerHandle, uploadUrl: string): Promise<void> {
  const response = await fetch(`${server.url}${uploadUrl}/complete`, { method: 'POST', headers: company });
  if (!response.ok) throw new Error(`complete: ${response.status} ${await response.text()}`);
}

function signedVideoPath(id: number): string {
  const mediaPath = `/api/media/video-mails/${id}/video`;
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const sig = createHmac('sha256', MEDIA_URL_SECRET).update(`${mediaPath}\n${exp}`).digest('base64url');
  return `${mediaPath}?exp=${exp}&sig=${sig}`;
}

async function drain(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return bytes;
}

export type UploadMemory = { engine: string; oneShotMb: number; resumableMb: number; downloadMb: number };

/** RSS rise of the server for one 100 MB video mail each way, on one storage engine. */
async function memoryOn(engine: 'local' | 's3', videoBytes: number): Promise<UploadMemory> {
  const s3 = engine === 's3' ? await startS3() : undefined;
  const server = await startProductServer({ MEDIA_URL_SECRET, WIDGET_SUBMISSIONS_MAX: '1000', ...s3?.env });
  try {
    const video = syntheticWebm(videoBytes);
    // A small one first, so that what loads on first use is not counted against the large one.
    const warm = syntheticWebm(3 * MB);
    const warmed = await send(`${server.url}/api/calls/videoMail`, { method: 'POST', ...oneShotForm(warm) });
    if (warmed.status !== 200) throw new Error(`warm-up: ${warmed.status} ${warmed.body}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rise = async (work: () => Promise<unknown>) => {
      const before = rssBytes(server.pid);
      return (await peakRss(server.pid, work)) - before;
    };
    const oneShot = await rise(async () => {
      const answer = await send(`${server.url}/api/calls/videoMail`, {
        method: 'POST',
        ...oneShotForm(video),
      });
      if (answer.status !== 200) throw new Error(`one-shot: ${answer.status} ${answer.body}`);
    });
    const resumable = await rise(async () => {
      const uploadUrl = await startResumable(server, video.size);
      await patchAll(server.url, uploadUrl, video, 5 * MB);
      await complete(server, uploadUrl);
    });
    // Video mails 1 (warm-up), 2 (one-shot) and 3 (resumable): the large one-shot one goes out.
    const download = await rise(async () => {
      const bytes = await drain(`${server.url}${signedVideoPath(2)}`);
      if (bytes < video.size) throw new Error(`download: ${bytes} of ${video.size} bytes`);
    });
    const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
    return { engine, oneShotMb: mb(oneShot), resumableMb: mb(resumable), downloadMb: mb(download) };
  } finally {
    await server.stop();
    await s3?.close();
  }
}

export async function measureUploadMemory(videoBytes = 100 * MB): Promise<UploadMemory[]> {
  return [await memoryOn('local', videoBytes), await memoryOn('s3', videoBytes)];
}

/** A TCP proxy that counts what the client sends through it and can cut every connection. */
async function countingProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let up = 0;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    bytesUp: () => up,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The widget's tus client (tus-js-client, Node build) sending `video` through `proxy`. */
function tusUpload(
  baseUrl: string,
  uploadUrl: string,
  video: Buffer,
  chunkBytes: number,
  onProgress?: (sent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(video, {
      uploadUrl: `${baseUrl}${uploadUrl}`,
      uploadSize: video.length,
      chunkSize: chunkBytes,
      retryDelays: Array.from({ length: 60 }, () => 500),
      storeFingerprintForResuming: false,
      headers: company,
      onProgress: (sent) => onProgress?.(sent),
      onShouldRetry: () => true,
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
}

export type ResumeFigures = {
  videoBytes: number;
  chunkBytes: number;
  cutAtBytes: number;
  /** Bytes on the wire beyond an uncut upload of the same video (bytes sent twice plus the retry's requests). */
  extraBytes: number;
};

/** A 20 MB video mail through the widget's tus client, its connection cut when about 40 % is up. */
export async function measureUploadResume(videoBytes = 20 * MB, chunkBytes = 2 * MB): Promise<ResumeFigures> {
  const server = await startProductServer({ WIDGET_SUBMISSIONS_MAX: '1000' });
  const proxy = await countingProxy(Number(new URL(server.url).port));
  try {
    const parts: Buffer[] = [];
    for await (const chunk of syntheticWebm(videoBytes).stream()) parts.push(chunk as Buffer);
    const file = Buffer.concat(parts);

    const uncut = async () => {
      const uploadUrl = await startResumable(server, file.length);
      const before = proxy.bytesUp();
      await tusUpload(proxy.url, uploadUrl, file, chunkBytes);
      await complete(server, uploadUrl);
      return proxy.bytesUp() - before;
    };
    const baseline = await uncut();

    const uploadUrl = await startResumable(server, file.length);
    const before = proxy.bytesUp();
    let cutAt = 0;
    await tusUpload(proxy.url, uploadUrl, file, chunkBytes, () => {
      if (cutAt === 0 && proxy.bytesUp() - before > file.length * 0.4) {
        cutAt = proxy.bytesUp() - before;
        proxy.cut();
        setTimeout(() => proxy.restore(), 2_000);
      }
    });
    await complete(server, uploadUrl);
    const withCut = proxy.bytesUp() - before;
    return { videoBytes: file.length, chunkBytes, cutAtBytes: cutAt, extraBytes: withCut - baseline };
  } finally {
    await proxy.close();
    await server.stop();
  }
}
