import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { dataExportTexts } from '@seguridad/contracts/messages/data-export';
import {
  callAttachments,
  callChatMessages,
  dataExports,
  users,
  videoCalls,
  videoMails,
} from '../../db/schema';
import { bearer, deleteAccount, getAs, latestMessageTo, newSession, postAs } from '../../testing/accounts';
import {
  callRow,
  createCall,
  demoCompanyId,
  demoKey,
  demoOperatorSession,
  openDemoCompany,
  useCallTestServer,
  waitFor,
} from '../../testing/calls';
import { runDataExports } from './data-export-service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every entry of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/**
 * «Descargar mis datos» (decision 040): the ZIP holds the account's data and files, including the
 * calls it made signed in; nobody else can download it; it goes 7 days after it was ready.
 */
describe('data export', () => {
  const { server, ctx } = useCallTestServer({
    env: { DATA_DIR: `/tmp/data-export-test-${process.pid}-${Date.now()}` },
  });
  let citizen: string;
  let citizenId: number;
  let other: string;
  const exportDeps = () => ({
    db: ctx.database.db,
    storage: ctx.app.storage,
    mail: ctx.app.mail,
    log: ctx.app.log,
    config: ctx.app.config,
  });

  beforeAll(async () => {
    await openDemoCompany(ctx);
    await server.connectConsole((await demoOperatorSession(ctx)).token);
    citizen = await newSession(ctx, 'exporta@example.com');
    other = await newSession(ctx, 'otra-exporta@example.com');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'exporta@example.com'));
    citizenId = user!.id;
  });

  async function stored(content: string, extension: string): Promise<string> {
    const { key } = await ctx.app.storage.write(Readable.from([Buffer.from(content)]), {
      extension,
      maxBytes: 10_000,
    });
    return key;
  }

  async function videoMailFrom(email: string, message: string) {
    await ctx.database.db.insert(videoMails).values({
      companyId: await demoCompanyId(ctx),
      name: 'Rosa',
      email,
      phone: '+56911110001',
      message,
      videoKey: await stored(`video de ${message}`, 'webm'),
      videoMime: 'video/webm',
      videoBytes: 10,
      thumbnailKey: await stored('miniatura', 'jpg'),
      thumbnailMime: 'image/jpeg',
    });
  }

  const ask = (token: string) => postAs(ctx, token, '/api/v1/user/data-export');
  const latest = async (token: string) => (await getAs(ctx, token, '/api/v1/user/data-export')).json().export;
  const download = (token: string, id: number | string) =>
    getAs(ctx, token, `/api/v1/user/data-export/${id}/download`);

  it('links a call to the account only from a valid session, never another way', async () => {
    const signedIn = await createCall(ctx, {}, { ...demoKey, ...bearer(citizen) });
    expect(signedIn.statusCode).toBe(200);
    expect((await callRow(ctx, signedIn.json().data.id)).userId).toBe(citizenId);

    const badSession = await createCall(ctx, {}, { ...demoKey, ...bearer('no-es-una-sesion') });
    expect(badSession.statusCode).toBe(200);
    expect((await callRow(ctx, badSession.json().data.id)).userId).toBeNull();
    const anonymous = await createCall(ctx, { user_id: citizenId } as never);
    expect(
      anonymous.statusCode === 400 || (await callRow(ctx, anonymous.json().data.id)).userId === null,
    ).toBe(true);
  });

  it('builds a ZIP with the data, the video mails, the chat and the files; mails the citizen; only they download it', async () => {
    const [call] = await ctx.database.db.select().from(videoCalls).where(eq(videoCalls.userId, citizenId));
    const [attachment] = await ctx.database.db
      .insert(callAttachments)
      .values({
        callId: call!.id,
        sender: 'caller',
        storageKey: await stored('bytes de la foto', 'png'),
        name: '../foto del robo.png',
        mime: 'image/png',
        bytes: 16,
      })
      .returning();
    await ctx.database.db.insert(callChatMessages).values([
      {
        callId: call!.id,
        clientId: 'a',
        sender: 'caller',
        senderName: 'Rosa',
        message: 'Me robaron la bicicleta',
      },
      {
        callId: call!.id,
        clientId: 'b',
        sender: 'caller',
        senderName: 'Rosa',
        message: '',
        attachmentId: attachment!.id,
      },
    ]);
    await videoMailFrom('Exporta@Example.com', 'mi correo de video');
    await videoMailFrom('alguien-mas@example.com', 'de otra persona');

    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/user/data-export' })).statusCode).toBe(401);
    const asked = await ask(citizen);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      message: dataExportTexts.requested,
      export: { status: 'preparing' },
    });
    const id = asked.json().export.id as number;

    await waitFor(async () => (await latest(citizen))?.status === 'ready', 15_000);
    const ready = await latest(citizen);
    expect(new Date(ready.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    const mail = await latestMessageTo(ctx, 'exporta@example.com');
    expect(mail?.text).toContain('/configuracion/mis-datos');

    expect((await download(other, id)).statusCode).toBe(404);
    expect(await latest(other)).toBeNull();
    const zip = await download(citizen, id);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(zip.rawPayload);

    expect(entries.get('LEAME.txt')?.toString()).toContain('datos.json');
    const data = JSON.parse(entries.get('datos.json')!.toString());
    expect(data.perfil).toMatchObject({ email: 'exporta@example.com' });
    expect(data.perfil).not.toHaveProperty('passwordHash');
    expect(data.sesiones[0]).not.toHaveProperty('tokenHash');
    expect(data.correos_de_video).toHaveLength(1);
    const mailEntry = data.correos_de_video[0];
    expect(mailEntry).toMatchObject({ message: 'mi correo de video' });
    expect(entries.get(mailEntry.archivo_video)?.toString()).toBe('video de mi correo de video');
    expect(entries.get(mailEntry.archivo_miniatura)?.toString()).toBe('miniatura');

    const exportedCall = data.llamadas.find((row: { id: number }) => row.id === call!.id);
    expect(exportedCall.chat.map((line: { mensaje: string }) => line.mensaje)).toContain(
      'Me robaron la bicicleta',
    );
    expect(exportedCall.adjuntos).toHaveLength(1);
    const file = exportedCall.adjuntos[0].archivo as string;
    expect(file).toMatch(new RegExp(`^llamadas/${call!.id}/${attachment!.id}-[\\w.-]+\\.png$`));
    expect(entries.get(file)?.toString()).toBe('bytes de la foto');
    expect(JSON.stringify(data)).not.toContain('de otra persona');
    expect([...entries.keys()].some((name) => name.includes('..'))).toBe(false);
  });

  it('includes nothing sent with an e-mail the account has not proven', async () => {
    const unproven = await newSession(ctx, 'sin-probar@example.com', { verified: false });
    await videoMailFrom('sin-probar@example.com', 'quizás no es mío');
    expect((await ask(unproven)).statusCode).toBe(200);
    await waitFor(async () => (await latest(unproven))?.status === 'ready', 15_000);
    const entries = await unzip((await download(unproven, (await latest(unproven)).id)).rawPayload);
    const data = JSON.parse(entries.get('datos.json')!.toString());
    expect(data.correos_de_video).toEqual([]);
    expect([...entries.keys()].sort()).toEqual(['LEAME.txt', 'datos.json']);
  });

  it('takes one export in progress at a time and three a day', async () => {
    const token = await newSession(ctx, 'limites@example.com');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'limites@example.com'));
    await ctx.database.db
      .insert(dataExports)
      .values({ userId: user!.id, status: 'building', startedAt: new Date() });
    const busy = await ask(token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(dataExportTexts.inProgress);

    await ctx.database.db
      .update(dataExports)
      .set({ status: 'failed' })
      .where(eq(dataExports.userId, user!.id));
    await ctx.database.db.insert(dataExports).values([
      { userId: user!.id, status: 'failed' },
      { userId: user!.id, status: 'failed' },
    ]);
    const tooMany = await ask(token);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(dataExportTexts.tooMany);
  });

  it('refuses malformed ids', async () => {
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await download(citizen, id)).statusCode).toBe(400);
    expect((await download(citizen, 987_654)).statusCode).toBe(404);
  });

  it('deletes the ZIP, file and row, once 7 days have passed', async () => {
    const ready = await latest(citizen);
    const [row] = await ctx.database.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    expect(await ctx.app.storage.size(row!.storageKey!)).toBeGreaterThan(0);

    await runDataExports(exportDeps(), new Date(new Date(ready.expires_at).getTime() - 60_000));
    expect(await ctx.database.db.select().from(dataExports).where(eq(dataExports.id, ready.id))).toHaveLength(
      1,
    );

    await runDataExports(exportDeps(), new Date(new Date(ready.expires_at).getTime() + 60_000));
    expect(await ctx.database.db.select().from(dataExports).where(eq(dataExports.id, ready.id))).toEqual([]);
    expect(await ctx.app.storage.size(row!.storageKey!)).toBeUndefined();
    expect((await download(citizen, ready.id)).statusCode).toBe(404);
  });

  it('deleting the account unlinks its calls (kept for retention) and removes its ZIPs', async () => {
    expect((await ask(citizen)).statusCode).toBe(200);
    await waitFor(async () => (await latest(citizen))?.status === 'ready', 15_000);
    const [row] = await ctx.database.db.select().from(dataExports).where(eq(dataExports.userId, citizenId));
    const [call] = await ctx.database.db.select().from(videoCalls).where(eq(videoCalls.userId, citizenId));

    const deleted = await deleteAccount(ctx, citizen);
    expect(deleted.statusCode).toBe(200);
    expect((await callRow(ctx, call!.id)).userId).toBeNull();
    expect(await ctx.app.storage.size(row!.storageKey!)).toBeUndefined();
  });
});
