import { readSiteSettings } from '@/client/site/site-settings';

/**
 * Whether the site sends mail (an SMTP server is configured), as the settings written into every
 * page say (SiteSettings.mail, docs/decisions/204): what the sign-in and account screens offer
 * depends on it.
 */
export const siteSendsMail = (): boolean => readSiteSettings().mail === true;
