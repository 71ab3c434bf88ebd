import { isRecord } from '@/domain/guards';

/**
 * The navigation state of the page a sign-in opens: the admin treats it as an arrival (the
 * keyboard on the page's heading, admin/kit/page-arrival.ts) although it is the visit's first
 * page of the panel, so that a screen reader says where the person is, not nothing on <body>.
 */
export const SIGN_IN_ARRIVAL = { signedIn: true } as const;

export const isSignInArrival = (state: unknown): boolean => isRecord(state) && state.signedIn === true;
