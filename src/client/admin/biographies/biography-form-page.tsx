import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import {
  useCreateBiographyMutation,
  useGetBiographyQuery,
  useUpdateBiographyMutation,
  type BiographyInput,
} from '@/client/api/biographies';
import { keepImage } from '@/client/api/image-change';
import type { Biography, FieldErrors } from '@/domain/entities';
import { FIELD_LIMITS, NEW_BIOGRAPHY_DEFAULT_ORDER } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { validateBiography } from '@/domain/validation';
import { CheckboxField } from '../kit/checkbox-field';
import { domainResolver } from '../kit/domain-resolver';
import { ImageField } from '../kit/image-field';
import { useNotices } from '../kit/notices';
import { arrivalAt } from '../kit/page-arrival';
import { KeptWorkNotices } from '../kit/kept-work-notices';
import { PageHeader } from '../kit/page-header';
import { PresenceBanner } from '../kit/presence-banner';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { SaveAndContinueButton } from '../kit/save-and-continue';
import { SubmitButton } from '../kit/submit-button';
import { TextAreaField } from '../kit/text-area-field';
import { TextField } from '../kit/text-field';
import { SaveFailureAlert, useVersionedSave } from '../kit/use-versioned-save';
import { useDocumentTitle } from '../kit/use-document-title';

type BiographyValues = Omit<BiographyInput, 'version'>;

const FIELDS = ['name', 'position', 'biography', 'email', 'linkedin', 'is_active', 'order', 'photo'] as const;

const valuesOf = (biography?: Biography): BiographyValues => ({
  name: biography?.name ?? '',
  position: biography?.position ?? '',
  biography: biography?.biography ?? '',
  email: biography?.email ?? '',
  linkedin: biography?.linkedin ?? '',
  // requirements §5: a new biography is active, with order 2.
  is_active: biography?.is_active ?? true,
  order: biography?.order ?? NEW_BIOGRAPHY_DEFAULT_ORDER,
  photo: keepImage,
});

/** requirements §5's rules (src/domain), plus a whole number for the order. */
const validate = (values: BiographyValues): FieldErrors => {
  const errors = validateBiography(values);
  if (!Number.isInteger(values.order)) errors.order = [messages.invalidInteger];
  return errors;
};

/** /admin/biographies/new and /admin/biographies/edit/{id}: 'Cargando...' until the biography is there, then the prefilled form. */
export function BiographyFormPage() {
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = parseId(rawId);
  useDocumentTitle(editing ? 'Editar biografía' : 'Nueva biografía');
  const query = useGetBiographyQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });

  if (!editing) return <BiographyForm />;
  return (
    <RecordGate
      id={id}
      query={query}
      missing={messages.biographyNotFound}
      back={{ to: paths.admin.biographies.getHref(), label: 'Volver a Biografías' }}
    >
      {(biography) => <BiographyForm key={biography.id} biography={biography} />}
    </RecordGate>
  );
}

/**
 * The biography form (requirements §5): name, position and biography required;
 * biography at most 3000 characters with a live counter; email and web as
 * email and URL inputs; a photo with preview and removal; active and order.
 */
function BiographyForm({ biography }: { biography?: Biography }) {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [createBiography] = useCreateBiographyMutation();
  const [updateBiography] = useUpdateBiographyMutation();
  const form = useForm<BiographyValues>({ defaultValues: valuesOf(biography), resolver: domainResolver(validate) });
  const { errors } = form.formState;
  const textLength = useWatch({ control: form.control, name: 'biography' }).length;
  const saver = useVersionedSave<Biography, BiographyValues>({
    form,
    record: biography,
    fields: FIELDS,
    failedMessage: messages.saveBiographyFailed,
    send: (values, base, saveKey) =>
      base ? updateBiography({ id: base.id, ...values, version: base.version, saveKey }) : createBiography({ ...values, saveKey }),
    editHref: (saved) => paths.admin.biographyEdit.getHref(saved.id),
    draft: { kind: 'biography' },
    onSaved: (saved, values) => {
      notify(`Biografía de ${saved?.name ?? values.name} guardada`);
      // Back on the list with the keyboard on the saved row.
      void navigate(paths.admin.biographies.getHref(), { state: arrivalAt(saved?.id) });
    },
    valuesOf,
  });
  const { saving } = saver;
  const saveAndContinue = form.handleSubmit((values) => saver.save(values, { stay: true }));

  return (
    <>
      <PageHeader title={biography ? 'Editar Biografía' : 'Nueva Biografía'}>{biography && <p>{biography.name}</p>}</PageHeader>
      <PresenceBanner kind="biography" id={biography?.id} version={saver.base?.version} />
      <KeptWorkNotices work={saver.work} kind="biography" />
      <form className="kit-form admin-card" noValidate onSubmit={(event) => void form.handleSubmit((values) => saver.save(values))(event)}>
        <SaveFailureAlert save={saver} busy={saving} />
        <div className="kit-form-grid">
          <TextField
            label="Nombre"
            required
            maxLength={FIELD_LIMITS.name}
            registration={form.register('name')}
            error={errors.name?.message}
          />
          <TextField
            label="Cargo"
            required
            maxLength={FIELD_LIMITS.position}
            registration={form.register('position')}
            error={errors.position?.message}
          />
        </div>
        <TextAreaField
          label="Biografía"
          required
          maxLength={FIELD_LIMITS.biography}
          length={textLength}
          registration={form.register('biography')}
          error={errors.biography?.message}
        />
        <div className="kit-form-grid">
          <TextField
            label="Email"
            type="email"
            maxLength={FIELD_LIMITS.email}
            inputProps={{ autoComplete: 'off', inputMode: 'email' }}
            registration={form.register('email')}
            error={errors.email?.message}
          />
          <TextField
            label="WEB"
            type="url"
            hint="Dirección completa, por ejemplo https://www.linkedin.com/in/nombre"
            maxLength={FIELD_LIMITS.url}
            registration={form.register('linkedin')}
            error={errors.linkedin?.message}
          />
        </div>
        <Controller
          control={form.control}
          name="photo"
          render={({ field }) => (
            <ImageField
              label="Foto"
              hint="Imagen JPG, PNG, GIF o WEBP de hasta 5 MB."
              currentUrl={saver.base?.photo ?? null}
              value={field.value}
              onChange={field.onChange}
              error={errors.photo?.message}
              removeLabel="Quitar foto"
              previewAlt="Vista previa de la foto"
              chooseLabel="Elegir foto"
            />
          )}
        />
        <div className="kit-form-grid">
          <TextField
            label="Orden"
            type="number"
            hint="Posición en el cuerpo docente: los números más bajos van primero."
            inputProps={{ step: 1, inputMode: 'numeric' }}
            registration={form.register('order', { valueAsNumber: true })}
            error={errors.order?.message}
          />
          <CheckboxField
            label="Activo"
            hint="Las biografías activas aparecen en el sitio público."
            registration={form.register('is_active')}
          />
        </div>
        <div className="kit-form-actions">
          <SubmitButton saving={saving}>{biography ? 'Guardar cambios' : 'Crear biografía'}</SubmitButton>
          <SaveAndContinueButton saving={saving} onSave={() => void saveAndContinue()} />
          <Link className="kit-button kit-button-secondary" to={paths.admin.biographies.getHref()}>
            Cancelar
          </Link>
        </div>
      </form>
    </>
  );
}
