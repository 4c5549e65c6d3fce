/**
 * Makes the promo page's explainer video (spec §2: hero, form, video, app explanation) and its
 * captions from the promo texts, so the clip says what the page says: one slide per point, drawn
 * by Chromium and joined by ffmpeg into a small silent VP9 WebM with a WebVTT track.
 *
 *   npx tsx apps/web/scripts/promo-video.ts
 *
 * A region that has its own video replaces the two files in `src/features/promo/assets/`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { promoTexts } from '@seguridad/contracts/messages/promo';

const SECONDS_PER_SLIDE = 4;
const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/features/promo/assets');

const slides: { title: string; body: string }[] = [
  { title: promoTexts.videoTitle, body: promoTexts.heroTitle },
  ...promoTexts.appPoints.map((point) => {
    const colon = point.indexOf(': ');
    return colon > 0
      ? { title: point.slice(0, colon), body: point.slice(colon + 2) }
      : { title: promoTexts.appTitle, body: point };
  }),
  { title: promoTexts.rulesTitle, body: promoTexts.rules.join(' ') },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function slideHtml(slide: { title: string; body: string }, index: number): string {
  return `<!doctype html><html lang="es"><body style="margin:0">
<div style="width:640px;height:360px;box-sizing:border-box;padding:40px 48px;display:flex;flex-direction:column;
justify-content:center;gap:18px;background:linear-gradient(135deg,#0b3a75,#0a7d62);color:#fff;
font-family:'DejaVu Sans',sans-serif">
<div style="font-size:16px;letter-spacing:.08em;text-transform:uppercase;opacity:.85">${index + 1} / ${slides.length}</div>
<div style="font-size:34px;font-weight:700;line-height:1.15">${escapeHtml(slide.title)}</div>
<div style="font-size:22px;line-height:1.35">${escapeHtml(slide.body)}</div>
</div></body></html>`;
}

function timestamp(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;
}

const work = mkdtempSync(path.join(tmpdir(), 'promo-video-'));
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  for (const [index, slide] of slides.entries()) {
    await page.setContent(slideHtml(slide, index));
    await page.screenshot({ path: path.join(work, `slide-${index}.png`) });
  }
  await browser.close();

  const video = path.join(assets, 'app-video.webm');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    `1/${SECONDS_PER_SLIDE}`,
    '-i',
    path.join(work, 'slide-%d.png'),
    '-vf',
    'fps=10,format=yuv420p',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '120k',
    '-an',
    video,
  ]);

  const cues = slides.map(
    (slide, index) =>
      `${timestamp(index * SECONDS_PER_SLIDE)} --> ${timestamp((index + 1) * SECONDS_PER_SLIDE)}\n${slide.title}: ${slide.body}`,
  );
  writeFileSync(path.join(assets, 'app-video.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);
  console.log(`Wrote ${video} and its captions (${slides.length} slides).`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
