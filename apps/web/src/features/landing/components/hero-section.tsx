import { StoreButtons } from '../../../shared/ui/store-buttons';
import { type LandingContent } from '../landing-content';
import { landingImages } from './landing-images';
import styles from './hero-section.module.css';

/** Above the fold: rendered as is, with no reveal, so the headline paints with the HTML. */
export function HeroSection({ hero }: { hero: LandingContent['hero'] }) {
  const image = landingImages[hero.image.key];
  return (
    <section id={hero.id} className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h1 id="hero-title" className={styles.title}>
            {hero.title}
          </h1>
          <p className={styles.lead}>{hero.lead}</p>
          <StoreButtons />
          <p className={styles.hint}>{hero.storeHint}</p>
        </div>
        <img
          className={styles.image}
          src={image.src}
          alt={hero.image.alt}
          width={image.width}
          height={image.height}
          decoding="async"
        />
      </div>
    </section>
  );
}
