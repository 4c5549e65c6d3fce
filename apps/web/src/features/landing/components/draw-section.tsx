import { Link } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { Reveal } from '../../../shared/ui/reveal';
import { type LandingContent } from '../landing-content';
import { landingImages } from './landing-images';
import styles from './draw-section.module.css';

export function DrawSection({ draw }: { draw: LandingContent['draw'] }) {
  const image = landingImages[draw.image.key];
  return (
    <section id={draw.id} className={styles.section} aria-labelledby="sorteo-title">
      <Reveal preset="fadeUp" className={styles.card}>
        <div className={styles.text}>
          <p className={styles.eyebrow}>{draw.eyebrow}</p>
          <h2 id="sorteo-title" className={styles.title}>
            {draw.title}
          </h2>
          <p>{draw.summary}</p>
          <ol className={styles.steps}>
            {draw.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{draw.winnersNote}</p>
          <div className={styles.links}>
            <Link className={styles.resultsLink} to={webPaths.promo}>
              {draw.promoLinkLabel}
            </Link>
            <Link className={styles.secondaryLink} to={webPaths.results}>
              {draw.resultsLinkLabel}
            </Link>
          </div>
        </div>
        <img
          className={styles.image}
          src={image.src}
          alt={draw.image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      </Reveal>
    </section>
  );
}
