import { paths, publicSections } from '@/client/app/paths';

export interface NavItem {
  label: string;
  to: string;
  /** For section lists: the slug its publications live under (/{slug}/{id}). */
  sectionSlug?: string;
}

const section = (listPath: string): NavItem => {
  const found = publicSections.find((s) => s.listPath === listPath)!;
  return { label: found.navLabel, to: paths.sectionList.getHref(found.slug), sectionSlug: found.slug };
};

/** The main navigation, in the order of SPEC §2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inicio', to: paths.home.getHref() },
  section('presentacion-magister'),
  { label: 'Cuerpo docente', to: paths.faculty.getHref() },
  section('revista'),
  section('congresos'),
  section('media'),
  section('noticias'),
  { label: 'GIESE', to: paths.giese.getHref() },
];
