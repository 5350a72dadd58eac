import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * True once the element is within `margin` of the viewport (and from then on): for parts of a page whose code
 * loads only when the reader gets near them. False in a prerendered page and while the browser hydrates it (which has
 * none of those parts); without IntersectionObserver it is true from then on.
 */
export function useNearViewport<T extends Element>(margin = '400px') {
  const ref = useRef<T>(null);
  const [seen, setNear] = useState(false);
  const hydrated = useHydrated();
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
