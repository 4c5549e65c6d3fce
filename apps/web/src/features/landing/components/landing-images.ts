import { type LandingImageKey } from '../landing-content';
// `?no-inline`: these files are under Vite's inline limit, and inlined they would travel inside
// the page's JavaScript chunk and defeat lazy loading; as files they are cached and fetched on demand.
import alertUrl from '../assets/alert.svg?no-inline';
import cameraUrl from '../assets/camera.svg?no-inline';
import drawUrl from '../assets/draw.svg?no-inline';
import heroUrl from '../assets/hero.svg?no-inline';
import networkUrl from '../assets/network.svg?no-inline';
import newsUrl from '../assets/news.svg?no-inline';
import panelUrl from '../assets/panel.svg?no-inline';
import reportUrl from '../assets/report.svg?no-inline';
import videoUrl from '../assets/video.svg?no-inline';

/** File and intrinsic size of each illustration, so the browser reserves its space before it loads. */
export const landingImages: Record<LandingImageKey, { src: string; width: number; height: number }> = {
  hero: { src: heroUrl, width: 480, height: 400 },
  alert: { src: alertUrl, width: 480, height: 360 },
  report: { src: reportUrl, width: 480, height: 360 },
  video: { src: videoUrl, width: 480, height: 360 },
  camera: { src: cameraUrl, width: 480, height: 360 },
  network: { src: networkUrl, width: 480, height: 360 },
  news: { src: newsUrl, width: 480, height: 360 },
  panel: { src: panelUrl, width: 480, height: 360 },
  draw: { src: drawUrl, width: 320, height: 280 },
};
