import { useEffect } from 'react';

/** Names the browser tab after the admin page: 'Secciones · Panel de Control'. */
export function useDocumentTitle(pageTitle: string) {
  useEffect(() => {
    document.title = `${pageTitle} · Panel de Control`;
  }, [pageTitle]);
}
