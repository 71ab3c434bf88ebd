import { randomUUID } from 'node:crypto';
import { SITE_NAME } from '@/domain/catalogue';

/** What a message says: a greeting, paragraphs, and at most one button-like link (a one-time link, usually). */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Said after the link (how long it lasts, what to do if it was not them). */
  after?: string[];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The site's blue and gold (client/ui/tokens.css), inline: mail clients keep no stylesheets. */
const BLUE = '#1f3a5f';
const GOLD = '#f2a93b';

/**
 * A message in Spanish as plain text and as HTML: the site's name and
 * colours, no remote image (nothing that a mail client would fetch), the
 * link written out in the text for clients that show no HTML. Its Message-ID
 * names the site's host, and stays the same however often it is tried.
 */
export function composeMail(content: MailContent, publicUrl: string): { subject: string; text: string; html: string; messageId: string } {
  const host = new URL(publicUrl).hostname;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.after ?? []).flatMap((paragraph) => [paragraph, '']),
    '—',
    SITE_NAME,
    publicUrl,
  ].join('\n');
  const paragraph = (words: string) => `<p style="margin:0 0 16px">${escapeHtml(words)}</p>`;
  const html = [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="color-scheme" content="light">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-top:4px solid ${GOLD};border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 20px;font-weight:bold;color:${BLUE}">${escapeHtml(SITE_NAME)}</p>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${BLUE};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#4a5563;word-break:break-all">${escapeHtml(content.action.url)}</p>`
      : '',
    ...(content.after ?? []).map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#4a5563"><a href="${escapeHtml(publicUrl)}" style="color:${BLUE}">${escapeHtml(SITE_NAME)}</a></p>`,
    '</div></body></html>',
  ].join('');
  return { subject: content.subject, text, html, messageId: `<${randomUUID()}@${host}>` };
}
