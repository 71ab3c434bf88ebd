import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { actionSanitizer, stateSanitizer } from './devtools-sanitizers';

/**
 * What configureStore hands the Redux DevTools extension: the store's name,
 * and the sanitizers that mask credentials and summarise long lists
 * (devtools-sanitizers.ts). Action types stay as the slices and RTK Query
 * write them (`session/signedIn`, `api/executeQuery/fulfilled`), which is
 * what a developer searches for.
 */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Máster Educación Emocional',
  stateSanitizer,
  actionSanitizer,
  // Enough history to follow a flow (sign-in, a few edits) without DevTools holding every state since load.
  maxAge: 100,
};
