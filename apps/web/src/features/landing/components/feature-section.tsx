import { Reveal } from '../../../shared/ui/reveal';
import { type LandingFeature } from '../landing-content';
import { landingImages } from './landing-images';
import styles from './feature-section.module.css';

/**
 * One feature: text and illustration side by side on wider screens. `imageFirst` puts the
 * illustration on the left, so consecutive sections alternate; the illustration slides in from its side.
 */
export function FeatureSection({
  feature,
  imageFirst,
  muted,
}: {
  feature: LandingFeature;
  imageFirst: boolean;
  muted: boolean;
}) {
  const image = landingImages[feature.image.key];
  const titleId = `${feature.id}-title`;
  const classes = [styles.section, muted && styles.muted, imageFirst && styles.imageFirst]
    .filter(Boolean)
    .join(' ');

  return (
    <section id={feature.id} className={classes} aria-labelledby={titleId}>
      <div className={styles.inner}>
        <Reveal preset="fadeUp" className={styles.text}>
          <p className={styles.eyebrow}>{feature.eyebrow}</p>
          <h2 id={titleId} className={styles.title}>
            {feature.title}
          </h2>
          <p className={styles.summary}>{feature.summary}</p>
          <ul className={styles.points}>
            {feature.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Reveal>
        <Reveal preset={imageFirst ? 'slideLeft' : 'slideRight'} className={styles.media}>
          <img
            src={image.src}
            alt={feature.image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
        </Reveal>
      </div>
    </section>
  );
}
