import { siteConfig } from '../../config/site';
import { DownloadSection } from './components/download-section';
import { DrawSection } from './components/draw-section';
import { FeatureSection } from './components/feature-section';
import { HeroSection } from './components/hero-section';
import { landingContent } from './landing-content';

const content = landingContent(siteConfig);

/** The home page (spec §2): hero, one section per app feature, web panel, camera draw, download. */
export function LandingPage() {
  const { hero, features, webPanel, draw, download } = content;
  return (
    <>
      <HeroSection hero={hero} />
      {features.map((feature, index) => (
        <FeatureSection
          key={feature.id}
          feature={feature}
          imageFirst={index % 2 === 1}
          muted={index % 2 === 0}
        />
      ))}
      <FeatureSection
        feature={webPanel}
        imageFirst={features.length % 2 === 1}
        muted={features.length % 2 === 0}
      />
      <DrawSection draw={draw} />
      <DownloadSection download={download} />
    </>
  );
}
