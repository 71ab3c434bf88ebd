/**
 * Writes the settings script into the test's page as the server writes it into every page
 * (`<script id="site-settings" type="application/json">`, SiteSettings), for a screen that reads
 * them when it mounts (whether the site sends mail, say). Answers how to take it away again.
 */
export function writeSiteSettings(settings: Record<string, unknown>): () => void {
  const script = Object.assign(document.createElement('script'), { id: 'site-settings', type: 'application/json' });
  script.textContent = JSON.stringify(settings);
  document.head.append(script);
  return () => script.remove();
}

/** A document of its own holding the settings script with `json` as its text (none when null). */
export function pageWithSettings(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = Object.assign(doc.createElement('script'), { id: 'site-settings', type: 'application/json' });
    script.textContent = json;
    doc.body.appendChild(script);
  }
  return doc;
}
