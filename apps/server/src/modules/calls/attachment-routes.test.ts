import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_ATTACHMENT_MAX_BYTES } from '@seguridad/contracts/http/calls';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { callAttachments } from '../../db/schema';
import { signPath } from '../../lib/signed-urls';
import { bearer } from '../../testing/accounts';
import { demoKey, startCall, useDemoCallCentre } from '../../testing/calls';
import { formOf, postForm, tinyFiles, uploadedFiles } from '../../testing/multipart';
import { attachmentFilePath } from './attachment-routes';
import { useTempDir } from '../../testing/test-app';

type Call = Awaited<ReturnType<typeof startCall>>;

describe('call chat attachments', () => {
  const { server, ctx, admin, other } = useDemoCallCentre({
    otherSlug: 'oeste',
    env: { DATA_DIR: useTempDir('call-attachments-test-') },
  });
  let call: Call;
  let strangerCall: Call;

  const callerHeaders = (of: Call) => ({ ...demoKey, 'call-token': of.token });

  async function upload(
    callId: number,
    headers: Record<string, string>,
    file: { bytes: Buffer; name: string; type: string },
    field = 'attachment',
  ) {
    return postForm(ctx, `/api/calls/videoCall/${callId}/publicAttachment`, formOf({}, { [field]: file }), {
      headers,
    });
  }

  async function tempUrlOf(attachmentId: number, headers: Record<string, string>) {
    return ctx.app.inject({ method: 'GET', url: `/api/attachments/${attachmentId}`, headers });
  }

  beforeAll(async () => {
    await server.connectConsole(admin.token);
    call = await startCall(ctx);
    strangerCall = await startCall(ctx);
  });

  it('takes an image from the caller and a PDF from the operator, keeping names only for display', async () => {
    const image = await upload(call.id, callerHeaders(call), {
      bytes: tinyFiles.png,
      name: '../../fotos/poste caído.png',
      type: 'image/png',
    });
    expect(image.statusCode).toBe(200);
    expect(image.json()).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        name: 'poste caído.png',
        mime: 'image/png',
        size: tinyFiles.png.length,
      },
    });
    const pdf = await upload(call.id, bearer(admin.token), {
      bytes: tinyFiles.pdf,
      name: 'Formulario.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(callAttachments)
      .where(eq(callAttachments.callId, call.id));
    expect(rows.map((row) => [row.sender, row.name])).toEqual([
      ['caller', 'poste caído.png'],
      ['operator', 'Formulario.pdf'],
    ]);
    expect(rows.every((row) => /^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.bin$/.test(row.storageKey))).toBe(true);
  });

  it('refuses a file over 25 MB with 413 and keeps nothing', async () => {
    const filesBefore = uploadedFiles(ctx.config.dataDir).length;
    const rowsBefore = (await ctx.database.db.select().from(callAttachments)).length;
    const response = await upload(call.id, callerHeaders(call), {
      bytes: Buffer.alloc(CALL_ATTACHMENT_MAX_BYTES + 1),
      name: 'grande.bin',
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(callTexts.attachmentTooLarge);
    expect(uploadedFiles(ctx.config.dataDir).length).toBe(filesBefore);
    expect(uploadedFiles(ctx.config.dataDir).some((name) => name.endsWith('.part'))).toBe(false);
    expect((await ctx.database.db.select().from(callAttachments)).length).toBe(rowsBefore);
  });

  it('takes a file of exactly 25 MB', async () => {
    const response = await upload(call.id, callerHeaders(call), {
      bytes: Buffer.alloc(CALL_ATTACHMENT_MAX_BYTES),
      name: 'justo.bin',
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.size).toBe(CALL_ATTACHMENT_MAX_BYTES);
  });

  it('refuses uploads from outside the call, to closed calls, and without the field', async () => {
    const file = { bytes: tinyFiles.png, name: 'a.png', type: 'image/png' };
    expect((await upload(call.id, callerHeaders(strangerCall), file)).statusCode).toBe(404);
    expect((await upload(call.id, bearer(other.operator), file)).statusCode).toBe(404);
    expect((await upload(call.id, { 'call-token': call.token }, file)).statusCode).toBe(401);
    const wrongField = await upload(call.id, callerHeaders(call), file, 'otro');
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.id}/publicAttachment`,
      headers: callerHeaders(call),
      payload: { attachment: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const ended = await startCall(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${ended.id}/end`,
      headers: { 'call-token': ended.token },
    });
    expect((await upload(ended.id, callerHeaders(ended), file)).statusCode).toBe(404);
    expect((await upload(ended.id, bearer(admin.token), file)).statusCode).toBe(404);
  });

  it('hands signed URLs to members only, and the URL serves the file inert', async () => {
    const sent = await upload(call.id, callerHeaders(call), {
      bytes: tinyFiles.png,
      name: 'evidencia.png',
      type: 'image/png',
    });
    const attachmentId = sent.json().data.id as number;

    expect((await tempUrlOf(attachmentId, callerHeaders(strangerCall))).statusCode).toBe(404);
    expect((await tempUrlOf(attachmentId, bearer(other.operator))).statusCode).toBe(404);
    expect((await tempUrlOf(999_999, callerHeaders(call))).statusCode).toBe(404);

    const asOperator = await tempUrlOf(attachmentId, bearer(admin.token));
    expect(asOperator.statusCode).toBe(200);
    const granted = await tempUrlOf(attachmentId, callerHeaders(call));
    expect(granted.statusCode).toBe(200);
    const { tempUrl, expires_at: expiresAt } = granted.json().data;
    expect(tempUrl).toMatch(new RegExp(`^${attachmentFilePath(attachmentId)}\\?exp=\\d+&sig=`));
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000);

    const file = await ctx.app.inject({ method: 'GET', url: tempUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tinyFiles.png)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="evidencia.png"; filename*=UTF-8''evidencia.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, max-age=600',
    });

    const tampered = tempUrl.replace(/sig=./, (match: string) => (match.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherFile = tempUrl.replace(`/${attachmentId}/`, `/${attachmentId - 1}/`);
    expect((await ctx.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
    const expired = signPath(
      ctx.config.mediaUrlSecret,
      attachmentFilePath(attachmentId),
      1_000,
      Date.now() - 60_000,
    );
    expect((await ctx.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: attachmentFilePath(attachmentId) })).statusCode).toBe(
      403,
    );
  });

  it('answers an unknown attachment and a hidden one alike, whatever the credentials', async () => {
    const sent = await upload(call.id, callerHeaders(call), {
      bytes: tinyFiles.png,
      name: 'oculto.png',
      type: 'image/png',
    });
    const attachmentId = sent.json().data.id as number;
    const badBearer = bearer('no-es-una-sesion');
    const badKey = { 'company-key': 'pk_inexistente_0000000000000000', 'call-token': call.token };

    for (const headers of [badBearer, badKey, {}]) {
      const hidden = await tempUrlOf(attachmentId, headers);
      const unknown = await tempUrlOf(999_999, headers);
      expect(unknown.statusCode).toBe(hidden.statusCode);
      expect(unknown.json()).toEqual(hidden.json());
    }
  });

  it('refuses an operator bearer sent with another company key', async () => {
    const sent = await upload(call.id, bearer(admin.token), {
      bytes: tinyFiles.png,
      name: 'clave.png',
      type: 'image/png',
    });
    expect(sent.statusCode).toBe(200);
    const attachmentId = sent.json().data.id as number;

    expect((await tempUrlOf(attachmentId, { ...bearer(admin.token), ...other.key })).statusCode).toBe(404);
    const file = { bytes: tinyFiles.png, name: 'clave.png', type: 'image/png' };
    expect((await upload(call.id, { ...bearer(admin.token), ...other.key }, file)).statusCode).toBe(404);
    expect((await tempUrlOf(attachmentId, { ...bearer(admin.token), ...demoKey })).statusCode).toBe(200);
  });

  it('never serves a sent file as HTML, SVG or a disguised image', async () => {
    const served = async (bytes: Buffer, name: string, type: string) => {
      const sent = await upload(call.id, callerHeaders(call), { bytes, name, type });
      expect(sent.statusCode).toBe(200);
      const { tempUrl } = (await tempUrlOf(sent.json().data.id, callerHeaders(call))).json().data;
      return (await ctx.app.inject({ method: 'GET', url: tempUrl })).headers;
    };
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    expect((await served(html, 'pagina.html', 'text/html'))['content-type']).toBe('application/octet-stream');
    expect((await served(html, 'foto.png', 'image/png'))['content-type']).toBe('application/octet-stream');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await served(svg, 'dibujo.svg', 'image/svg+xml'))['content-type']).toBe(
      'application/octet-stream',
    );
    const pdf = await served(tinyFiles.pdf, 'acta "final".pdf', 'application/pdf');
    expect(pdf['content-type']).toBe('application/pdf');
    expect(pdf['content-disposition']).toBe(
      `attachment; filename="acta _final_.pdf"; filename*=UTF-8''acta%20%22final%22.pdf`,
    );
  });

  it('keeps the files of an ended call for its operators, not for its caller', async () => {
    const ending = await startCall(ctx);
    const sent = await upload(ending.id, callerHeaders(ending), {
      bytes: tinyFiles.jpeg,
      name: 'placa.jpg',
      type: 'image/jpeg',
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${ending.id}/end`,
      headers: { 'call-token': ending.token },
    });
    const caller = await tempUrlOf(sent.json().data.id, callerHeaders(ending));
    expect(caller.statusCode).toBe(404);
    expect(caller.json().message).toBe(errorMessages.notFound);
    expect((await tempUrlOf(sent.json().data.id, bearer(admin.token))).statusCode).toBe(200);
  });
});
