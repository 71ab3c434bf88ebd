import { createAction, createSlice, isAnyOf, type Middleware, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { signedOut } from '@/client/session/session-slice';
import { baseApi } from './base-api';
import type { KindTag } from './kinds';

/** The lists whose order an administrator changes, named by their cache tag. */
export type ReorderList = KindTag;

/**
 * One queue per list and per store: reorders of a list go out one at a time, in the order they were made, so
 * two quick moves end in the order of the last one on the server as on screen (requirements §10.5). The
 * optimistic change is not queued: the screen moves at once.
 *
 * The state says how many reorders of each list are waiting or in flight; the chain of requests itself (promises,
 * which a state must not hold) lives in the store's middleware. Both end with the session or the API's cache
 * (sign-out, `resetApiState`): a reorder of the next session never waits for one of the last, and a late answer
 * of the last one is not counted against the next.
 */
export interface ReorderQueueState {
  waiting: Partial<Record<ReorderList, number>>;
}

const initialState: ReorderQueueState = { waiting: {} };

/** What ends every queue. */
const endsQueues = isAnyOf(signedOut, baseApi.util.resetApiState);

export const reorderQueueSlice = createSlice({
  name: 'reorderQueue',
  initialState,
  reducers: {
    reorderQueued(state, action: PayloadAction<ReorderList>) {
      state.waiting[action.payload] = (state.waiting[action.payload] ?? 0) + 1;
    },
    reorderAnswered(state, action: PayloadAction<ReorderList>) {
      const left = (state.waiting[action.payload] ?? 0) - 1;
      if (left > 0) state.waiting[action.payload] = left;
      else delete state.waiting[action.payload];
    },
  },
  extraReducers: (builder) => builder.addMatcher(endsQueues, () => initialState),
  selectors: {
    /** How many reorders of the list are waiting or in flight. */
    selectReordersWaiting: (state, list: ReorderList) => state.waiting[list] ?? 0,
  },
});

const { reorderQueued, reorderAnswered } = reorderQueueSlice.actions;
export const { selectReordersWaiting } = reorderQueueSlice.selectors;

/** Asks the store's queue to run `send` after every earlier reorder of the list has been answered. */
const runInQueue = createAction<{ list: ReorderList; send: () => unknown }>('reorderQueue/run');
/** Asks the store's queue for a promise that settles once every reorder of the list sent so far is answered. */
const queueSettled = createAction<ReorderList>('reorderQueue/settled');

/**
 * The store's reorder queues. Its two requests never reach the reducers (their payload holds a function); what
 * the reducers see is reorderQueued and reorderAnswered.
 */
export function createReorderQueueMiddleware(): Middleware {
  return (store) => {
    let tails = new Map<ReorderList, Promise<unknown>>();
    // A request sent before the queues ended does not count down the queues that replaced them.
    let generation = 0;
    return (next) => (action) => {
      if (runInQueue.match(action)) {
        const { list, send } = action.payload;
        const mine = generation;
        store.dispatch(reorderQueued(list));
        const run = (tails.get(list) ?? Promise.resolve()).then(send);
        tails.set(
          list,
          run.then(
            () => undefined,
            () => undefined,
          ),
        );
        return run.finally(() => {
          if (generation === mine) store.dispatch(reorderAnswered(list));
        });
      }
      if (queueSettled.match(action)) return tails.get(action.payload) ?? Promise.resolve();
      if (endsQueues(action)) {
        tails = new Map();
        generation += 1;
      }
      return next(action);
    };
  };
}

type Dispatch = (action: UnknownAction) => unknown;

function answerOf(dispatched: unknown): Promise<unknown> {
  if (!(dispatched instanceof Promise)) throw new Error('The store has no reorder queue (createReorderQueueMiddleware).');
  return dispatched;
}

/** Runs `send` after every earlier reorder of the same list, in this store, has been answered. */
export function sendInQueue<T>(dispatch: Dispatch, list: ReorderList, send: () => PromiseLike<T> | T): Promise<T> {
  return answerOf(dispatch(runInQueue({ list, send }))) as Promise<T>;
}

/** Resolves once every reorder of the list sent so far, in this store, has been answered. */
export function reordersSettled(dispatch: Dispatch, list: ReorderList): Promise<unknown> {
  return answerOf(dispatch(queueSettled(list)));
}
