import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useConfirmEmailMutation } from '@/client/api/accounts';
import { paths } from '@/client/app/paths';
import { accountMessages } from '@/domain/accounts';
import { Loading } from '../kit/load-states';
import { readApiFailure } from '../kit/server-errors';
import { useDocumentTitle } from '../kit/use-document-title';
import { useNoIndex, useTokenFromAddress } from './link-in-address';
import { AccountCard } from './account-card';

const CONFIRM_FAILED = 'No se pudo confirmar la dirección. Inténtelo de nuevo más tarde.';

type Outcome = { email: string } | { failure: string };

/**
 * /admin/confirmar-correo#token: where the link mailed to a new address leads
 * (docs/decisions/206). The page sends the token at once, in a request body,
 * and says what became of it; it works in any browser, signed in as anyone or
 * as nobody, since the link itself is the proof. Focus goes to the heading
 * once the answer is known.
 */
export function EmailConfirmationPage() {
  useNoIndex();
  useDocumentTitle('Confirmar la dirección de correo');
  const token = useTokenFromAddress();
  const [confirmEmail] = useConfirmEmailMutation();
  // Without a token there is nothing to ask the server.
  const [outcome, setOutcome] = useState<Outcome | null>(() => (token ? null : { failure: accountMessages.invalidEmailLink }));
  const sent = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // A link works once: React's second run of effects (StrictMode) must not send it again, and
    // the first answer is kept even so (nothing cancels it).
    if (!token || sent.current) return;
    sent.current = true;
    void confirmEmail(token).then((result) => {
      if ('error' in result) {
        const failure = readApiFailure(result.error);
        setOutcome({ failure: failure.status === 404 || failure.status === 409 ? (failure.detail ?? CONFIRM_FAILED) : CONFIRM_FAILED });
      } else setOutcome({ email: result.data.email });
    });
  }, [token, confirmEmail]);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  const title = !outcome
    ? 'Confirmando su dirección de correo'
    : 'email' in outcome
      ? 'Dirección confirmada'
      : 'No se pudo confirmar la dirección';

  return (
    <AccountCard titleId="email-confirmation-title">
      <h1 id="email-confirmation-title" className="activation-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {!outcome ? (
        <Loading />
      ) : 'email' in outcome ? (
        <p className="activation-result">
          Su dirección de correo es ahora <strong>{outcome.email}</strong>.
        </p>
      ) : (
        <div className="kit-alert" role="alert">
          <p className="kit-alert-message">{outcome.failure}</p>
        </div>
      )}
      {outcome && (
        <p className="activation-back">
          <Link to={paths.admin.root.getHref()}>Ir al panel</Link>
        </p>
      )}
    </AccountCard>
  );
}
