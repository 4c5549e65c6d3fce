import { expect, test } from './fixtures';

test.describe('scroll reveal', () => {
  test('content below the fold waits for the visitor and then appears', async ({ page }) => {
    await page.goto('/');
    const pending = page.locator('[data-reveal-state="pending"]');
    await expect.poll(() => pending.count()).toBeGreaterThan(0);
    // Pin one element: a locator on the pending state would move on to the next one once it shows.
    const index = await page
      .locator('[data-reveal]')
      .evaluateAll((elements) =>
        elements.findIndex((element) => element.getAttribute('data-reveal-state') === 'pending'),
      );
    const first = page.locator('[data-reveal]').nth(index);
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveAttribute('data-reveal-state', 'shown');
    await expect(first).toHaveCSS('opacity', '1', { timeout: 3_000 });
  });

  test('a jump straight to the bottom shows what was scrolled past, not only what is on screen', async ({
    page,
  }) => {
    await page.goto('/');
    const pending = page.locator('[data-reveal-state="pending"]');
    await expect.poll(() => pending.count()).toBeGreaterThan(0);
    // One jump, as a fling or an anchor link does: the blocks in between are never on screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(pending).toHaveCount(0);
  });

  test('nothing is hidden or animated when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const reveal = page.locator('[data-reveal]').first();
    await expect(reveal).toBeAttached();
    // The landing arms its reveals without React (decision 019), once its script has run.
    await page.waitForLoadState('load');
    await page.mouse.wheel(0, 600);
    await expect(page.locator('[data-reveal-state="pending"]')).toHaveCount(0);
    await expect(reveal).toHaveCSS('opacity', '1');
  });

  test('what is on screen when the page opens is never hidden', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const hiddenInView = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-reveal-state="pending"]')].filter(
          (element) => element.getBoundingClientRect().top < window.innerHeight,
        ).length,
    );
    expect(hiddenInView).toBe(0);
  });
});

test('the dev mailbox is a readable page', async ({ page }) => {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Buzón de desarrollo' })).toBeVisible();
});
