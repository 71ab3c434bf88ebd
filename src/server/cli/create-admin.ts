import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ADMIN_OUTCOME, ensureAdmin } from '../auth/ensure-admin';

// npm run create-admin -- --username U --password P
// Creates a staff administrator, or sets the password of an existing one.
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });
  if (!values.username || !values.password) {
    console.error('Uso: npm run create-admin -- --username USUARIO --password CONTRASEÑA');
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const outcome = await ensureAdmin(db, values.username, values.password);
    console.info(`Administrador "${values.username}" ${ADMIN_OUTCOME[outcome]}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
