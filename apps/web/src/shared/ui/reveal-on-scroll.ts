/** An element shows once it is this share of the viewport's height above the bottom edge. */
const REVEAL_MARGIN = 0.1;
/** How far above the viewport an element still counts as reached (any page is shorter). */
const SCROLLED_PAST_PX = 100_000;

/**
 * The scroll reveal of spec §9 without React: the prerendered pages run it before (or without)
 * hydrating, and the `Reveal` component runs the same on pages React renders. What is already on
 * screen when it starts is never hidden, reduced-motion users see everything at once, and an
 * element already taken care of is left alone (so hydrating a page does not hide it again).
 */
export function revealOnScroll(element: HTMLElement): () => void {
  const none = () => undefined;
  if (element.dataset.revealState) return none;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return none;
  if (!('IntersectionObserver' in window)) return none;
  // The observer's own first report says where the element is: no layout is forced to find out.
  let firstReport = true;
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1]!;
      if (firstReport) {
        firstReport = false;
        const viewportBottom = entry.rootBounds
          ? entry.rootBounds.bottom / (1 - REVEAL_MARGIN)
          : Number.POSITIVE_INFINITY;
        if (entry.boundingClientRect.top < viewportBottom) {
          observer.disconnect();
          return;
        }
        element.dataset.revealState = 'pending';
        return;
      }
      if (entry.isIntersecting) {
        element.dataset.revealState = 'shown';
        observer.disconnect();
      }
    },
    // The area reaches far above the viewport: an element scrolled past between two of the
    // observer's checks (a fast fling, a jump to an anchor) still shows, not only one caught on screen.
    { rootMargin: `${SCROLLED_PAST_PX}px 0px -${REVEAL_MARGIN * 100}% 0px` },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    // Unmounted before it showed: a later mount starts over.
    if (element.dataset.revealState === 'pending') delete element.dataset.revealState;
  };
}

/** Every element of a prerendered page that asks for a reveal. */
export function revealAllOnScroll(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-reveal]').forEach((element) => revealOnScroll(element));
}
