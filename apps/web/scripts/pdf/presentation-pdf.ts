import { webPaths } from '@seguridad/contracts/web-paths';
import { landingContent, type LandingFeature } from '../../src/features/landing/landing-content';
import { siteConfig } from '../../src/config/site';
import { writePdf, type PdfBlock } from './pdf-document';

function featureBlocks(feature: LandingFeature): PdfBlock[] {
  return [
    {
      kind: 'heading',
      // "Noticias: Noticias de la Región" would say it twice.
      text: feature.title.startsWith(feature.eyebrow)
        ? feature.title
        : `${feature.eyebrow}: ${feature.title}`,
    },
    { kind: 'paragraph', text: feature.summary },
    { kind: 'bullets', items: feature.points },
  ];
}

/** The app presentation (spec §2), written from the landing page's own texts. */
export function writePresentationPdf(file: string): Promise<void> {
  const site = { ...siteConfig, siteUrl: siteConfig.siteUrl.replace(/\/+$/, '') };
  const { hero, features, webPanel, draw, download } = landingContent(site);
  const resultsAddress = site.siteUrl
    ? site.siteUrl + webPaths.results
    : `la página ${webPaths.results} de nuestro sitio web`;
  const title = `Presentación de la app ${site.brandName}`;

  const blocks: PdfBlock[] = [
    { kind: 'title', text: title },
    { kind: 'subtitle', text: hero.title },
    { kind: 'paragraph', text: hero.lead },
    ...features.flatMap(featureBlocks),
    ...featureBlocks(webPanel),
    { kind: 'heading', text: draw.title },
    { kind: 'paragraph', text: draw.summary },
    { kind: 'bullets', items: draw.steps },
    { kind: 'paragraph', text: `${draw.winnersNote} Resultados en ${resultsAddress}.` },
    { kind: 'heading', text: download.title },
    { kind: 'paragraph', text: `${download.summary} ${hero.storeHint}` },
    {
      kind: 'bullets',
      items: [`App Store (iPhone): ${site.appStoreUrl}`, `Google Play (Android): ${site.playStoreUrl}`],
    },
    { kind: 'heading', text: download.contactTitle },
    { kind: 'paragraph', text: `${download.contactIntro} ${download.contactEmail}.` },
    { kind: 'paragraph', text: download.floatingButtonNote },
  ];

  return writePdf(file, { title, author: site.brandName }, blocks);
}
