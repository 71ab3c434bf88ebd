import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

/** Whether the server answered the address the site was loaded at with status 404 (PageData status). */
export const ServedNotFound = createContext(false);

/**
 * True while the address shown is the one the server answered 404 (a publication that is not
 * public, a page past a list's last): the first entry of the history (react-router's key
 * 'default', on both sides). The page then draws its not-found state at once, as the server
 * drew it, without asking the API.
 */
export function useServedNotFound(): boolean {
  const { key } = useLocation();
  return useContext(ServedNotFound) && key === 'default';
}
