import { useEffect } from 'react';
import { adminPageTitle } from '@/domain/catalogue';

/** Names the browser tab after the admin page: 'Secciones · Panel de Control'. */
export function useDocumentTitle(pageTitle: string) {
  useEffect(() => {
    document.title = adminPageTitle(pageTitle);
  }, [pageTitle]);
}
