import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackHost } from '../../config';
import { AppError } from '../../lib/app-error';
import { latestOutboxMessages } from './outbox-queries';
import { escapeHtml, linkifyText } from '../../lib/html';
import { errorMessages } from '@seguridad/contracts/messages';
import { healthApi } from '@seguridad/contracts/http/health';

const outboxQuerySchema = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const outboxItemSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

const channelLabels = { email: 'Correo', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const MAILBOX_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b2430}
main{max-width:880px;margin:0 auto;padding:24px}h1{font-size:22px}
article{background:#fff;border:1px solid #d5dbe3;border-radius:8px;padding:16px;margin:12px 0}
header{display:flex;gap:12px;flex-wrap:wrap;color:#4a5868;font-size:13px}
h2{font-size:17px;margin:6px 0}pre{white-space:pre-wrap;font:inherit;margin:0}
.badge{background:#0b5cad;color:#fff;border-radius:4px;padding:0 6px}a{color:#0b5cad}`;

/**
 * The dev mailbox: every mail, SMS and WhatsApp message the outbox holds, newest first, so a
 * person (and the browser tests) can follow links and read codes. Registered only in demo mode,
 * and then answered only to this machine unless `DEMO_MODE=1` was set on purpose.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // The socket's own address: `X-Forwarded-For` is whatever the caller wants it to be.
  app.addHook('onRequest', async (request) => {
    if (app.config.demoModeExplicit) return;
    if (isLoopbackHost(request.raw.socket.remoteAddress ?? '')) return;
    throw new AppError(404, 'route_not_found', errorMessages.routeNotFound);
  });

  const latestMessages = (query: z.infer<typeof outboxQuerySchema>) =>
    latestOutboxMessages(app.database.db, query);

  app.get(
    healthApi.devOutbox.pattern,
    {
      schema: {
        tags: ['dev'],
        summary: 'Outbox messages (development only)',
        querystring: outboxQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: z.array(outboxItemSchema) }) },
      },
    },
    async (request) => {
      const rows = await latestMessages(request.query);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get('/dev/mailbox.css', async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').send(MAILBOX_CSS);
  });

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const rows = await latestMessages(request.query);
      const items = rows
        .map(
          (row) => `<article>
  <header><span class="badge">${channelLabels[row.channel]}</span><span>Para: ${escapeHtml(row.recipient)}</span>
  <time datetime="${row.createdAt.toISOString()}">${row.createdAt.toLocaleString('es-CL', { timeZone: 'America/Santiago' })}</time></header>
  ${row.subject ? `<h2>${escapeHtml(row.subject)}</h2>` : ''}
  <pre>${linkifyText(row.text)}</pre>
</article>`,
        )
        .join('\n');
      const html = `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Buzón de desarrollo</title><link rel="stylesheet" href="/dev/mailbox.css"></head>
<body><main><h1>Buzón de desarrollo</h1>
<p>Correos, SMS y mensajes de WhatsApp que el servidor habría enviado. Solo existe en modo demostración.</p>
${items || '<p>No hay mensajes todavía.</p>'}</main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    },
  );
};
