import module from 'node:module';
import type { SitePageInput } from '@/client/site/server-render';
import { sanitizeForDisplay } from '../content/rich-text';

/**
 * The browser app's components import their stylesheets (`import './x.css'`),
 * which webpack bundles; Node would read them as JavaScript. The server draws
 * markup only, so every stylesheet is an empty module to it. Jest maps them to
 * a stub of its own (jest.config.js), and refuses the hook.
 */
function ignoreStylesheets(): void {
  const flag = Symbol.for('master.stylesheets-ignored');
  const process = globalThis as { [flag]?: boolean };
  if (process[flag]) return;
  process[flag] = true;
  if (typeof module.registerHooks !== 'function') {
    // Node 22 before 22.15 (which package.json admits): the server's modules are CommonJS (tsx), so require's table serves.
    (module as unknown as { _extensions: Record<string, () => void> })._extensions['.css'] = () => undefined;
    return;
  }
  try {
    module.registerHooks({
      load: (url, context, next) =>
        url.endsWith('.css')
          ? { format: context.format === 'module' ? 'module' : 'commonjs', source: '', shortCircuit: true }
          : next(url, context),
    });
  } catch {
    // A module system of its own that refuses Node's hooks (Jest's) maps stylesheets itself.
  }
}

export type RenderSitePage = (input: Omit<SitePageInput, 'sanitize'>) => string;

let loading: Promise<RenderSitePage> | undefined;

/**
 * The public site's renderer (client/site/server-render.tsx), loaded once per
 * process with the code of every lazy page, so that each render after it is
 * one synchronous pass (docs/decisions/185-public-pages-as-html.md).
 */
export function loadSiteRenderer(): Promise<RenderSitePage> {
  loading ??= (async () => {
    ignoreStylesheets();
    const { prepareSiteRenderer, renderSitePage } = await import('@/client/site/server-render');
    await prepareSiteRenderer();
    return (input) => renderSitePage({ ...input, sanitize: sanitizeForDisplay });
  })();
  return loading;
}
