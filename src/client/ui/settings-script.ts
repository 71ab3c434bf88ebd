import { isRecord } from '@/domain/guards';

/**
 * The site settings the server writes into every page, the panel's too
 * (<script id="site-settings" type="application/json">, docs/decisions/199):
 * its JSON, parsed; null when the page carries none or it cannot be read
 * (development, tests). The public site reads its settings from it
 * (site/site-settings.ts), the panel whether the site sends mail.
 */
export function settingsScriptJson(doc: Document = document): Record<string, unknown> | null {
  const raw = doc.getElementById('site-settings')?.textContent;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Whether the site sends mail (an SMTP server is configured, docs/decisions/202); a page that says nothing: no. */
export const siteSendsMail = (doc: Document = document): boolean => settingsScriptJson(doc)?.mail === true;
