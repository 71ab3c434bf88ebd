import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * What the pages one-time links lead to share (the activation page, the
 * confirmation of a new address): the token after '#', read once and wiped
 * from the address, and a page that search engines leave alone.
 */

/** The link's token: what follows '#' in the address the page was opened at. */
const tokenInAddress = (): string => {
  const hash = window.location.hash.replace(/^#/, '');
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
};

/**
 * The token travels after '#', so no request line, log or Referer ever holds
 * it; once read, the address bar forgets it before the page is painted
 * (history, bookmarks and screenshots included).
 */
export function useTokenFromAddress(): string {
  const [token] = useState(tokenInAddress);
  useLayoutEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);
  return token;
}

/** Keeps search engines away while the page is open, unless the server's page already says so (it does for /admin). */
export function useNoIndex() {
  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"][content~="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
