import { randomBytes } from 'node:crypto';
import { callTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { chatBothWays } from './call-journeys';
import { expect, startServer, test, DEV_ADMIN } from './fixtures';
import { withFreshDatabase } from './support/fresh-database';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

test.describe('scale-out', () => {
  test.skip(
    !databaseUrl || !redisUrl,
    'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI provides',
  );
  test.setTimeout(120_000);

  test('a caller on one server process and the operator on another complete a call with chat', async ({
    browser,
  }) => {
    await withFreshDatabase(databaseUrl!, async (sharedDatabase) => {
      const env = {
        DATABASE_URL: sharedDatabase,
        REDIS_URL: redisUrl!,
        MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
      };
      // Both at once on the empty database: the migrations and the seed take one lock, so the
      // second waits for the first and finds it all done (decision 056).
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      const operatorContext = await browser.newContext({ baseURL: second.baseURL });
      const citizenContext = await browser.newContext({ baseURL: first.baseURL });
      try {
        const operator = await operatorContext.newPage();
        await operator.goto(
          `${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=llamadas`)}`,
        );
        await operator.getByLabel('Email').fill(DEV_ADMIN.email);
        await operator.getByLabel('Contraseña', { exact: true }).fill(DEV_ADMIN.password);
        await operator.getByRole('button', { name: 'Ingresar', exact: true }).click();
        await expect(operator.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();

        const citizen = await citizenContext.newPage();
        await citizen.goto('/');
        await citizen.getByRole('button', { name: 'Contáctanos' }).click();
        // The operator is online on the other process: the first one sees it and offers the call.
        await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
        const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
        await panel.getByRole('button', { name: 'Llamar' }).click();
        const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
        await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();

        await operator
          .getByRole('listitem')
          .filter({ hasText: 'General' })
          .first()
          .getByRole('button', { name: /Aceptar/ })
          .click();
        const consoleCall = operator.getByRole('region', { name: /^(Llamada ·|Sala privada)/ });
        const remote = callView.getByLabel('Video de la operadora');
        await expect
          .poll(() => remote.evaluate((element: HTMLVideoElement) => element.videoWidth > 0), {
            timeout: 15_000,
          })
          .toBe(true);

        await chatBothWays(callView, consoleCall, {
          fromCitizen: 'Hola desde el primer proceso',
          fromOperator: 'Respuesta desde el segundo proceso',
        });

        await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
        await expect(callView.getByText(callTexts.ended)).toBeVisible();
      } finally {
        await operatorContext.close();
        await citizenContext.close();
        await second.stop();
        await first.stop();
      }
    });
  });
});
