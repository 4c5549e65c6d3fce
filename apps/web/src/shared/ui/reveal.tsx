import { useEffect, useRef, type ReactNode } from 'react';
import type { RevealPreset } from '@seguridad/contracts/constants';
import { revealOnScroll } from './reveal-on-scroll';

/**
 * Reveals its content when scrolled into view with one of the presets of spec §9. What is already
 * on screen when the page loads is never hidden, and reduced-motion users see everything at once.
 */
export function Reveal({
  preset = 'fadeUp',
  as: Tag = 'div',
  className,
  children,
}: {
  preset?: RevealPreset;
  as?: 'div' | 'section' | 'li' | 'article';
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = ref.current;
    return element ? revealOnScroll(element) : undefined;
  }, []);

  return (
    <Tag ref={ref as never} data-reveal={preset} className={className}>
      {children}
    </Tag>
  );
}
