/**
 * Turns a video page address into an embeddable player address (requirements §5):
 * YouTube (watch?v= and youtu.be) and Vimeo become their players; any other
 * URL is used as it is; an address that cannot be processed gives ''.
 */
export function toEmbedUrl(input: string): string {
  try {
    const raw = input.trim();
    if (!raw) return '';
    const url = new URL(raw);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      if (url.pathname.startsWith('/embed/')) return raw;
      const id = url.searchParams.get('v');
      if (id && /^[\w-]+$/.test(id)) return `https://www.youtube.com/embed/${id}`;
      return raw;
    }
    if (host === 'youtu.be') {
      const id = url.pathname.slice(1).split('/')[0];
      return id && /^[\w-]+$/.test(id) ? `https://www.youtube.com/embed/${id}` : raw;
    }
    if (host === 'vimeo.com') {
      const id = url.pathname.split('/').find((part) => /^\d+$/.test(part));
      return id ? `https://player.vimeo.com/video/${id}` : raw;
    }
    return raw;
  } catch {
    return '';
  }
}
