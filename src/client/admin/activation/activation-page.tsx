import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAcceptInvitationMutation, useCheckInvitationMutation, type InvitationHolder } from '@/client/api/accounts';
import { baseApi } from '@/client/api/base-api';
import { useAppDispatch } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { signedIn } from '@/client/session/session-slice';
import { siteSendsMail } from '@/client/ui/settings-script';
import { useRestoredSession } from '@/client/session/use-restored-session';
import { accountMessages } from '@/domain/accounts';
import { domainResolver } from '../kit/domain-resolver';
import { FormAlert } from '../kit/form-alert';
import { Loading } from '../kit/load-states';
import { NewPasswordFields, newPasswordErrors } from '../kit/new-password-fields';
import { ShowPasswordsToggle } from '../kit/password-field';
import { readApiFailure } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { useDocumentTitle } from '../kit/use-document-title';
import { useNoIndex, useTokenFromAddress } from './link-in-address';
import { AccountCard } from './account-card';

const LINK_FAILED = 'No se pudo comprobar el enlace. Inténtelo de nuevo.';

/**
 * /admin/activar#token: where an invitation or a password reset leads. The
 * page says whose account it is, the person chooses a password (the same rules
 * as 'Mi cuenta') and is signed in on /admin. A used, expired or unknown link
 * gets the server's sentence.
 */
export function ActivationPage() {
  useNoIndex();
  const token = useTokenFromAddress();
  const [checkInvitation] = useCheckInvitationMutation();
  const [holder, setHolder] = useState<InvitationHolder | null>(null);
  // Without a token there is nothing to ask the server.
  const [failure, setFailure] = useState<string | null>(() => (token ? null : accountMessages.invalidLink));
  useDocumentTitle(holder?.kind === 'reset' ? 'Nueva contraseña' : 'Activar cuenta');

  useEffect(() => {
    if (!token) return;
    let current = true;
    void checkInvitation(token).then((result) => {
      if (!current) return;
      if ('error' in result) setFailure(readApiFailure(result.error).detail ?? LINK_FAILED);
      else setHolder(result.data);
    });
    return () => {
      current = false;
    };
  }, [token, checkInvitation]);

  return (
    <AccountCard titleId="activation-title">
      <h1 id="activation-title" className="activation-title">
        {holder?.kind === 'reset' ? 'Elija una contraseña nueva' : 'Active su cuenta'}
      </h1>
      {failure ? (
        <>
          <div className="kit-alert" role="alert">
            <p className="kit-alert-message">{failure}</p>
          </div>
          <p className="activation-back">
            {/* With mail, a person whose link has gone stale asks for another without anyone's help. */}
            {siteSendsMail() && (
              <>
                <Link to={paths.admin.forgotPassword.getHref()}>Pedir un enlace nuevo por correo</Link>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <a href={paths.admin.login.getHref()}>Ir a Iniciar sesión</a>
          </p>
        </>
      ) : holder ? (
        <ChoosePassword token={token} holder={holder} onLinkRefused={setFailure} />
      ) : (
        <Loading />
      )}
    </AccountCard>
  );
}

interface ChoiceValues {
  password: string;
  repeat_password: string;
}

function ChoosePassword({
  token,
  holder,
  onLinkRefused,
}: {
  token: string;
  holder: InvitationHolder;
  onLinkRefused: (message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useRestoredSession();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const form = useForm<ChoiceValues>({
    defaultValues: { password: '', repeat_password: '' },
    resolver: domainResolver((values: ChoiceValues) =>
      newPasswordErrors('password', values.password, values.repeat_password, holder.username),
    ),
  });
  const { errors } = form.formState;

  const send = async ({ password }: ChoiceValues) => {
    setProblem(null);
    const result = await accept({ token, password });
    if ('error' in result) {
      const failure = readApiFailure(result.error);
      if (failure.fieldErrors.password)
        form.setError('password', { type: 'server', message: failure.fieldErrors.password }, { shouldFocus: true });
      else if (failure.status === 404) onLinkRefused(failure.detail ?? accountMessages.invalidLink);
      else {
        setProblem(failure.detail ?? 'No se pudo guardar la contraseña. Inténtelo de nuevo.');
        requestAnimationFrame(() => alert.current?.focus());
      }
      return;
    }
    // Whoever was signed in here before, nothing of theirs stays.
    dispatch(baseApi.util.resetApiState());
    dispatch(signedIn({ access: result.data.access, refresh: result.data.refresh, username: holder.username }));
    void navigate(paths.admin.root.getHref(), { replace: true });
  };

  return (
    <form className="kit-form activation-form" noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
      <p>
        Cuenta de <strong>{holder.name || holder.username}</strong>
        {holder.name && <> (usuario {holder.username})</>}.{' '}
        {holder.kind === 'reset' ? 'Elija su nueva contraseña.' : 'Elija la contraseña con la que iniciará sesión.'}
      </p>
      {user && user.username !== holder.username && (
        <p className="kit-warning">
          En este navegador hay una sesión iniciada como {user.username}; al guardar, se iniciará la de {holder.username} en su lugar.
        </p>
      )}
      {problem && <FormAlert ref={alert} message={problem} />}
      <input type="text" name="username" autoComplete="username" value={holder.username} readOnly hidden />
      <NewPasswordFields
        password={{ label: 'Contraseña', registration: form.register('password'), error: errors.password?.message }}
        repeat={{ label: 'Repetir contraseña', registration: form.register('repeat_password'), error: errors.repeat_password?.message }}
        visible={visible}
      />
      <ShowPasswordsToggle checked={visible} onChange={setVisible} />
      <SubmitButton saving={isLoading}>{holder.kind === 'reset' ? 'Guardar contraseña' : 'Activar cuenta'}</SubmitButton>
    </form>
  );
}
