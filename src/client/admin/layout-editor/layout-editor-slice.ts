import { createSlice } from '@reduxjs/toolkit';
import type { Layout } from '@/domain/entities';

/**
 * The publication form's row/cell layout while it is being edited (SPEC §4,
 * §5). The editor's actions arrive with the publication form; the slice is in
 * the store from the start so that its state has one home and one shape.
 */
export interface LayoutEditorState {
  rows: Layout;
}

const initialState: LayoutEditorState = { rows: [] };

export const layoutEditorSlice = createSlice({
  name: 'layoutEditor',
  initialState,
  reducers: {},
});
