import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { useAppDispatch } from '@/client/app/hooks';
import { sectionsApi, useDeleteSectionMutation, useListSectionsQuery, useReorderSectionsMutation } from '@/client/api/sections';
import type { Section } from '@/domain/entities';
import { confirmDelete } from '@/domain/messages';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { tellDeleteFailure } from '../kit/delete-failure';
import { DataTable, type Column } from '../kit/data-table';
import { EmptyState, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { useIsAdministrator } from '../kit/permissions';
import { RowActions } from '../kit/row-actions';
import { useReorder } from '../kit/use-reorder';
import { useDocumentTitle } from '../kit/use-document-title';
import { SectionStatusBadge } from '../kit/section-details';
import { isRecord } from '@/domain/guards';

const publicationCount = (count: number) => `${count} ${count === 1 ? 'publicación' : 'publicaciones'}`;
/** 'su publicación' for one, 'sus 3 publicaciones' for more: 'Eliminar con su publicación'. */
const itsPublications = (count: number) => (count === 1 ? 'su publicación' : `sus ${count} publicaciones`);

/** The count a refused delete gives when the section still holds publications (409 `publication_count`). */
function publicationsHeld(error: unknown): number | undefined {
  if (!isRecord(error) || error.status !== 409 || !isRecord(error.data)) return undefined;
  const count = error.data.publication_count;
  return typeof count === 'number' && count > 0 ? count : undefined;
}

/**
 * /admin/sections (requirements §2): the sections in their order, reorderable, with
 * view / edit / delete. A load failure shows an empty list (requirements §8) and a
 * quiet way to try again.
 */
export function SectionListPage() {
  useDocumentTitle('Secciones');
  const dispatch = useAppDispatch();
  const { notify } = useNotices();
  const { data, isLoading, isError, isFetching, refetch } = useListSectionsQuery();
  const [reorderSections] = useReorderSectionsMutation();
  const [deleteSection, { isLoading: deleting }] = useDeleteSectionMutation();
  const [target, setTarget] = useState<Section | null>(null);
  /** Set when the section turned out to hold publications: how many the administrator is asked to send with it. */
  const [withPublications, setWithPublications] = useState<number | null>(null);
  const sections = useMemo(() => (isError ? [] : (data ?? [])), [data, isError]);
  const move = useReorder(sections, reorderSections);
  // An Editor reads the sections; creating, editing, deleting and ordering them is an Administrador's.
  const manages = useIsAdministrator();

  const columns = useMemo<Column<Section>[]>(
    () => [
      {
        header: 'Título',
        width: 'minmax(0, 3fr)',
        primary: true,
        cell: (section) => <Link to={paths.admin.section.getHref(section.id)}>{section.title}</Link>,
      },
      {
        header: 'Estado',
        width: '8.5rem',
        cell: (section) => <SectionStatusBadge section={section} />,
      },
    ],
    [],
  );
  const actions = useMemo(
    () => (section: Section) =>
      manages ? (
        <RowActions
          label={section.title}
          viewTo={paths.admin.section.getHref(section.id)}
          editTo={paths.admin.sectionEdit.getHref(section.id)}
          onDelete={() => setTarget(section)}
        />
      ) : (
        <Link
          className="kit-button kit-button-small kit-button-quiet"
          to={paths.admin.section.getHref(section.id)}
          aria-label={`Ver ${section.title}`}
        >
          Ver
        </Link>
      ),
    [manages],
  );
  const reorder = useMemo(() => (manages ? { onMove: move, label: (section: Section) => section.title } : undefined), [move, manages]);

  const close = () => {
    setTarget(null);
    setWithPublications(null);
  };

  /**
   * To the trash. A section that holds publications is refused with their
   * count (DECISIONS "Editing safely"); the second question offers to send
   * them with it, confirming that very count, which the server checks again.
   */
  const remove = async () => {
    if (!target) return;
    const result = await deleteSection({ id: target.id, withPublications: withPublications ?? undefined });
    if ('error' in result) {
      const count = publicationsHeld(result.error);
      if (count !== undefined) {
        setWithPublications(count);
        return;
      }
      tellDeleteFailure(notify, 'section', result.error);
      close();
      return;
    }
    // The row leaves at once; the list is fetched again behind it.
    dispatch(sectionsApi.util.updateQueryData('listSections', undefined, (draft) => draft.filter((section) => section.id !== target.id)));
    notify(
      withPublications
        ? `Sección «${target.title}» y ${itsPublications(withPublications)} movidas a la Papelera`
        : `Sección «${target.title}» eliminada`,
    );
    close();
  };

  return (
    <>
      <PageHeader
        title="Secciones"
        action={
          manages && (
            <Link className="kit-button kit-button-primary" to={paths.admin.sectionNew.getHref()}>
              Nueva Sección
            </Link>
          )
        }
      >
        {manages && (
          <p>Ordene las secciones arrastrando la fila por su asa o con los botones Subir y Bajar; el orden se guarda al momento.</p>
        )}
      </PageHeader>
      {isLoading ? (
        <Loading />
      ) : sections.length === 0 ? (
        <EmptyState message="No hay secciones.">
          {isError && (
            <button type="button" className="kit-button kit-button-secondary" onClick={() => void refetch()} disabled={isFetching}>
              Reintentar
            </button>
          )}
        </EmptyState>
      ) : (
        <DataTable
          caption="Secciones"
          items={sections}
          columns={columns}
          actions={actions}
          actionsWidth={manages ? undefined : '5rem'}
          reorder={reorder}
        />
      )}
      <ConfirmDialog
        open={target !== null && withPublications === null}
        message={confirmDelete('sección')}
        detail={target?.title}
        note="La sección irá a la Papelera; desde allí podrá restaurarla."
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={close}
      />
      <ConfirmDialog
        open={target !== null && withPublications !== null}
        message={`La sección «${target?.title ?? ''}» contiene ${publicationCount(withPublications ?? 0)}.`}
        detail={
          withPublications === 1
            ? 'Pasará a la Papelera junto con la sección; desde allí podrá restaurarlas juntas.'
            : 'Pasarán a la Papelera junto con la sección; desde allí podrá restaurarlas todas juntas.'
        }
        confirmLabel={`Eliminar con ${itsPublications(withPublications ?? 0)}`}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={close}
      />
    </>
  );
}
