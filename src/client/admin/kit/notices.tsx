import './kit.css';
import './notices.css';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type NoticeTone = 'success' | 'error';

interface Notice {
  id: number;
  tone: NoticeTone;
  message: string;
}

interface NoticesApi {
  /** Shows a short notice ('Sección guardada', or what failed); it goes away by itself. */
  notify: (message: string, tone?: NoticeTone) => void;
}

const NoticesContext = createContext<NoticesApi | null>(null);

/** How long a notice stays: long enough to read two lines, errors a little longer. */
const DURATION_MS: Record<NoticeTone, number> = { success: 5000, error: 9000 };

/**
 * Short notices (toasts) for the admin: a save that went well, a delete the
 * server refused. They appear at the bottom of the screen in live regions
 * (polite for success, assertive for errors), can be closed, and leave by
 * themselves. Put <NoticesProvider> around the admin pages; call useNotices().
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback(
    (message: string, tone: NoticeTone = 'success') => {
      const id = nextId.current++;
      setNotices((current) => [...current.slice(-2), { id, tone, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), DURATION_MS[tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(() => ({ notify }), [notify]);
  const region = (tone: NoticeTone) => (
    <div className="kit-notice-region" aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {notices
        .filter((notice) => notice.tone === tone)
        .map((notice) => (
          <div key={notice.id} className={`kit-notice kit-notice-${notice.tone}`}>
            <p>{notice.message}</p>
            <button type="button" className="kit-notice-close" aria-label="Cerrar aviso" onClick={() => dismiss(notice.id)}>
              ×
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <NoticesContext value={api}>
      {children}
      <div className="kit-notices">
        {region('error')}
        {region('success')}
      </div>
    </NoticesContext>
  );
}

/** The notices of the nearest <NoticesProvider>. */
export function useNotices(): NoticesApi {
  const api = use(NoticesContext);
  if (!api) throw new Error('useNotices needs a <NoticesProvider> above it.');
  return api;
}
