/** The rows of one page: how many, from where. Where a caller passes none, every row. */
export interface RowRange {
  limit: number;
  offset: number;
}

export interface Slice<T> {
  rows: T[];
  count: number;
}

/** COUNT(*) comes back as a string from PostgreSQL and a number from SQLite. */
export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
