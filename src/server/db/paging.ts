/** A window of rows; undefined means every row. */
export interface Window {
  limit: number;
  offset: number;
}

export interface Slice<T> {
  rows: T[];
  count: number;
}

/** COUNT(*) comes back as a string from PostgreSQL and a number from SQLite. */
export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
