import './kit.css';
import './data-table.css';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableProvided,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { customProperties } from '@/client/ui/custom-properties';
import { focusIsLost, focusPageHeading, focusRowAt, tableRows } from './focus-targets';

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** A CSS grid track for the column: '3fr', '7rem', 'minmax(0, 2fr)'. Default: 'minmax(0, 1fr)'. */
  width?: string;
  /** The row's name: shown larger when the table turns into cards on a phone. */
  primary?: boolean;
  /** A picture (photo, image): on a phone it sits beside the name, without its column name. */
  media?: boolean;
  /** The header is said to screen readers only: a narrow column whose cells say what they are (a checkbox). */
  hideHeader?: boolean;
  /** The key the list is sorted by when this column's header is pressed (DataTable's `sort`). */
  sortKey?: string;
}

export interface SortOptions {
  /** The column the list is sorted by (its `sortKey`) and in which direction; null: the list's own order. */
  current: { key: string; descending: boolean } | null;
  /** A sortable header was pressed: the page chooses the next order (and asks the server for it). */
  onSort: (key: string) => void;
}

export type TableLayout = 'table' | 'cards';

export interface ReorderOptions<T> {
  /** Moves the item at `from` to `to` (zero-based): give it to useReorder's `move`. */
  onMove: (from: number, to: number) => void;
  /** How a row is named in the buttons and announcements: the title or the name. */
  label: (item: T) => string;
  /**
   * For a list the server pages (the items are one page): where they sit in
   * the whole list. 'Subir' on the first row and 'Bajar' on the last then stay
   * enabled while rows lie beyond, and call onMove with -1 or items.length;
   * positions are announced in the whole list.
   */
  range?: { offset: number; total: number };
}

export interface DataTableProps<T extends { id: number }> {
  /** The table's accessible name, e.g. 'Secciones'. */
  caption: string;
  items: readonly T[];
  /** Keep them stable (useMemo): rows are memoised, which keeps 1,000 rows smooth. */
  columns: readonly Column<T>[];
  /** The row's buttons and links (RowActions); header 'Acciones'. */
  actions?: (item: T) => ReactNode;
  /** Width of the actions column; the default fits RowActions' three buttons. */
  actionsWidth?: string;
  /** Makes rows reorderable: a drag handle (mouse, touch, keyboard) and 'Subir' / 'Bajar' buttons. */
  reorder?: ReorderOptions<T>;
  /**
   * Rows per page; longer lists get 'Anterior' / 'Siguiente'. Moves still
   * work on the whole list ('Subir' on a page's first row takes it to the
   * previous page, and the table follows it). Default: every row on one page.
   */
  pageSize?: number;
  /**
   * The table's width, in CSS pixels, below which its rows become cards (each
   * cell with its column's name): where its columns would break words. 600 by
   * default (a phone); a list of many columns asks more.
   */
  cardsBelow?: number;
  /**
   * Headers of columns with a `sortKey` become buttons, each header saying
   * with `aria-sort` whether the list is sorted by it. A sorted list should
   * not be given `reorder`: its positions are not the list's own.
   */
  sort?: SortOptions;
  /** Told the layout chosen (before the first paint) and each change: a page may show controls for cards only. */
  onLayoutChange?: (layout: TableLayout) => void;
  /**
   * Many columns in little room: narrower gaps and padding, 'Subir' and
   * 'Bajar' as arrows (their names unchanged), small row actions.
   */
  dense?: boolean;
}

const INSTRUCTIONS =
  'Para mover esta fila, pulse la barra espaciadora. Use las flechas arriba y abajo para cambiar su posición, la barra espaciadora de nuevo para soltarla o Escape para cancelar.';

const position = (index: number, count: number) => `posición ${index + 1} de ${count}`;

/**
 * The admin list table. Where it has room it is a table; narrower than
 * `cardsBelow` each row becomes a card whose cells carry their column name,
 * with every action reachable. It is built on ARIA table roles rather than <table> so a row can
 * be dragged as one piece (a lifted <tr> loses its column widths).
 *
 * With `reorder`, each row gets a visible drag handle (@hello-pangea/dnd:
 * mouse, touch, and keyboard: space lifts, arrows move one row, space drops,
 * Escape cancels, all announced in Spanish) and 'Subir' / 'Bajar' buttons for
 * people who cannot drag (WCAG 2.5.7). Both call `reorder.onMove`.
 *
 *   <DataTable caption="Secciones" items={sections} columns={columns}
 *     actions={(s) => <RowActions ... />} reorder={{ onMove: move, label: (s) => s.title }} />
 */
export function DataTable<T extends { id: number }>({
  caption,
  items,
  columns,
  actions,
  actionsWidth = '12.75rem',
  reorder,
  pageSize,
  cardsBelow = 600,
  sort,
  onLayoutChange,
  dense = false,
}: DataTableProps<T>) {
  const [announcement, setAnnouncement] = useState('');
  const [wantedPage, setPage] = useState(0);
  const perPage = pageSize ?? Math.max(items.length, 1);
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const page = Math.min(wantedPage, pageCount - 1);
  const start = page * perPage;
  const shown = items.slice(start, start + perPage);
  const body = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLDivElement>(null);
  // After a 'Subir' / 'Bajar' press, focus stays on the moved row's button.
  const focusAfterMove = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);

  // Fixed and fractional tracks only, so that the header and every row (even a lifted one) line up.
  const template = [reorder && (dense ? '3.75rem' : '7.25rem'), ...columns.map((c) => c.width ?? 'minmax(0, 1fr)'), actions && actionsWidth]
    .filter(Boolean)
    .join(' ');
  const style = customProperties({ '--kit-table-columns': template });

  const labelOf = (index: number) => (reorder && items[index] ? reorder.label(items[index]) : '');

  // Where the items sit in the whole list: a list the server pages shows one page of it.
  const offset = reorder?.range?.offset ?? 0;
  const total = reorder?.range?.total ?? items.length;

  // Stable for the rows (they are memoised), reading the latest options and count.
  const latest = useRef({ reorder, count: items.length, perPage, offset, total });
  useLayoutEffect(() => {
    latest.current = { reorder, count: items.length, perPage, offset, total };
  }, [reorder, items.length, perPage, offset, total]);
  const moveByButton = useCallback((item: T, from: number, direction: 'up' | 'down') => {
    const { reorder: options, count, perPage: size, offset: first, total: all } = latest.current;
    if (!options) return;
    const to = direction === 'up' ? from - 1 : from + 1;
    focusAfterMove.current = { id: item.id, direction };
    options.onMove(from, to);
    // A row that crosses a page edge takes the table with it (a list the server pages follows it by its address).
    if (to >= 0 && to < count) setPage(Math.floor(to / size));
    setAnnouncement(`${options.label(item)}: ahora en la ${position(first + to, all)}.`);
  }, []);

  // Until the moved row is on screen: a row that crossed to a page the server
  // holds shows only once that page is there.
  useLayoutEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending || !body.current) return;
    const row = body.current.querySelector(`[data-row-id="${pending.id}"]`);
    if (!row) return;
    focusAfterMove.current = null;
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${pending.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${pending.direction === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [items]);

  // Cards or table by the table's own width (the side navigation takes its share of the screen), before the first paint.
  const [cards, setCards] = useState(false);
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const fit = () => setCards(element.getBoundingClientRect().width < cardsBelow);
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [cardsBelow]);
  const layoutListener = useRef(onLayoutChange);
  useLayoutEffect(() => {
    layoutListener.current = onLayoutChange;
  }, [onLayoutChange]);
  useLayoutEffect(() => layoutListener.current?.(cards ? 'cards' : 'table'), [cards]);

  // The row the keyboard was last in, while it is there. When that row leaves
  // the list (deleted, restored from the trash) and takes the focus with it,
  // the keyboard goes to the row now in its place, or to the page's heading.
  const focusedRow = useRef<{ id: number; index: number } | null>(null);
  const onFocusIn = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-row-id]') : null;
    if (!row || !table.current) return;
    focusedRow.current = { id: Number(row.dataset.rowId), index: tableRows(table.current).indexOf(row) };
  };
  const onFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    // Focus taken elsewhere on purpose (a dialog, another field); a row removed or a button disabled gives no next target.
    if (event.relatedTarget && !table.current?.contains(event.relatedTarget)) focusedRow.current = null;
  };
  useLayoutEffect(() => {
    const last = focusedRow.current;
    if (!last || shown.some((item) => item.id === last.id)) return;
    focusedRow.current = null;
    if (focusIsLost()) focusRowAt(table.current, last.index);
  });
  useEffect(
    () => () => {
      // The table itself gone with the focus in it (its last row left): the page's heading.
      if (focusedRow.current) requestAnimationFrame(() => focusIsLost() && focusPageHeading());
    },
    [],
  );

  // Drag positions are within the page shown; moves and announcements use the whole list's.
  const onDragStart = (drag: DragStart, provided: ResponderProvided) =>
    provided.announce(`Ha levantado ${labelOf(start + drag.source.index)}, en la ${position(offset + start + drag.source.index, total)}.`);
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) =>
    provided.announce(
      update.destination
        ? `Ahora en la ${position(offset + start + update.destination.index, total)}.`
        : 'Fuera de la lista: al soltar no cambiará nada.',
    );
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const from = start + result.source.index;
    const label = labelOf(from);
    if (result.reason === 'CANCEL' || !result.destination) {
      provided.announce(`Movimiento cancelado. ${label} sigue en la ${position(offset + from, total)}.`);
      return;
    }
    const to = start + result.destination.index;
    provided.announce(`Ha soltado ${label} en la ${position(offset + to, total)}.`);
    if (to !== from) reorder?.onMove(from, to);
  };

  const header = (
    <div className="kit-table-head" role="rowgroup">
      <div className="kit-table-row kit-table-header-row" role="row">
        {reorder && (
          <div role="columnheader" className="kit-table-cell">
            <span className="visually-hidden">Orden</span>
          </div>
        )}
        {columns.map((column) => (
          <HeaderCell key={column.header} column={column} sort={sort} cards={cards} />
        ))}
        {actions && (
          <div role="columnheader" className="kit-table-cell kit-table-actions-header">
            Acciones
          </div>
        )}
      </div>
    </div>
  );

  const rowProps = { columns, actions, offset, count: total, label: reorder?.label, onMoveButton: reorder ? moveByButton : undefined };

  return (
    <>
      <div
        ref={table}
        className="kit-table"
        role="table"
        aria-label={caption}
        aria-rowcount={total + 1}
        data-layout={cards ? 'cards' : 'table'}
        data-density={dense ? 'dense' : undefined}
        style={style}
        onFocus={onFocusIn}
        onBlur={onFocusOut}
      >
        {header}
        {reorder ? (
          <DragDropContext
            onDragStart={onDragStart}
            onDragUpdate={onDragUpdate}
            onDragEnd={onDragEnd}
            dragHandleUsageInstructions={INSTRUCTIONS}
          >
            <Droppable droppableId={caption}>
              {(provided) => (
                <div
                  role="rowgroup"
                  className="kit-table-body"
                  ref={(element) => {
                    provided.innerRef(element);
                    body.current = element;
                  }}
                  {...provided.droppableProps}
                >
                  {shown.map((item, index) => (
                    <Draggable key={item.id} draggableId={String(item.id)} index={index}>
                      {(draggable, snapshot) => (
                        <Row item={item} index={start + index} draggable={draggable} dragging={snapshot.isDragging} {...rowProps} />
                      )}
                    </Draggable>
                  ))}
                  {provided.placeholder}
                </div>
              )}
            </Droppable>
          </DragDropContext>
        ) : (
          <div role="rowgroup" className="kit-table-body" ref={body}>
            {shown.map((item, index) => (
              <Row key={item.id} item={item} index={start + index} {...rowProps} />
            ))}
          </div>
        )}
      </div>
      {pageCount > 1 && (
        <nav className="kit-pager" aria-label={`Páginas de ${caption}`}>
          <button
            type="button"
            className="kit-button kit-button-secondary kit-button-small"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            Anterior
          </button>
          <p aria-live="polite">
            Página {page + 1} de {pageCount} · filas {start + 1}–{start + shown.length} de {items.length}
          </p>
          <button
            type="button"
            className="kit-button kit-button-secondary kit-button-small"
            disabled={page === pageCount - 1}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </button>
        </nav>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * A column's header: its name, or, for a column that sorts the list, a button with an arrow
 * saying the direction, the header carrying `aria-sort`. The headers of cards are read, not seen:
 * their buttons stay out of the tab order there (the page offers another way to sort).
 */
function HeaderCell<T>({ column, sort, cards }: { column: Column<T>; sort?: SortOptions; cards: boolean }) {
  const name = column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header;
  if (!sort || column.sortKey === undefined) {
    return (
      <div role="columnheader" className="kit-table-cell">
        {name}
      </div>
    );
  }
  const key = column.sortKey;
  const sorted = sort.current?.key === key ? sort.current : null;
  return (
    <div role="columnheader" className="kit-table-cell" aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="kit-sort-button"
        data-sort-key={key}
        data-sorted={sorted ? 'true' : undefined}
        tabIndex={cards ? -1 : undefined}
        onClick={() => sort.onSort(key)}
      >
        {name}
        <span className="kit-sort-mark" aria-hidden="true">
          {sorted ? (sorted.descending ? '↓' : '↑') : '↕'}
        </span>
      </button>
    </div>
  );
}

interface RowProps<T extends { id: number }> {
  item: T;
  index: number;
  /** Rows of the whole list before the items given (a list the server pages). */
  offset: number;
  count: number;
  columns: readonly Column<T>[];
  actions?: (item: T) => ReactNode;
  label?: (item: T) => string;
  draggable?: DraggableProvided;
  dragging?: boolean;
  onMoveButton?: (item: T, from: number, direction: 'up' | 'down') => void;
}

function RowView<T extends { id: number }>({
  item,
  index,
  offset,
  count,
  columns,
  actions,
  label,
  draggable,
  dragging,
  onMoveButton,
}: RowProps<T>) {
  const name = label?.(item) ?? '';
  return (
    <div
      role="row"
      aria-rowindex={offset + index + 2}
      className="kit-table-row"
      data-row-id={item.id}
      data-dragging={dragging || undefined}
      ref={draggable?.innerRef}
      {...draggable?.draggableProps}
    >
      {draggable && (
        <div role="cell" className="kit-table-cell kit-table-handle-cell">
          <span className="kit-drag-handle" {...draggable.dragHandleProps} aria-label={`Arrastrar para reordenar: ${name}`}>
            <svg viewBox="0 0 12 20" width="12" height="20" aria-hidden="true" focusable="false">
              {[3, 9].flatMap((x) => [4, 10, 16].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.75" fill="currentColor" />))}
            </svg>
          </span>
          {onMoveButton && (
            <span className="kit-move-buttons">
              <button
                type="button"
                className="kit-move-button"
                data-move="up"
                aria-label={`Subir ${name}`}
                disabled={offset + index === 0}
                onClick={() => onMoveButton(item, index, 'up')}
              >
                <span aria-hidden="true">↑</span> <span className="kit-move-word">Subir</span>
              </button>
              <button
                type="button"
                className="kit-move-button"
                data-move="down"
                aria-label={`Bajar ${name}`}
                disabled={offset + index === count - 1}
                onClick={() => onMoveButton(item, index, 'down')}
              >
                <span aria-hidden="true">↓</span> <span className="kit-move-word">Bajar</span>
              </button>
            </span>
          )}
        </div>
      )}
      {columns.map((column) => (
        <div
          key={column.header}
          role="cell"
          className={['kit-table-cell', column.primary && 'kit-table-primary', column.media && 'kit-table-media'].filter(Boolean).join(' ')}
          data-label={column.media ? undefined : column.header}
        >
          {column.cell(item)}
        </div>
      ))}
      {actions && (
        <div role="cell" className="kit-table-cell kit-table-actions">
          {actions(item)}
        </div>
      )}
    </div>
  );
}

// Rows re-render only when their own props change: a move in a 1,000-row list stays cheap.
const Row = memo(RowView) as typeof RowView;
