import type { PublicPublication } from '@/domain/entities';
import { firstTextContent } from '@/domain/layout';
import { metaDescription } from '@/domain/text';
import { pageTitle, SITE_NAME } from '@/domain/catalogue';
import { renditionUrl } from '../media/renditions';

/** Longest description search engines show in full. */
const DESCRIPTION_LENGTH = 155;

export interface PublicationHead {
  title: string;
  description: string;
  image?: string;
}

/** A number path segment /{sectionSlug}/{id} as the SPA routes it, or null. */
export function publicationIdOf(pathname: string): number | null {
  const match = /^\/[a-z0-9-]+\/(\d{1,15})\/?$/.exec(pathname);
  if (!match || pathname.startsWith('/admin/')) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * What a shared link of a publication shows (title, description from the
 * first text cell, featured image), the same title the page sets in the browser.
 * The image is the featured image cut to the networks' shape around its focal
 * point, when the library holds it (media/renditions.ts).
 */
export function publicationHead(
  publication: Pick<PublicPublication, 'title' | 'layout' | 'featured_image'> & Partial<Pick<PublicPublication, 'featured_image_focus'>>,
): PublicationHead {
  const description = metaDescription(firstTextContent(publication.layout), DESCRIPTION_LENGTH);
  return {
    title: pageTitle(publication.title),
    description: description || `${publication.title}. ${SITE_NAME}.`,
    ...(publication.featured_image ? { image: renditionUrl(publication.featured_image, 'share', publication.featured_image_focus) } : {}),
  };
}
