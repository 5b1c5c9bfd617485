import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Scrolls to an in-page section ('' is the top) and moves focus to its heading, as a native anchor would. */
export function scrollToSection(id: string) {
  if (id === '') {
    // `behavior` is left to CSS: smooth, except under prefers-reduced-motion.
    window.scrollTo({ top: 0 });
    return;
  }
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  const heading = section.querySelector<HTMLElement>('[data-section-heading]');
  heading?.focus({ preventScroll: true });
}

/** True for a click the browser should handle itself (new tab, new window...). */
const isModified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * In-page navigation for the landing page. The page renders lazily, so the browser's own jump to a
 * `#hash` on load may find nothing: on mount the named section is scrolled into view. A click on an
 * anchor scrolls (smoothly, by CSS) and records the hash in the URL, so the address can be shared.
 */
export function useSectionNav() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [initialHash] = useState(hash);

  useEffect(() => {
    const id = decodeURIComponent(initialHash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [initialHash]);

  const goTo = useCallback(
    (id: string) => {
      scrollToSection(id);
      navigate({ hash: id ? `#${id}` : '' }, { preventScrollReset: true });
    },
    [navigate],
  );

  /** onClick for an `<a href="#id">`: without JavaScript the plain anchor still works. */
  const anchorClick = useCallback(
    (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (isModified(event)) return;
      event.preventDefault();
      goTo(id);
    },
    [goTo],
  );

  return { goTo, anchorClick };
}

/** `href` of an in-page anchor: '#' is the top of the page. */
export const hrefOf = (id: string) => `#${id}`;
