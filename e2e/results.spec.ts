import { pageTexts } from '@seguridad/contracts/messages';
import { expect, startServer, test } from './fixtures';

test('the results page lists the first 20 winners with masked phones', async ({ page }) => {
  test.setTimeout(90_000);
  // A server of its own: the draw journeys that share this worker's server publish other winners.
  const server = await startServer();
  try {
    await page.goto(`${server.baseURL}/ganadores-camaras`);
    await expect(page).toHaveTitle(/Resultados Sorteo de Cámaras/);
    await expect(page.getByRole('heading', { level: 1, name: pageTexts.resultsTitle })).toBeVisible();

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Nombre' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Teléfono' })).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(20);

    const phones = await rows.locator('td:nth-child(3)').allInnerTexts();
    for (const phone of phones) {
      expect(phone).toMatch(/^\+569 \*{4} \*\d{3}$/);
      expect(phone.replace(/\D/g, '').length).toBeLessThanOrEqual(6);
    }
    await expect(page.getByText(pageTexts.resultsContactNote)).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the results page says so when the list cannot be loaded', async ({ page }) => {
  await page.route('**/api/promo/winners', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/ganadores-camaras');
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar la lista de ganadores');
});
