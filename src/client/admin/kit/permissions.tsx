import type { ReactNode } from 'react';
import { useGetAccountQuery } from '@/client/api/accounts';
import { useAppSelector } from '@/client/app/hooks';
import { selectUser } from '@/client/session/session-slice';
import { accountMessages, type Role } from '@/domain/accounts';
import { mayWriteKind, type ContentKind } from '@/domain/content-kinds';
import { Loading } from './load-states';
import { PageHeader } from './page-header';
import { useDocumentTitle } from './use-document-title';

/** The signed-in person's account (GET /api/account/), asked once per person signed in here. */
export function useAccount() {
  const username = useAppSelector(selectUser)?.username;
  return useGetAccountQuery(username ?? '', { skip: !username });
}

/**
 * The signed-in person's role, read once per session (GET /api/account/) and
 * shared by every screen: undefined until it is known. The server enforces the
 * roles on every request; the screens only leave out what would be refused.
 */
function useRole(): Role | undefined {
  return useAccount().data?.role;
}

/**
 * Whether the screen offers an Administrador's actions (sections, purge,
 * Usuarios, sign-in entries). While the role is unknown (a screen shown on its
 * own, an account the server could not describe) nothing is taken away: the
 * shell waits for the role before it shows any page, and the server refuses
 * what a role may not do anyway.
 */
export function useIsAdministrator(): boolean {
  return useRole() !== 'editor';
}

/**
 * Whether the screen offers writing a kind of content: any for an
 * Administrador, the registry's `editorWrites` kinds for an Editor
 * (src/domain/content-kinds.ts). As above, an unknown role takes nothing away.
 */
export function useMayWrite(): (kind: ContentKind) => boolean {
  const role = useRole();
  return (kind) => mayWriteKind(role ?? 'admin', kind);
}

/** What a forbidden screen shows, reached by its address or refused by the server (403). */
export function Forbidden({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <div className="kit-alert admin-card" role="alert">
        <p className="kit-alert-message">{accountMessages.forbidden}</p>
      </div>
    </>
  );
}

/** A screen for Administradores only: anyone else reaching its address reads the permission sentence instead. */
export function AdministratorOnly({ title, children }: { title: string; children: ReactNode }) {
  const { data, isLoading } = useAccount();
  if (isLoading) return <Loading />;
  // Unknown (the account could not be read): the screen itself says what the server answers.
  if (data && data.role !== 'admin') return <Forbidden title={title} />;
  return children;
}
