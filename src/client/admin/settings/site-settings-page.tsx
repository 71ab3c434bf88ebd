import { useRef, useState } from 'react';
import { useForm, type FieldErrors as FormErrors, type Path } from 'react-hook-form';
import {
  useGetSiteSettingsQuery,
  useUpdateSiteSettingsMutation,
  type SiteSettingsChange,
  type SiteSettingsRecord,
} from '@/client/api/site-settings';
import {
  MODALITY_LABELS,
  SITE_SETTINGS_LABELS,
  SITE_SETTINGS_LIMITS,
  siteSettingsMessages,
  validateSiteSettings,
} from '@/domain/site-settings';
import {
  MODALITIES,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type Modality,
  type SiteSettingsValues,
  type SocialNetwork,
} from '@/domain/site-settings-values';
import { domainResolver } from '../kit/domain-resolver';
import { Field } from '../kit/field';
import { FormAlert, invalidFormAlert } from '../kit/form-alert';
import { formatMoment } from '../kit/format-moment';
import { LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { applyServerErrors } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextAreaField } from '../kit/text-area-field';
import { TextField } from '../kit/text-field';
import { useDocumentTitle } from '../kit/use-document-title';
import './settings.css';

/** The form's values: what the inputs hold, numbers and dates as typed. */
interface SettingsForm {
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  duration_months: string;
  ects_credits: string;
  /** The select offers no other value: none, or one of MODALITIES. */
  modality: Modality | '';
  language: string;
  price: string;
  admission_opens: string;
  admission_closes: string;
  how_to_apply_url: string;
  social_links: Record<SocialNetwork, string>;
  research_group_name: string;
  research_group_url: string;
}

const numberText = (value: number | null): string => (value === null ? '' : String(value));

const formOf = (settings: SiteSettingsRecord): SettingsForm => ({
  contact_email: settings.contact_email,
  contact_phone: settings.contact_phone,
  contact_address: settings.contact_address,
  duration_months: numberText(settings.duration_months),
  ects_credits: numberText(settings.ects_credits),
  modality: settings.modality,
  language: settings.language,
  price: numberText(settings.price),
  admission_opens: settings.admission_opens ?? '',
  admission_closes: settings.admission_closes ?? '',
  how_to_apply_url: settings.how_to_apply_url,
  social_links: { ...settings.social_links },
  research_group_name: settings.research_group_name,
  research_group_url: settings.research_group_url,
});

/** '' is none; anything else is the number it says (NaN when it says none, which the rules refuse). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The values as the API takes them. */
const valuesOf = (form: SettingsForm): SiteSettingsValues => ({
  ...form,
  duration_months: numberOf(form.duration_months),
  ects_credits: numberOf(form.ects_credits),
  price: numberOf(form.price),
  admission_opens: form.admission_opens || null,
  admission_closes: form.admission_closes || null,
});

/**
 * What changed since the settings were loaded: only that is sent, so that a
 * colleague's save of other fields meanwhile is kept.
 */
function changeOf(before: SiteSettingsValues, after: SiteSettingsValues): SiteSettingsChange {
  const change: Record<string, unknown> = {};
  const was: Record<string, unknown> = { ...before };
  for (const [field, value] of Object.entries(after)) {
    if (field !== 'social_links' && value !== was[field]) change[field] = value;
  }
  const links = SOCIAL_NETWORKS.filter((network) => after.social_links[network] !== before.social_links[network]);
  if (links.length > 0) change.social_links = Object.fromEntries(links.map((network) => [network, after.social_links[network]]));
  return change;
}

/** Every field the server may name, as the form registers it. */
const isLabelledField = (key: string): key is keyof typeof SITE_SETTINGS_LABELS => Object.hasOwn(SITE_SETTINGS_LABELS, key);
const FIELDS: Path<SettingsForm>[] = [
  ...Object.keys(SITE_SETTINGS_LABELS).filter(isLabelledField),
  ...SOCIAL_NETWORKS.map((network) => `social_links.${network}` as const),
];

const LINK_HINT = 'Una dirección que empiece por https://, o una ruta de este sitio como /noticias. Vacío: no se muestra.';

/**
 * /admin/ajustes, 'Ajustes del sitio' (Administradores only, docs/decisions/199):
 * what every public page says of the programme beyond its content. The rules are
 * the server's (domain/site-settings.ts), checked before sending; what the server
 * refuses is said at its field, and nothing typed is lost.
 */
export function SiteSettingsPage() {
  useDocumentTitle('Ajustes del sitio');
  const { data, isError, isFetching, refetch } = useGetSiteSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeader title="Ajustes del sitio">
        <p>
          Contacto, datos del programa, plazo de admisión, redes sociales y grupo de investigación: lo que muestran el pie de todas las
          páginas y la portada del sitio público.
        </p>
      </PageHeader>
      {data ? (
        <SettingsForm settings={data} />
      ) : isError ? (
        <LoadError message={siteSettingsMessages.loadFailed} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: SiteSettingsRecord }) {
  const { notify } = useNotices();
  const [update, { isLoading: saving }] = useUpdateSiteSettingsMutation();
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  // What the form started from: the last settings loaded or saved.
  const [base, setBase] = useState(settings);
  const form = useForm<SettingsForm>({
    defaultValues: formOf(settings),
    resolver: domainResolver<SettingsForm>((values) => validateSiteSettings({ ...valuesOf(values) })),
  });
  const { errors } = form.formState;
  const error = (field: keyof SettingsForm) => errors[field]?.message;

  const showProblem = (next: { message: string; details: string[] } | null) => {
    setProblem(next);
    if (next) requestAnimationFrame(() => alert.current?.focus());
  };

  const send = async (values: SettingsForm) => {
    setProblem(null);
    const change = changeOf(valuesOf(formOf(base)), valuesOf(values));
    if (Object.keys(change).length === 0) {
      notify('No hay cambios que guardar.');
      return;
    }
    const result = await update(change);
    if ('error' in result) {
      // What the person typed stays: the server's words go to their fields, the rest above the form.
      const { unplaced } = applyServerErrors(result.error, form.setError, FIELDS);
      showProblem({ message: siteSettingsMessages.saveFailed, details: unplaced });
      return;
    }
    setBase(result.data);
    form.reset(formOf(result.data));
    notify(siteSettingsMessages.saved);
  };
  const invalid = (found: FormErrors<SettingsForm>) => showProblem(invalidFormAlert(found));

  const register = form.register;
  return (
    <form className="kit-form admin-card settings-form" noValidate onSubmit={(event) => void form.handleSubmit(send, invalid)(event)}>
      {problem && <FormAlert ref={alert} message={problem.message} details={problem.details} />}
      <p className="kit-hint settings-saved">
        {base.updated_at
          ? `Guardados por última vez el ${formatMoment(base.updated_at)}${base.updated_by ? ` por ${base.updated_by}` : ''}.`
          : 'Aún nadie los ha guardado: son los valores de la configuración del servidor.'}
      </p>

      <fieldset className="settings-group">
        <legend>Contacto</legend>
        <div className="kit-form-grid">
          <TextField
            label={SITE_SETTINGS_LABELS.contact_email}
            type="email"
            hint="Se muestra en el pie de todas las páginas."
            inputProps={{ autoComplete: 'off' }}
            registration={register('contact_email')}
            error={error('contact_email')}
          />
          <TextField
            label={SITE_SETTINGS_LABELS.contact_phone}
            hint="Por ejemplo: +34 910 000 000."
            inputProps={{ inputMode: 'tel', autoComplete: 'off' }}
            registration={register('contact_phone')}
            error={error('contact_phone')}
          />
        </div>
        <TextAreaField
          label={SITE_SETTINGS_LABELS.contact_address}
          hint="Una o varias líneas, como se escribe en un sobre."
          rows={3}
          maxLength={SITE_SETTINGS_LIMITS.address}
          registration={register('contact_address')}
          error={error('contact_address')}
        />
      </fieldset>

      <fieldset className="settings-group">
        <legend>Datos del programa</legend>
        <div className="kit-form-grid">
          <TextField
            label={SITE_SETTINGS_LABELS.duration_months}
            type="number"
            hint="12 se muestra como «1 año»."
            inputProps={{ step: 1, inputMode: 'numeric' }}
            registration={register('duration_months')}
            error={error('duration_months')}
          />
          <TextField
            label={SITE_SETTINGS_LABELS.ects_credits}
            type="number"
            inputProps={{ step: 1, inputMode: 'numeric' }}
            registration={register('ects_credits')}
            error={error('ects_credits')}
          />
          <Field label={SITE_SETTINGS_LABELS.modality} error={error('modality')}>
            {(control) => (
              <select className="kit-input" {...control} {...register('modality')}>
                <option value="">Sin indicar</option>
                {MODALITIES.map((modality) => (
                  <option key={modality} value={modality}>
                    {MODALITY_LABELS[modality]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={SITE_SETTINGS_LABELS.language}
            hint="Por ejemplo: Español."
            maxLength={SITE_SETTINGS_LIMITS.language}
            registration={register('language')}
            error={error('language')}
          />
          <TextField
            label={SITE_SETTINGS_LABELS.price}
            type="number"
            hint="El precio total, en euros. 0 se muestra como «Gratuito»."
            inputProps={{ step: 1, inputMode: 'numeric' }}
            registration={register('price')}
            error={error('price')}
          />
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Plazo de admisión</legend>
        <p className="kit-hint">
          Mientras el plazo está abierto, la portada dice «Plazo abierto hasta el …»; cambia a medianoche en la zona horaria del sitio.
        </p>
        <div className="kit-form-grid">
          <Field
            label={SITE_SETTINGS_LABELS.admission_opens}
            hint="Opcional: sin apertura, abierto hasta el cierre."
            error={error('admission_opens')}
          >
            {(control) => <input className="kit-input" type="date" {...control} {...register('admission_opens')} />}
          </Field>
          <Field label={SITE_SETTINGS_LABELS.admission_closes} hint="El último día, incluido." error={error('admission_closes')}>
            {(control) => <input className="kit-input" type="date" {...control} {...register('admission_closes')} />}
          </Field>
        </div>
        <TextField
          label={SITE_SETTINGS_LABELS.how_to_apply_url}
          type="url"
          hint={`Donde se explica cómo inscribirse. ${LINK_HINT}`}
          registration={register('how_to_apply_url')}
          error={error('how_to_apply_url')}
        />
      </fieldset>

      <fieldset className="settings-group">
        <legend>Redes sociales</legend>
        <p className="kit-hint">Solo las redes con dirección aparecen en la barra superior y en el pie.</p>
        <div className="kit-form-grid">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={SOCIAL_NETWORK_LABELS[network]}
              type="url"
              registration={register(`social_links.${network}`)}
              error={errors.social_links?.[network]?.message}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Grupo de investigación</legend>
        <div className="kit-form-grid">
          <TextField
            label={SITE_SETTINGS_LABELS.research_group_name}
            required
            hint="En la navegación principal, la barra superior y el pie."
            maxLength={SITE_SETTINGS_LIMITS.researchGroupName}
            registration={register('research_group_name')}
            error={error('research_group_name')}
          />
          <TextField
            label={SITE_SETTINGS_LABELS.research_group_url}
            type="url"
            hint={LINK_HINT}
            registration={register('research_group_url')}
            error={error('research_group_url')}
          />
        </div>
      </fieldset>

      <div className="kit-form-actions">
        <SubmitButton saving={saving}>Guardar ajustes</SubmitButton>
      </div>
    </form>
  );
}
