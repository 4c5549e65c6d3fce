import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { companies, companyMembers, users } from '../../db/schema';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { LAUNCHER_DEFAULTS, WIDGET_APPEARANCE_PATH } from '@seguridad/contracts/http/launcher';
import { useTestApp } from '../../testing/test-app';
import { bearer, getAs, newSession, postAs, sendAs } from '../../testing/accounts';
import { sendContactMessage, sendVideoMail } from '../../testing/widget';
import { demoOperatorSession } from '../../testing/calls';

const key = { 'company-key': DEMO_COMPANY_KEY };

describe('operator console API', () => {
  const ctx = useTestApp({ env: { DATA_DIR: `/tmp/operator-test-${process.pid}-${Date.now()}` } });
  let admin: string;
  let operator: string;
  let outsider: string;
  let otherCompanyOperator: string;

  beforeAll(async () => {
    admin = (await demoOperatorSession(ctx)).token;
    operator = await newSession(ctx, 'operadora2@example.com');
    outsider = await newSession(ctx, 'vecina-curiosa@example.com');
    otherCompanyOperator = await newSession(ctx, 'otra-central@example.com');
    const db = ctx.database.db;
    const [first] = await db.select().from(companies);
    const [other] = await db
      .insert(companies)
      .values({
        name: 'Otra Central',
        publicKey: 'pk_otra_central_000000001',
        inboxEmail: 'otra@example.com',
      })
      .returning();
    const members = await db.select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => members.find((member) => member.email === email)!.id;
    await db.insert(companyMembers).values([
      { companyId: first!.id, userId: idOf('operadora2@example.com'), role: 'operator' },
      { companyId: other!.id, userId: idOf('otra-central@example.com'), role: 'admin' },
    ]);
    const sent = await sendVideoMail(ctx, { name: 'Pedro <b>Soto</b>', is_derived: 'false' });
    expect(sent.statusCode).toBe(200);
    await sendContactMessage(ctx, {
      name: 'Ana',
      email: 'ana@example.com',
      phone_number: '+56933334444',
      message: 'Consulta',
    });
  });

  it('tells any session whether it belongs to a call centre, without a 403', async () => {
    const outsiderView = await getAs(ctx, outsider, '/api/v1/operator/membership');
    expect(outsiderView.json()).toEqual({ code: 200, member: false, role: null });
    const operatorView = await getAs(ctx, operator, '/api/v1/operator/membership');
    expect(operatorView.json()).toEqual({
      code: 200,
      member: true,
      role: 'operator',
      two_step_required: false,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/membership' })).statusCode).toBe(
      401,
    );
  });

  it('lets only members of the company read its inbox', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/inbox' })).statusCode).toBe(401);
    const forbidden = await getAs(ctx, outsider, '/api/v1/operator/inbox');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(errorMessages.forbidden);
    const other = await getAs(ctx, otherCompanyOperator, '/api/v1/operator/inbox');
    expect(other.json()).toMatchObject({ video_mails: [], contacts: [] });

    const inbox = await getAs(ctx, operator, '/api/v1/operator/inbox');
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json();
    expect(body.video_mails).toHaveLength(1);
    expect(body.video_mails[0]).toMatchObject({
      name: 'Pedro <b>Soto</b>',
      is_derived: false,
      handled_at: null,
    });
    expect(body.video_mails[0].duration_ms).toBeGreaterThan(1500);
    expect(body.contacts[0]).toMatchObject({ name: 'Ana', message: 'Consulta' });
  });

  it('streams the video behind a signed URL, with byte ranges for seeking', async () => {
    const inbox = (await getAs(ctx, operator, '/api/v1/operator/inbox')).json();
    const url: string = inbox.video_mails[0].video_url;
    const full = await ctx.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/webm');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);

    const unsigned = url.split('?')[0]!;
    expect((await ctx.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=AAAA') })).statusCode,
    ).toBe(403);
    const otherFile = url.replace('/video?', '/thumbnail?');
    expect((await ctx.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: inbox.video_mails[0].thumbnail_url })).headers[
        'content-type'
      ],
    ).toBe('image/png');
  });

  it('marks items handled only within the company', async () => {
    const inbox = (await getAs(ctx, operator, '/api/v1/operator/inbox')).json();
    const contactId = inbox.contacts[0].id;
    const foreign = await postAs(ctx, otherCompanyOperator, `/api/v1/operator/contacts/${contactId}/handled`);
    expect(foreign.statusCode).toBe(404);
    const handled = await postAs(ctx, operator, `/api/v1/operator/contacts/${contactId}/handled`);
    expect(handled.statusCode).toBe(200);
    const after = (await getAs(ctx, operator, '/api/v1/operator/inbox')).json();
    expect(after.contacts[0].handled_at).not.toBeNull();
  });

  it.each([
    ['POST', '/api/v1/operator/contacts/abc/handled', undefined],
    ['POST', '/api/v1/operator/videoMails/-3/handled', undefined],
    ['DELETE', '/api/v1/operator/specialities/0', undefined],
    ['POST', '/api/v1/operator/specialities', { name: '   ' }],
    ['POST', '/api/v1/operator/specialities', { name: 'x'.repeat(61) }],
    ['PATCH', '/api/v1/operator/company', { video_mail: 'sí' }],
  ] as const)('answers %s %s with bad input as a Spanish 400', async (method, url, payload) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: bearer(admin),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 400, message: errorMessages.badRequest });
  });

  it("lets admins, not operators, set the embedded launcher's colour and words, which any site can read by key", async () => {
    const change = (token: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/v1/operator/company', headers: bearer(token), payload });
    const appearance = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${WIDGET_APPEARANCE_PATH}${query}`,
        headers: { origin: 'https://municipio.example.cl' },
      });

    const initial = await appearance(`?key=${DEMO_COMPANY_KEY}`);
    expect(initial.statusCode).toBe(200);
    expect(initial.headers['access-control-allow-origin']).toBe('*');
    expect(initial.json().data).toEqual({
      launcher_color: LAUNCHER_DEFAULTS.color,
      launcher_label: LAUNCHER_DEFAULTS.label,
    });

    expect((await change(operator, { launcher_label: 'Hola' })).statusCode).toBe(403);
    // Malformed, too pale for white text, empty or too long: refused.
    for (const payload of [
      { launcher_color: 'red' },
      { launcher_color: '#ffe066' },
      { launcher_label: '   ' },
      { launcher_label: 'x'.repeat(31) },
    ]) {
      expect((await change(admin, payload)).statusCode).toBe(400);
    }

    const changed = await change(admin, {
      launcher_color: '#7A1F5C',
      launcher_label: ' Habla con nosotros ',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().company).toMatchObject({
      launcher_color: '#7a1f5c',
      launcher_label: 'Habla con nosotros',
    });
    expect((await appearance(`?key=${DEMO_COMPANY_KEY}`)).json().data).toEqual({
      launcher_color: '#7a1f5c',
      launcher_label: 'Habla con nosotros',
    });

    expect((await appearance('?key=pk_no_existe')).statusCode).toBe(401);
    expect((await appearance('')).statusCode).toBe(400);
    await change(admin, { launcher_color: LAUNCHER_DEFAULTS.color, launcher_label: LAUNCHER_DEFAULTS.label });
  });

  it('lets admins, not operators, change the services, hours, origins and specialities', async () => {
    const change = (token: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/v1/operator/company', headers: bearer(token), payload });
    expect((await change(operator, { video_mail: false })).statusCode).toBe(403);

    const closed = await change(admin, {
      video_mail: false,
      working_hours: [],
      allowed_origins: ['https://municipio.example.cl'],
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().company).toMatchObject({
      video_mail: false,
      working_hours: [],
      allowed_origins: ['https://municipio.example.cl'],
    });
    const status = await ctx.app.inject({ method: 'GET', url: '/api/company/serviceStatus', headers: key });
    expect(status.json().data).toMatchObject({ videoMail: false, working_hours: false });

    const bad = await change(admin, {
      allowed_origins: ['https://sitio.cl/ruta'],
      working_hours: [{ day: 8, open: '25:00', close: '09:00' }],
    });
    expect(bad.statusCode).toBe(400);

    const listNames = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers: key }))
        .json()
        .data.map((item: { name: string }) => item.name);
    // Listed first, so the list and its reply are cached when the change comes.
    expect(await listNames()).not.toContain('Adulto Mayor');
    const added = await postAs(ctx, admin, '/api/v1/operator/specialities', { name: 'Adulto Mayor' });
    const speciality = added
      .json()
      .company.specialities.find((item: { name: string }) => item.name === 'Adulto Mayor');
    expect(speciality).toBeDefined();
    expect(await listNames()).toContain('Adulto Mayor');
    const removed = await sendAs(ctx, admin, 'DELETE', `/api/v1/operator/specialities/${speciality.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await listNames()).not.toContain('Adulto Mayor');
    const foreignDelete = await sendAs(
      ctx,
      otherCompanyOperator,
      'DELETE',
      `/api/v1/operator/specialities/1`,
    );
    expect(foreignDelete.statusCode).toBe(404);
  });
});
