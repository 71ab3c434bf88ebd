import { useEffect, useRef } from 'react';

/**
 * A new page, or another page of a list, starts at its top: the window
 * scrolls up whenever `page` (what names the page shown) changes. Not on the
 * first render: a page the browser has just loaded is at its top already, and
 * asking would make the browser lay the page out at once, inside the render's
 * task, rather than when it next paints.
 */
export function useStartAtTop(page: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
  }, [page]);
}
