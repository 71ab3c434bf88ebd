import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once this spot comes within `margin` of the viewport
 * (at once where IntersectionObserver is missing). Below-the-fold extras of
 * the home page load their code and data only when the visitor gets there.
 */
export function WhenVisible({ children, margin = '400px', minHeight }: { children: ReactNode; margin?: string; minHeight?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const spot = ref.current;
    if (visible || !spot) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(spot);
    return () => observer.disconnect();
  }, [visible, margin]);
  if (visible) return <>{children}</>;
  return <div ref={ref} style={minHeight ? { minHeight } : undefined} />;
}
