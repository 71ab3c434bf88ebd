// The design tokens, first: every stylesheet of the app reads them.
import '@/client/ui/tokens.css';
import '@/client/ui/visually-hidden.css';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '@/client/app/router';
import { boot } from '@/client/app/boot';

// The public site (index.html). The admin panel is another entry, admin-main.tsx
// (admin.html): moving between the two is a full page load (docs/decisions/).
boot(() => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
));
