import type { Kysely } from 'kysely';

// Frozen: a refresh token's row keeps what its signature covers besides its
// jti, user and expiry (the issue time and the session version it carries),
// and a rotated token's row names the token its rotation issued, so that the
// rotated token sent again within the rotation's grace is answered with that
// very token, signed again from its row, by any instance
// (docs/decisions/213-a-rotated-token-within-the-grace-answers-its-successor.md). Rows written before have none
// of them: their rotated tokens are refused within the grace, as they were.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('issued_at', 'bigint').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('session_version', 'integer').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('successor', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['successor', 'session_version', 'issued_at']) {
    await db.schema.alterTable('refresh_tokens').dropColumn(column).execute();
  }
}
