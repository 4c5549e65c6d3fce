import { formatClp } from '@seguridad/contracts/helpers/clp';
import { escapeHtml } from '../../lib/html';
import type { SimulatedPayment } from './flow-simulator-queries';

export const SIMULATOR_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#eef2f6;color:#1b2430}
main{max-width:480px;margin:40px auto;padding:24px;background:#fff;border:1px solid #d5dbe3;border-radius:12px}
h1{font-size:22px;margin:0 0 4px}.note{color:#4a5868;font-size:14px;margin:0 0 20px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 24px}dt{font-weight:600;color:#4a5868}
dd{margin:0;overflow-wrap:anywhere}.amount{font-size:20px;font-weight:700}
.actions{display:flex;gap:12px;flex-wrap:wrap}button,a.button{font:inherit;font-weight:600;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;text-decoration:none;min-height:48px}
.pay{background:#0b6b3a;color:#fff}.reject{background:#fff;color:#a31b1b;border:2px solid #a31b1b}
a.button{background:#0b5cad;color:#fff;display:inline-block}button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}`;

const STATUS_LABELS: Record<number, string> = {
  1: 'Pendiente',
  2: 'Pagado',
  3: 'Rechazado',
  4: 'Anulado',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/dev/flow/pay.css"></head>
<body><main>${body}</main></body></html>`;
}

/** Flow's payment page, simulated: what is being paid, and Pagar / Rechazar. Everything escaped. */
export function simulatorPaymentPage(payment: SimulatedPayment, returnUrl: string): string {
  const details = `<dl>
<dt>Detalle</dt><dd>${escapeHtml(payment.subject)}</dd>
<dt>Orden</dt><dd>${escapeHtml(payment.commerceOrder)}</dd>
<dt>Correo</dt><dd>${escapeHtml(payment.email)}</dd>
<dt>Monto</dt><dd class="amount">${escapeHtml(formatClp(payment.amount))} ${escapeHtml(payment.currency)}</dd>
<dt>Estado</dt><dd>${escapeHtml(STATUS_LABELS[payment.status] ?? String(payment.status))}</dd>
</dl>`;
  const actions =
    payment.status === 1
      ? `<form method="post" action="/dev/flow/pay" class="actions">
<input type="hidden" name="token" value="${escapeHtml(payment.token)}">
<button type="submit" name="action" value="pay" class="pay">Pagar</button>
<button type="submit" name="action" value="reject" class="reject">Rechazar</button>
</form>`
      : `<p>Este pago ya fue procesado.</p><p><a class="button" href="${escapeHtml(returnUrl)}">Volver al comercio</a></p>`;
  return page(
    'Flow (simulador) — Pago',
    `<h1>Pago con Flow</h1>
<p class="note">Simulador de desarrollo: no se realiza ningún cargo real.</p>
${details}${actions}`,
  );
}

export function simulatorNotFoundPage(): string {
  return page(
    'Flow (simulador) — Pago no encontrado',
    '<h1>Pago no encontrado</h1><p>El enlace de pago no es válido o ya expiró.</p>',
  );
}

/** The browser's way back to the commerce: its return URL with the token, as Flow hands it over. */
export function returnUrlWithToken(urlReturn: string, token: string): string {
  const separator = urlReturn.includes('?') ? '&' : '?';
  return `${urlReturn}${separator}token=${encodeURIComponent(token)}`;
}
