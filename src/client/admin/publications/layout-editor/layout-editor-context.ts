import { createContext, useContext } from 'react';
import type { CellType } from '@/domain/entities';

/** The names of the cell types, as the 'Tipo' select and the messages say them. */
export const TYPE_LABELS: Record<CellType, string> = { text: 'Texto', image: 'Imagen', video: 'Vídeo', document: 'Documento' };

/** The ids of the editor, a row's and a cell's elements: where the error summary's links take the keyboard. */
export const EDITOR_ID = 'layout-editor';
export const rowElementId = (rowId: string) => `layout-row-box-${rowId}`;
export const cellElementId = (cellId: string) => `layout-cell-${cellId}`;

/**
 * What cells ask of the editor: a type change goes through it, so that one
 * confirmation dialog serves them all and the change is announced.
 */
export interface CellCommands {
  changeType: (cellId: string, type: CellType) => void;
  /** Makes a move by a row's or a cell's buttons (`apply` dispatches it) and says it, as a drop of it is said. */
  move: (apply: () => void, moved: { type: 'row' | 'cell'; id: string }) => void;
}

export const CellCommandsContext = createContext<CellCommands>({ changeType: () => {}, move: (apply) => apply() });
export const useCellCommands = () => useContext(CellCommandsContext);
