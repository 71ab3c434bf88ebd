import type { ReactNode } from 'react';
import { ADMIN_NAME, SITE_NAME } from '@/domain/catalogue';
import './activation.css';

/**
 * The frame of the pages a person reaches from a mail or before signing in (a password link, a new
 * address's link, a forgotten password): the site's band and name, and one card labelled by its
 * heading (`titleId`), as the sign-in screen looks.
 */
export function AccountCard({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="activation">
      <p className="activation-brand">
        {SITE_NAME}
        <span className="activation-brand-sub">{ADMIN_NAME}</span>
      </p>
      <main className="activation-card" aria-labelledby={titleId}>
        {children}
      </main>
    </div>
  );
}
