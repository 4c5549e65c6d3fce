import type { WheelOption } from '@seguridad/contracts/http/wheel';
import { WHEEL } from '@seguridad/contracts/constants';
import { wheelTexts } from '@seguridad/contracts/messages';
import { sectionPath } from './wheel-geometry';
import styles from './prize-wheel.module.css';

const RADIUS = 160;
const IMAGE_SIZE = 38;

type PrizeWheelProps = {
  items: WheelOption[];
  /** Degrees clockwise; 0 is the wheel at rest with section 0 right of the pointer. */
  rotation: number;
  /** Turn to `rotation` over the spin's 5 s (false: jump there at once). */
  animate: boolean;
  /** The section that won, highlighted once the wheel stops. */
  winnerId?: number | undefined;
};

/** The wheel's 10 sections of 36° drawn in SVG, each with its prize's picture and short label. */
export function PrizeWheel({ items, rotation, animate, winnerId }: PrizeWheelProps) {
  const label = wheelTexts.wheelLabel(items.map((item) => wheelTexts.prizeLabel[item.uid](item.amount)));
  return (
    <div className={styles.frame}>
      <span className={styles.pointer} aria-hidden="true" />
      <svg className={styles.wheel} viewBox={`0 0 ${RADIUS * 2} ${RADIUS * 2}`} role="img" aria-label={label}>
        <g
          className={animate ? styles.spinning : styles.still}
          style={{
            transform: `rotate(${rotation}deg)`,
            transitionDuration: animate ? `${WHEEL.spinMs}ms` : undefined,
          }}
        >
          {items.map((item, index) => {
            const middle = index * WHEEL.degreesPerSection + WHEEL.degreesPerSection / 2;
            // The label runs along the radius, its middle 0.4 R from the centre (the picture sits outside it).
            const textY = RADIUS * 0.6;
            return (
              <g key={item.id} data-section={item.id}>
                <path
                  d={sectionPath(index, RADIUS)}
                  className={[
                    styles.section,
                    styles[item.uid],
                    index % 2 === 1 ? styles.alternate : '',
                    winnerId === item.id ? styles.winner : '',
                  ].join(' ')}
                />
                <g transform={`rotate(${middle} ${RADIUS} ${RADIUS})`}>
                  <image
                    href={item.image_url}
                    x={RADIUS - IMAGE_SIZE / 2}
                    y={RADIUS * 0.1}
                    width={IMAGE_SIZE}
                    height={IMAGE_SIZE}
                  />
                  <text
                    x={RADIUS}
                    y={textY}
                    transform={`rotate(-90 ${RADIUS} ${textY})`}
                    className={styles.label}
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {wheelTexts.sectionLabel[item.uid](item.amount)}
                  </text>
                </g>
              </g>
            );
          })}
        </g>
        <circle cx={RADIUS} cy={RADIUS} r={RADIUS * 0.14} className={styles.hub} />
      </svg>
    </div>
  );
}
