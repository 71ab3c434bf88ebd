// React Fast Refresh in the browser, for the development server's build only (webpack.config.ts with
// env.hot): the first script of each entry, so that React finds the refresh hook when it loads, and
// the helper that fast-refresh-loader.cjs calls around every application module.
import Refresh from 'react-refresh/runtime';

const root = globalThis;
if (!root.__fastRefreshReady) {
  Refresh.injectIntoGlobalHook(root);
  // Modules outside the application (never transformed) register nothing.
  root.$RefreshReg$ = () => {};
  root.$RefreshSig$ = () => (type) => type;
  root.__fastRefreshReady = true;
}

/** What a module's body registers belongs to that module (react-refresh-typescript calls these globals). */
const saved = [];
export function enter(moduleId) {
  saved.push([root.$RefreshReg$, root.$RefreshSig$]);
  root.$RefreshReg$ = (type, id) => Refresh.register(type, `${moduleId} ${id}`);
  root.$RefreshSig$ = Refresh.createSignatureFunctionForTransform;
}

const exported = (moduleExports) =>
  moduleExports && typeof moduleExports === 'object' ? Object.keys(moduleExports).filter((key) => key !== '__esModule') : [];

/** A module whose every export is a component is replaced in place; any other change reloads its importers. */
function isBoundary(moduleExports) {
  const keys = exported(moduleExports);
  return keys.length > 0 && keys.every((key) => Refresh.isLikelyComponentType(moduleExports[key]));
}

/** The components a boundary exports: if they change (added, removed, renamed), the importers must see it. */
const signatureOf = (moduleExports) => exported(moduleExports).flatMap((key) => [key, Refresh.getFamilyByType(moduleExports[key])]);
const sameSignature = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);

let pending;
function scheduleRefresh() {
  pending ??= setTimeout(() => {
    pending = undefined;
    Refresh.performReactRefresh();
  }, 30);
}

export function leave(moduleExports, moduleId, hot) {
  [root.$RefreshReg$, root.$RefreshSig$] = saved.pop();
  for (const key of exported(moduleExports)) {
    if (Refresh.isLikelyComponentType(moduleExports[key])) Refresh.register(moduleExports[key], `${moduleId} %exports% ${key}`);
  }
  if (!hot) return;
  const previous = hot.data?.previous;
  if (isBoundary(moduleExports)) {
    hot.dispose((data) => {
      data.previous = { boundary: true, signature: signatureOf(moduleExports) };
    });
    hot.accept();
    if (hot.data) {
      if (previous?.boundary && !sameSignature(previous.signature, signatureOf(moduleExports))) hot.invalidate();
      else scheduleRefresh();
    }
  } else if (hot.data && previous) {
    hot.invalidate();
  }
}
