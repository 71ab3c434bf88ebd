import { useRef, useState } from 'react';

/** A link as the person who receives it will open it: the server gives its path, the panel's own origin completes it. */
export const absoluteLink = (url: string): string => new URL(url, window.location.origin).href;

/**
 * 'Copiar enlace' for a link shown once in a read-only field: copies it, and
 * says so; without clipboard permission (an insecure origin, an old browser)
 * it selects the field for Ctrl+C and says that instead.
 */
export function useCopyLink(url: string) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Enlace copiado.');
    } catch {
      input.current?.select();
      setCopied('No se pudo copiar: el enlace está seleccionado; cópielo con Ctrl+C (⌘C en Mac).');
    }
  };
  return { input, copied, copy };
}
