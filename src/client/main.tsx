// The design tokens, first: every stylesheet of the app reads them.
import '@/client/ui/tokens.css';
import '@/client/ui/visually-hidden.css';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '@/client/app/router';
import { boot } from '@/client/app/boot';
import { seedFirstAnswer } from '@/client/site/first-answer';
import { preloadPageAt } from '@/client/site/site-routes';

// The public site (index.html). The admin panel is another entry, admin-main.tsx
// (admin.html): moving between the two is a full page load (docs/decisions/).
// Before the first render, the page's answer from its HTML and its code: that
// render then draws the whole page (docs/decisions/069-first-answer-in-the-page.md).
boot(
  () => (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  ),
  (store) => {
    seedFirstAnswer(store.dispatch);
    return preloadPageAt(window.location.pathname);
  },
);
