import { JSDOM } from 'jsdom';

/**
 * A public page as the server sent it, read the way a visitor would before any script runs:
 * the page the server drew in #root (plugins/spa.ts), parsed. Nothing in it is executed.
 */
export interface DrawnPage {
  status: number;
  headers: Headers;
  /** The whole document, as sent. */
  html: string;
  /** #root, parsed (an empty element for a 304, which has no body). */
  root: Element;
  /** What #root says, its whitespace collapsed. */
  text: string;
  /** The document's <title>. */
  title: string;
}

/** An element's text as read, its whitespace collapsed; '' for none. */
export const textOf = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** GETs a public page as a browser asks for it; every answer but a 304 must hold a #root. */
export async function fetchDrawnPage(url: string, headers: Record<string, string> = {}): Promise<DrawnPage> {
  const response = await fetch(url, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' });
  const html = await response.text();
  const document = new JSDOM(html).window.document;
  const root = document.getElementById('root');
  if (response.status !== 304) expect({ url, root: root !== null }).toEqual({ url, root: true });
  return {
    status: response.status,
    headers: response.headers,
    html,
    root: root ?? document.createElement('div'),
    text: textOf(root),
    title: document.title,
  };
}

/** The page's main heading, as read. */
export const headingOf = (page: DrawnPage): string => textOf(page.root.querySelector('h1'));

/** The cards of the list labelled `listLabel` ('Publicaciones de Noticias'): each one's heading, and all it says. */
export function cardsOf(page: DrawnPage, listLabel: string): { title: string; text: string }[] {
  const list = page.root.querySelector(`ul[aria-label="${listLabel}"]`);
  return [...(list?.querySelectorAll(':scope > li') ?? [])].map((item) => ({
    title: textOf(item.querySelector('h2, h3')),
    text: textOf(item),
  }));
}

/** The headings of the cards of the list labelled `listLabel`, in order. */
export const cardTitles = (page: DrawnPage, listLabel: string): string[] => cardsOf(page, listLabel).map((card) => card.title);

/** The entries of the site's main navigation. */
export const navigation = (page: DrawnPage): string[] =>
  [...page.root.querySelectorAll('nav[aria-label="Principal"] a')].map((link) => textOf(link));

/** The heading of the site's 404 page. */
export const NOT_FOUND_HEADING = 'Página no encontrada';

/** What a publication's own page says when its address names no public publication (requirements §8). */
export const PUBLICATION_NOT_FOUND_HEADING = 'No se encontró la publicación';
