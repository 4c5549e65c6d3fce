import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, callRecordings, companyMembers } from '../../db/schema';
import { bearer, newSession } from '../../testing/accounts';
import {
  demoCompanyId,
  demoKey,
  demoOperatorSession,
  insertCall,
  newOperator,
  openDemoCompany,
  otherCompany,
  type TestOperator,
} from '../../testing/calls';
import { formOf, postForm, tinyFiles } from '../../testing/multipart';
import { useTempDir, useTestApp } from '../../testing/test-app';
import { chromeRecording, sendContactMessage, sendVideoMail } from '../../testing/widget';

/*
 * Decision 042: every staff opening of a citizen's media is one entry of the audit trail, with who,
 * what and from which address, however many byte ranges or re-listings it takes.
 */

const STAFF_ADDRESS = '203.0.113.7';

describe('audited openings of citizens’ media', () => {
  const ctx = useTestApp({ env: { DATA_DIR: useTempDir('media-openings-test-') } });
  let admin: TestOperator;
  let companyId: number;
  let outsider: Awaited<ReturnType<typeof otherCompany>>;
  let citizen: string;

  const openingsOf = (action: string, subjectId?: number) =>
    ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action),
          ...(subjectId === undefined ? [] : [eq(auditEvents.subjectId, String(subjectId))]),
        ),
      );

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress: STAFF_ADDRESS });

  async function inboxOf(token: string) {
    const response = await get('/api/v1/operator/inbox', bearer(token));
    expect(response.statusCode).toBe(200);
    return response.json() as {
      video_mails: { id: number; video_url: string; thumbnail_url: string }[];
      contacts: { id: number }[];
    };
  }

  beforeAll(async () => {
    await openDemoCompany(ctx);
    admin = await demoOperatorSession(ctx);
    companyId = await demoCompanyId(ctx);
    outsider = await otherCompany(ctx, 'norte');
    citizen = await newSession(ctx, 'vecina.auditada@example.com');

    const sent = await sendVideoMail(ctx);
    expect(sent.statusCode).toBe(200);
    const contact = await sendContactMessage(ctx, {
      name: 'Ana',
      email: 'ana@example.com',
      phone_number: '+56922223333',
      message: 'Consulta',
    });
    expect(contact.statusCode).toBe(200);
  });

  it('writes one video_mail.open per person and video, whatever the ranges, naming opener and address', async () => {
    const [mail] = (await inboxOf(admin.token)).video_mails;
    expect(new URL(mail!.video_url, 'http://x').searchParams.get('by')).toBe(String(admin.userId));
    expect(await openingsOf('video_mail.open')).toHaveLength(0);

    expect((await get(mail!.thumbnail_url)).statusCode).toBe(200);
    expect(await openingsOf('video_mail.open')).toHaveLength(0);

    for (const range of ['bytes=0-', 'bytes=0-99', 'bytes=2000-', undefined]) {
      const part = await get(mail!.video_url, range ? { range } : {});
      expect(part.statusCode).toBe(range ? 206 : 200);
    }
    // The console re-lists and may take a fresh URL: still the same opening.
    const relisted = (await inboxOf(admin.token)).video_mails[0]!;
    expect((await get(relisted.video_url, { range: 'bytes=0-' })).statusCode).toBe(206);

    const entries = await openingsOf('video_mail.open');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      companyId,
      actorUserId: admin.userId,
      subjectKind: 'video_mail',
      subjectId: String(mail!.id),
      ip: STAFF_ADDRESS,
    });
    expect(entries[0]!.actorLabel).toContain('operador@example.com');
  });

  it('refuses a video URL without its opener or with another one, and writes nothing', async () => {
    const [mail] = (await inboxOf(admin.token)).video_mails;
    const before = (await openingsOf('video_mail.open')).length;
    const url = new URL(mail!.video_url, 'http://x');
    const outsiderId = (await newOperator(ctx, 'colado@example.com', undefined, 'admin')).userId;
    url.searchParams.set('by', String(outsiderId));
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(403);
    url.searchParams.delete('by');
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(403);
    expect(await openingsOf('video_mail.open')).toHaveLength(before);
  });

  it('counts the inbox list as one access per person an hour; a citizen or another company gets none', async () => {
    expect((await get('/api/v1/operator/inbox', bearer(citizen))).statusCode).toBe(403);
    const theirs = await inboxOf(outsider.operator);
    expect(theirs.video_mails).toEqual([]);
    const views = await openingsOf('inbox.view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      companyId,
      actorUserId: admin.userId,
      subjectKind: 'inbox',
      ip: STAFF_ADDRESS,
      details: { contacts: 1, video_mails: 1, callbacks: 0 },
    });
  });

  it('writes one recording.download per opener and recording; nobody else gets a URL', async () => {
    const { call } = await insertCall(ctx, { status: 'ended', operatorId: admin.userId });
    const storageKey = ctx.app.storage.newKey('webm');
    await ctx.app.storage.put(storageKey, Readable.from([chromeRecording]), {
      maxBytes: chromeRecording.length,
    });
    const [saved] = await ctx.database.db
      .insert(callRecordings)
      .values({
        callId: call.id,
        companyId,
        operatorId: admin.userId,
        status: 'ready',
        storageKey,
        bytes: chromeRecording.length,
        durationMs: 2000,
      })
      .returning({ id: callRecordings.id });

    const list = await get('/api/v1/operator/recordings', bearer(admin.token));
    const listed = (list.json().recordings as { id: number; video_url: string }[]).find(
      (row) => row.id === saved!.id,
    )!;
    for (const range of ['bytes=0-', 'bytes=0-99', 'bytes=500-']) {
      expect((await get(listed.video_url, { range })).statusCode).toBe(206);
    }
    const entries = await openingsOf('recording.download', saved!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      companyId,
      actorUserId: admin.userId,
      subjectKind: 'recording',
      ip: STAFF_ADDRESS,
      details: { call_id: call.id },
    });

    expect((await get('/api/v1/operator/recordings', bearer(citizen))).statusCode).toBe(403);
    const other = await get('/api/v1/operator/recordings', bearer(outsider.operator));
    expect(other.json().recordings).toEqual([]);
    const forged = listed.video_url.replace(/by=\d+/, 'by=999999');
    expect((await get(forged)).statusCode).toBe(403);
    expect(await openingsOf('recording.download', saved!.id)).toHaveLength(1);
  });

  it('writes one call.attachment_open per staff opener and file; the caller and other companies write none', async () => {
    const { call, token } = await insertCall(ctx, { status: 'active', operatorId: admin.userId });
    const sent = await postForm(
      ctx,
      `/api/calls/videoCall/${call.id}/publicAttachment`,
      formOf({}, { attachment: { bytes: tinyFiles.png, name: 'foto.png', type: 'image/png' } }),
      { headers: { ...demoKey, 'call-token': token } },
    );
    expect(sent.statusCode).toBe(200);
    const attachmentId = sent.json().data.id as number;
    const urlFor = (headers: Record<string, string>) => get(`/api/attachments/${attachmentId}`, headers);

    expect((await urlFor({ ...demoKey, 'call-token': token })).statusCode).toBe(200);
    expect((await urlFor(bearer(outsider.operator))).statusCode).toBe(404);
    expect((await urlFor(bearer(citizen))).statusCode).toBe(404);
    expect(await openingsOf('call.attachment_open', attachmentId)).toHaveLength(0);

    // Shown in the chat, then opened: one opening.
    expect((await urlFor(bearer(admin.token))).statusCode).toBe(200);
    expect((await urlFor(bearer(admin.token))).statusCode).toBe(200);
    const entries = await openingsOf('call.attachment_open', attachmentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      companyId,
      actorUserId: admin.userId,
      subjectKind: 'call_attachment',
      ip: STAFF_ADDRESS,
      details: { call_id: call.id },
    });
  });

  it('a link stops working as soon as the staff member it was signed for is deactivated', async () => {
    const leaving = await newOperator(ctx, 'se-va-con-links@example.com', companyId, 'operator');
    const [mail] = (await inboxOf(leaving.token)).video_mails;
    expect((await get(mail!.video_url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.userId, leaving.userId));
    expect((await get(mail!.video_url, { range: 'bytes=0-99' })).statusCode).toBe(403);
  });
});
