import { parseArgs } from 'node:util';
import { isRole, ROLE_LABELS } from '@/domain/accounts';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ADMIN_OUTCOME, createOrResetAccount, RefusedPasswordError } from '../auth/ensure-admin';

// npm run create-admin -- --username U --password P [--role editor]
// Creates an account (an Administrador unless --role editor), or sets the password of an existing one,
// ending its sessions.
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } } });
  const role = values.role ?? 'admin';
  if (!values.username || !values.password || !isRole(role)) {
    console.error('Uso: npm run create-admin -- --username USUARIO --password CONTRASEÑA [--role admin|editor]');
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const outcome = await createOrResetAccount(db, values.username, values.password, role);
    const label = outcome === 'created' ? ROLE_LABELS[role] : 'Usuario';
    console.info(`${label} "${values.username}" ${ADMIN_OUTCOME[outcome]}.`);
  } catch (error) {
    if (error instanceof RefusedPasswordError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
