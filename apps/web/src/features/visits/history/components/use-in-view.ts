import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come near the viewport (and stays true): cards of a long queue load
 * their visit and draw their map only when the manager scrolls to them.
 */
export function useInView<E extends Element>(margin = '200px') {
  const ref = useRef<E>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return { ref, seen };
}
