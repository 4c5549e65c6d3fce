import { useEffect, useRef } from 'react';
import { escapeTwiceListener } from './quick-exit';

/**
 * Esc twice leaves with Salida rápida (decision 060) while the widget is open. The first press may
 * close the drawer (its own Escape), so the listener stays while the drawer is mounted and only the
 * first press needs the drawer open. Capture phase: it runs before anything that handles Escape.
 */
export function useEscapeTwiceToLeave(open: boolean): void {
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  });
  useEffect(() => {
    const listener = escapeTwiceListener(() => isOpen.current);
    document.addEventListener('keydown', listener, true);
    document.addEventListener('pointerdown', listener, true);
    return () => {
      document.removeEventListener('keydown', listener, true);
      document.removeEventListener('pointerdown', listener, true);
    };
  }, []);
}
