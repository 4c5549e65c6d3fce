import { useEffect, useRef, type ReactNode } from 'react';
import type { RevealPreset } from '@seguridad/contracts/constants';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

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
    if (!element || prefersReducedMotion() || !('IntersectionObserver' in window)) return;
    const { top } = element.getBoundingClientRect();
    if (top < window.innerHeight) return;
    element.dataset.revealState = 'pending';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          element.dataset.revealState = 'shown';
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag ref={ref as never} data-reveal={preset} className={className}>
      {children}
    </Tag>
  );
}
