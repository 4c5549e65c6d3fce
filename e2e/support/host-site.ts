import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A customer's site on another origin, with nothing but the script tag for `companyKey`; `before`
 * is markup the site puts ahead of it (a stub that queues calls, a listener for the ready event).
 */
export async function startHostSite(
  widgetBase: string,
  companyKey: string,
  before = '',
  port = 0,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="es"><title>Municipalidad de Ejemplo</title>
<h1>Municipalidad de Ejemplo</h1><p>Bienvenidos al sitio municipal.</p>${before}
<script src="${widgetBase}/widget.js" data-company-key="${companyKey}" async></script></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
