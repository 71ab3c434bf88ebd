import type { ContentKind } from '@/domain/content-kinds';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { leavePresence, usePresenceBeatMutation } from '@/client/api/presence';
import type { RootState } from '@/client/app/store';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_IDLE_MS } from '@/domain/presence';
import type { Presence } from '@/domain/schemas/presence';
import { isRecord } from '@/domain/guards';

/** This tab's id: two tabs of one person are two presences; a reload is a new one. */
const TAB = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** What a person does in the form that counts as being there. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'input', 'wheel', 'touchstart'] as const;

/**
 * This tab's presence on a record's form (docs/decisions/182-presence.md): a
 * heartbeat now and every 20 s while the form is open, answered with who else
 * is there and the record's last save. After 30 minutes without input the
 * heartbeats stop and the presence ends (it keeps no session alive); input
 * starts them again. Leaving the form, closing the tab or signing out ends
 * it at once. Nothing is sent without a record (a new one has no id yet).
 */
/** The server's last answer, and when it came (the clock 'hace 1 minuto' counts from). */
export interface PresenceNews {
  presence: Presence;
  at: number;
}

export function usePresence(kind: ContentKind, id: number | undefined): PresenceNews | null {
  const store = useStore<RootState>();
  const [beat] = usePresenceBeatMutation();
  const [answer, setAnswer] = useState<PresenceNews | null>(null);

  useEffect(() => {
    if (id === undefined) return undefined;
    const request = { kind, id, tab: TAB };
    let timer: ReturnType<typeof setInterval> | undefined;
    let lastInput = Date.now();
    let gone = false;
    let refused = false;

    // The heartbeat on its way, if any: a leave goes after it, or the heartbeat would bring the tab back.
    let inFlight: Promise<unknown> = Promise.resolve();
    const send = async (again = true) => {
      const sent = beat(request);
      inFlight = sent;
      const result = await sent;
      if (gone) return;
      const status = 'error' in result && isRecord(result.error) ? result.error.status : undefined;
      if ('data' in result && result.data) setAnswer({ presence: result.data, at: Date.now() });
      // The record went (the trash) or the right to edit it did: nothing more to say about it.
      else if ([403, 404].includes(Number(status))) {
        refused = true;
        stop();
      }
      // A heartbeat the network lost (sent on a connection the server had just closed) goes again
      // at once, once: otherwise the others would not see this tab until the next beat.
      else if (again && status === 'FETCH_ERROR') await send(false);
    };
    const start = () => {
      if (timer !== undefined || refused) return;
      void send();
      timer = setInterval(() => {
        if (Date.now() - lastInput >= PRESENCE_IDLE_MS) idle();
        else void send();
      }, PRESENCE_HEARTBEAT_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    /** Ends this tab's presence on the server now, while the session lasts (a sign-out has ended it already). */
    const leave = (now = false) => {
      const access = store.getState().session.user?.access;
      if (!access) return;
      // A page going away cannot wait: its heartbeat, if any, is cancelled with it.
      if (now) leavePresence(request, access);
      else void inFlight.finally(() => leavePresence(request, access));
    };
    const idle = () => {
      stop();
      leave();
      setAnswer(null);
    };
    const onInput = () => {
      lastInput = Date.now();
      start();
    };
    // A closed tab or a page left for another address: the unmount below may not run.
    const onPageHide = () => {
      stop();
      leave(true);
    };
    // Back in a tab the browser had put to sleep: news at once rather than at the next beat.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && timer !== undefined) void send();
    };
    // The page came back from the browser's back-forward cache: the form is open again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };

    start();
    for (const event of INPUT_EVENTS) document.addEventListener(event, onInput, { capture: true, passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      gone = true;
      for (const event of INPUT_EVENTS) document.removeEventListener(event, onInput, { capture: true });
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
      leave();
      setAnswer(null);
    };
  }, [beat, kind, id, store]);

  return answer;
}
