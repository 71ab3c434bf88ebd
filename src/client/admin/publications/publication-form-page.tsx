import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors as FormErrors } from 'react-hook-form';
import { schedulingNote } from '@/domain/publication-status';
import { FEATURED_HINT } from '@/domain/list-order';
import { useStore } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import type { RootState } from '@/client/app/store';
import { bringsImage, keepImage, type ImageChange } from '@/client/api/image-change';
import {
  useCreatePublicationMutation,
  useGetPublicationQuery,
  useUpdatePublicationMutation,
  type PublicationInput,
} from '@/client/api/publications';
import { useListSectionsQuery } from '@/client/api/sections';
import { PUBLICATION_STATUSES, type Layout, type Publication } from '@/domain/entities';
import { detectImageType } from '@/domain/images';
import { imagesWithoutAlt, untypedCells } from '@/domain/layout';
import { FIELD_LIMITS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { validatePublication } from '@/domain/validation';
import { KeptWorkNotices } from '../kit/kept-work-notices';
import { CheckboxField } from '../kit/checkbox-field';
import { domainResolver } from '../kit/domain-resolver';
import { Field } from '../kit/field';
import { CHECK_MARKED_FIELDS, invalidFormAlert } from '../kit/form-alert';
import { ImageField } from '../kit/image-field';
import { useNotices } from '../kit/notices';
import { arrivalAt } from '../kit/page-arrival';
import { PageHeader } from '../kit/page-header';
import { PresenceBanner } from '../kit/presence-banner';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { SaveAndContinueButton } from '../kit/save-and-continue';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';
import { SaveFailureAlert, useVersionedSave } from '../kit/use-versioned-save';
import { LayoutEditor, LayoutErrorLinks, takeLayoutErrors } from './layout-editor/layout-editor';
import { layoutEditorActions, selectEditedLayout } from './layout-editor/layout-editor-slice';
import { useDocumentTitle } from '../kit/use-document-title';
import { browserToday, PUBLICATION_STATUS_LABELS } from '../kit/publication-status';
import { PreviewButton } from './preview-button';
import { EVENT_FIELDS, EventPanel, eventBodyOf, eventErrors, eventValuesOf } from './event-panel';
import type { PublicationValues } from './publication-values';
import './publications.css';

const FIELDS = ['title', 'section_id', 'status', 'is_featured', 'publish_date', 'featured_image', ...EVENT_FIELDS] as const;

const valuesOf = (publication?: Publication): PublicationValues => ({
  title: publication?.title ?? '',
  section_id: publication ? String(publication.section_id ?? publication.section?.id ?? '') : '',
  // requirements §4: a new publication is a draft.
  status: publication?.status ?? 'draft',
  is_featured: publication?.is_featured ?? false,
  publish_date: publication?.publish_date?.slice(0, 10) ?? '',
  featured_image: keepImage,
  event: eventValuesOf(publication?.event),
});

/** The first bytes of a file, enough for its signature (src/domain/images.ts). */
function headOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array());
    // An unreadable file has no known signature: it is refused like any other.
    reader.onerror = () => resolve(new Uint8Array());
    reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

/** /admin/publications/new and /admin/publications/edit/{id}: 'Cargando...' until the publication is there, then the prefilled form. */
export function PublicationFormPage() {
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = parseId(rawId);
  useDocumentTitle(editing ? 'Editar publicación' : 'Nueva publicación');
  const query = useGetPublicationQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });

  if (!editing) return <PublicationForm />;
  return (
    <RecordGate
      id={id}
      query={query}
      missing={messages.publicationNotFound}
      back={{ to: paths.admin.publications.getHref(), label: 'Volver a Publicaciones' }}
    >
      {(publication) => <PublicationForm key={publication.id} publication={publication} />}
    </RecordGate>
  );
}

/**
 * The publication form (requirements §5): title and section required, status
 * (draft for a new one), featured flag, publish date required, featured image
 * required unless editing (JPG, PNG, GIF or WEBP by content, at most 5 MB),
 * and the layout editor, whose rows go as `layout` (a JSON string).
 */
function PublicationForm({ publication }: { publication?: Publication }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { notify } = useNotices();
  const sections = useListSectionsQuery();
  const [createPublication] = useCreatePublicationMutation();
  const [updatePublication] = useUpdatePublicationMutation();
  const editing = publication !== undefined;
  const form = useForm<PublicationValues>({
    defaultValues: valuesOf(publication),
    resolver: domainResolver((values: PublicationValues) => ({
      ...validatePublication({ ...values, hasFeaturedImage: bringsImage(values.featured_image) }, { editing }),
      ...eventErrors(values.event),
    })),
  });
  const { errors } = form.formState;
  const [savedLayout, setSavedLayout] = useState<Layout>(publication?.layout ?? []);
  // Publishing images that have no alternative text is allowed (the editor may know better), but said first:
  // a visitor with a screen reader would otherwise hear nothing of them.
  const chosenStatus = useWatch({ control: form.control, name: 'status' });
  const publishing = chosenStatus === 'published';
  // 'Se publicará el …' beside the date: the browser's calendar day stands for the site's here (the list and
  // the detail show the server's reading, in SITE_TIME_ZONE).
  const scheduling = schedulingNote(chosenStatus, useWatch({ control: form.control, name: 'publish_date' }), browserToday());
  const withoutAlt = useAppSelector((state) => imagesWithoutAlt(selectEditedLayout(state)));

  // The layout editor shows the saved rows: the publication's as opened (none for a new one), then a save's
  // own answer or a version loaded after a stale save. Never the cache's later copies of the publication (the
  // refetch every save sets off): one that lands after the editor has moved on would silently undo its edits.
  useEffect(() => {
    dispatch(layoutEditorActions.layoutLoaded(savedLayout));
  }, [dispatch, savedLayout]);

  const saver = useVersionedSave<Publication, PublicationValues>({
    form,
    record: publication,
    fields: FIELDS,
    failedMessage: messages.savePublicationFailed,
    send: async (values, base, saveKey) => {
      const input: PublicationInput = { ...values, event: eventBodyOf(values.event), layout: selectEditedLayout(store.getState()) };
      const result = await (base
        ? updatePublication({ id: base.id, ...input, version: base.version, saveKey })
        : createPublication({ ...input, saveKey }));
      // The layout's errors go on their cells, and into the error box as links to them.
      return takeLayoutErrors(result, dispatch);
    },
    editHref: (saved) => paths.admin.publicationEdit.getHref(saved.id),
    onSaved: (saved, values) => {
      notify(`Publicación «${saved?.title ?? values.title}» guardada`);
      // Back on the list with the keyboard on the saved row.
      void navigate(paths.admin.publications.getHref(), { state: arrivalAt(saved?.id) });
    },
    valuesOf,
    // The layout now matches this version (the editor loads it): only what changes from here is unsaved.
    onReloaded: (current) => setSavedLayout(current.layout ?? []),
    // The layout is kept in the draft with the fields.
    draft: {
      kind: 'publication',
      extra: {
        read: () => selectEditedLayout(store.getState()),
        subscribe: (onChange) => {
          let rows = selectEditedLayout(store.getState());
          return store.subscribe(() => {
            const now = selectEditedLayout(store.getState());
            if (now === rows) return;
            rows = now;
            onChange();
          });
        },
        restore: (layout) => dispatch(layoutEditorActions.layoutLoaded(Array.isArray(layout) ? (layout as Layout) : [])),
        initial: savedLayout,
      },
    },
  });

  // The banner fits the errors: requirements §5's 'complete todos los campos requeridos' only for a missing field.
  // A layout that still holds a cell without its type is not sent: those cells say so ('Elija el tipo de la
  // celda 1 de la fila 2'), and the error box links to them.
  const layoutIsReady = (): boolean => {
    if (untypedCells(selectEditedLayout(store.getState())).length === 0) return true;
    dispatch(layoutEditorActions.untypedCellsFound());
    return false;
  };
  const invalid = (found: FormErrors<PublicationValues>) => {
    layoutIsReady();
    saver.setFailure(invalidFormAlert(found));
  };
  const submit = (options?: { stay: boolean }) =>
    form.handleSubmit(
      (values) => (layoutIsReady() ? saver.save(values, options) : saver.setFailure({ message: CHECK_MARKED_FIELDS, details: [] })),
      invalid,
    );
  const { saving } = saver;
  const saveAndContinue = submit({ stay: true });

  /** The kit checks the declared type and size; the bytes are checked here, as the server will. */
  const chooseImage = async (change: ImageChange, apply: (change: ImageChange) => void) => {
    if (change.kind === 'replace' && detectImageType(await headOf(change.file)) === null) {
      form.setError('featured_image', { type: 'validate', message: messages.imageTypeNotAllowed });
      return;
    }
    form.clearErrors('featured_image');
    apply(change);
  };

  return (
    <>
      <PageHeader title={publication ? 'Editar Publicación' : 'Nueva Publicación'}>{publication && <p>{publication.title}</p>}</PageHeader>
      <PresenceBanner kind="publication" id={publication?.id} version={saver.base?.version} />
      <KeptWorkNotices work={saver.work} kind="publication" />
      <form className="kit-form admin-card publication-form" noValidate onSubmit={(event) => void submit()(event)}>
        <SaveFailureAlert save={saver} busy={saving}>
          <LayoutErrorLinks />
        </SaveFailureAlert>
        <TextField
          label="Título"
          required
          maxLength={FIELD_LIMITS.publicationTitle}
          registration={form.register('title')}
          error={errors.title?.message}
        />
        <div className="kit-form-grid">
          <Field
            label="Sección"
            required
            error={errors.section_id?.message ?? (sections.isError ? messages.loadSectionsFailed : undefined)}
          >
            {(control) => (
              // Controlled: the sections arrive after the form, and the publication's own
              // section must be selected when its option appears (an uncontrolled select
              // would keep showing, and then send, the empty choice).
              <Controller
                control={form.control}
                name="section_id"
                render={({ field }) => (
                  <select className="kit-input" {...control} {...field}>
                    <option value="">Seleccione una sección</option>
                    {(sections.data ?? []).map((section) => (
                      <option key={section.id} value={String(section.id)}>
                        {section.title}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </Field>
          <Field label="Estado" error={errors.status?.message}>
            {(control) => (
              <select className="kit-input" {...control} {...form.register('status')}>
                {PUBLICATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {PUBLICATION_STATUS_LABELS[status].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Fecha de publicación" required error={errors.publish_date?.message} status={scheduling ?? undefined}>
            {(control) => <input className="kit-input" type="date" {...control} {...form.register('publish_date')} />}
          </Field>
          <CheckboxField label="Destacado" hint={FEATURED_HINT} registration={form.register('is_featured')} />
        </div>
        <Controller
          control={form.control}
          name="featured_image"
          render={({ field }) => (
            <ImageField
              label="Imagen destacada"
              hint={
                editing
                  ? 'Imagen JPG, PNG, GIF o WEBP de hasta 5 MB; sin elegir otra se conserva la actual.'
                  : 'Obligatoria. Imagen JPG, PNG, GIF o WEBP de hasta 5 MB.'
              }
              currentUrl={saver.base?.featured_image ?? null}
              value={field.value}
              onChange={(change) => void chooseImage(change, field.onChange)}
              error={errors.featured_image?.message}
              removeLabel="Quitar imagen"
              previewAlt="Vista previa de la imagen destacada"
              chooseLabel="Elegir imagen"
            />
          )}
        />
        <EventPanel control={form.control} register={form.register} errors={errors.event} />
        <div className="publication-form-layout">
          <LayoutEditor publicationId={saver.base?.id} />
        </div>
        {publishing && withoutAlt > 0 && (
          <p className="kit-warning" role="status">
            {withoutAlt === 1
              ? 'Una imagen del diseño no tiene texto alternativo: descríbala para quien no puede verla antes de publicar.'
              : `${withoutAlt} imágenes del diseño no tienen texto alternativo: descríbalas para quien no puede verlas antes de publicar.`}
          </p>
        )}
        <div className="kit-form-actions">
          <SubmitButton saving={saving}>{publication ? 'Guardar cambios' : 'Crear publicación'}</SubmitButton>
          <SaveAndContinueButton saving={saving} onSave={() => void saveAndContinue()} />
          <PreviewButton form={form} publication={saver.base} />
          <Link className="kit-button kit-button-secondary" to={paths.admin.publications.getHref()}>
            Cancelar
          </Link>
        </div>
      </form>
    </>
  );
}
