import './kit.css';
import './notices.css';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type NoticeTone = 'success' | 'error';

/** A button the notice offers while it is shown ('Deshacer'); pressing it closes the notice. */
export interface NoticeAction {
  label: string;
  onAction: () => void;
}

export interface NoticeOptions {
  action?: NoticeAction;
  /** How long it stays, instead of its tone's time (an action offered for a given time). */
  durationMs?: number;
}

interface Notice {
  id: number;
  tone: NoticeTone;
  message: string;
  action?: NoticeAction;
  durationMs: number;
}

interface NoticesApi {
  /** Shows a short notice ('Sección guardada', or what failed), with a button if given; it goes away by itself. */
  notify: (message: string, tone?: NoticeTone, options?: NoticeOptions) => void;
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
    (message: string, tone: NoticeTone = 'success', options: NoticeOptions = {}) => {
      const id = nextId.current++;
      const durationMs = options.durationMs ?? DURATION_MS[tone];
      setNotices((current) => [...current.slice(-2), { id, tone, message, action: options.action, durationMs }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // A notice with a button waits while the pointer or the keyboard is on it (WCAG 2.2.1), and has its whole time again after.
  const hold = (notice: Notice) => {
    clearTimeout(timers.current.get(notice.id));
    timers.current.delete(notice.id);
  };
  const release = (notice: Notice) => {
    if (timers.current.has(notice.id)) return;
    timers.current.set(
      notice.id,
      setTimeout(() => dismiss(notice.id), notice.durationMs),
    );
  };

  const api = useMemo(() => ({ notify }), [notify]);
  const region = (tone: NoticeTone) => (
    <div className="kit-notice-region" aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {notices
        .filter((notice) => notice.tone === tone)
        .map((notice) => (
          <div
            key={notice.id}
            className={`kit-notice kit-notice-${notice.tone}${notice.action ? ' kit-notice-with-action' : ''}`}
            {...(notice.action && {
              onMouseEnter: () => hold(notice),
              onMouseLeave: (event: MouseEvent<HTMLDivElement>) => {
                if (!event.currentTarget.contains(document.activeElement)) release(notice);
              },
              onFocus: () => hold(notice),
              onBlur: (event: FocusEvent<HTMLDivElement>) => {
                if (!event.currentTarget.contains(event.relatedTarget)) release(notice);
              },
            })}
          >
            <p>{notice.message}</p>
            {notice.action && (
              <button
                type="button"
                className="kit-notice-action"
                onClick={() => {
                  dismiss(notice.id);
                  notice.action?.onAction();
                }}
              >
                {notice.action.label}
              </button>
            )}
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
