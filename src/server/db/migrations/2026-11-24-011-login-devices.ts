import type { Kysely } from 'kysely';

// Frozen: a sign-in attempt says which browser it came from when that browser
// once signed in successfully as the username (a login-device cookie), so that
// such a browser keeps its own budget while unknown ones share the username's
// (docs/decisions/123-login-throttle-networks-and-known-devices.md). Null: an
// unknown device. The `ip` column now holds the client's network (an IPv6 /64).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_attempts').addColumn('device', 'varchar(64)').execute();
  await db.schema.createIndex('login_attempts_device').on('login_attempts').columns(['device', 'attempted_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_attempts_device').execute();
  await db.schema.alterTable('login_attempts').dropColumn('device').execute();
}
