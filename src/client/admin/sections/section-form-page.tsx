import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useCreateSectionMutation, useGetSectionQuery, useUpdateSectionMutation } from '@/client/api/sections';
import type { Section } from '@/domain/entities';
import { FIELD_LIMITS } from '@/domain/limits';
import { DEFAULT_LIST_ORDER, LIST_ORDER_LABELS, LIST_ORDERS, type ListOrder } from '@/domain/list-order';
import { messages } from '@/domain/messages';
import { validateSection } from '@/domain/validation';
import { CheckboxField } from '../kit/checkbox-field';
import { domainResolver } from '../kit/domain-resolver';
import { Field } from '../kit/field';
import { useNotices } from '../kit/notices';
import { arrivalAt } from '../kit/page-arrival';
import { KeptWorkNotices } from '../kit/kept-work-notices';
import { PageHeader } from '../kit/page-header';
import { PresenceBanner } from '../kit/presence-banner';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { SaveAndContinueButton } from '../kit/save-and-continue';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';
import { SaveFailureAlert, useVersionedSave } from '../kit/use-versioned-save';
import { useDocumentTitle } from '../kit/use-document-title';

interface SectionValues {
  title: string;
  is_active: boolean;
  list_order: ListOrder;
}

const valuesOf = (section?: Section): SectionValues => ({
  title: section?.title ?? '',
  is_active: section?.is_active ?? true,
  list_order: section?.list_order ?? DEFAULT_LIST_ORDER,
});

/** /admin/sections/new and /admin/sections/edit/{id} (requirements §2): the edit form waits for the section. */
export function SectionFormPage() {
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = parseId(rawId);
  useDocumentTitle(editing ? 'Editar sección' : 'Nueva sección');
  const query = useGetSectionQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });

  if (!editing) return <SectionForm />;
  return (
    <RecordGate
      id={id}
      query={query}
      missing={messages.sectionNotFoundDetail}
      back={{ to: paths.admin.sections.getHref(), label: 'Volver a Secciones' }}
    >
      {(section) => <SectionForm key={section.id} section={section} />}
    </RecordGate>
  );
}

/**
 * The section form: title (required, checked before any request), 'Visible'
 * and 'Orden de la lista' (docs/decisions/196). Editing sends back the order and version it loaded; when
 * someone else saved first, what was typed stays and the administrator
 * chooses (useVersionedSave).
 */
function SectionForm({ section }: { section?: Section }) {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [createSection] = useCreateSectionMutation();
  const [updateSection] = useUpdateSectionMutation();
  const form = useForm<SectionValues>({
    defaultValues: valuesOf(section),
    resolver: domainResolver<SectionValues>((values) => validateSection(values)),
  });
  const saver = useVersionedSave<Section, SectionValues>({
    form,
    record: section,
    fields: ['title', 'is_active', 'list_order'],
    failedMessage: messages.saveSectionFailed,
    send: (values, base, saveKey) =>
      base
        ? updateSection({ id: base.id, ...values, order: base.order, version: base.version, saveKey })
        : createSection({ ...values, saveKey }),
    editHref: (saved) => paths.admin.sectionEdit.getHref(saved.id),
    draft: { kind: 'section' },
    onSaved: (saved, values) => {
      notify(`Sección «${saved?.title ?? values.title}» guardada`);
      // Back on the list with the keyboard on the saved row.
      void navigate(paths.admin.sections.getHref(), { state: arrivalAt(saved?.id) });
    },
    valuesOf,
  });
  const { saving } = saver;
  const saveAndContinue = form.handleSubmit((values) => saver.save(values, { stay: true }));

  return (
    <>
      <PageHeader title={section ? 'Editar Sección' : 'Nueva Sección'}>{section && <p>{section.title}</p>}</PageHeader>
      <PresenceBanner kind="section" id={section?.id} version={saver.base?.version} />
      <KeptWorkNotices work={saver.work} kind="section" />
      <form className="kit-form admin-card" noValidate onSubmit={(event) => void form.handleSubmit((values) => saver.save(values))(event)}>
        <SaveFailureAlert save={saver} busy={saving} />
        <TextField
          label="Título"
          required
          maxLength={FIELD_LIMITS.sectionTitle}
          registration={form.register('title')}
          error={form.formState.errors.title?.message}
        />
        <CheckboxField
          label="Visible"
          hint="Las secciones visibles aparecen en el sitio público."
          registration={form.register('is_active')}
        />
        <Field
          label="Orden de la lista"
          hint="Cómo se ordenan sus publicaciones en el sitio público."
          error={form.formState.errors.list_order?.message}
        >
          {(control) => (
            <select className="kit-input" {...control} {...form.register('list_order')}>
              {LIST_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {LIST_ORDER_LABELS[order]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="kit-form-actions">
          <SubmitButton saving={saving}>{section ? 'Guardar cambios' : 'Crear sección'}</SubmitButton>
          <SaveAndContinueButton saving={saving} onSave={() => void saveAndContinue()} />
          <Link className="kit-button kit-button-secondary" to={paths.admin.sections.getHref()}>
            Cancelar
          </Link>
        </div>
      </form>
    </>
  );
}
