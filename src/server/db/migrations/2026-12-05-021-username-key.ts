import { sql, type Kysely } from 'kysely';
import { usernameKey } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { nowIso } from '../../clock';

/** The size of users.username (varchar(150)): a new name must fit it on PostgreSQL. */
const USERNAME_COLUMN_SIZE = 150;

interface Account {
  id: number;
  username: string;
}

/**
 * A name for `account` whose key no other account has: the name with '-<id>'
 * appended, as migration 012 did, and '-<id>-<n>' if even that is taken;
 * shortened first when the result would not fit the column.
 */
function freeName(account: Account, taken: Set<string>): string {
  const withSuffix = (suffix: string) => [...account.username].slice(0, USERNAME_COLUMN_SIZE - [...suffix].length).join('') + suffix;
  let name = withSuffix(`-${account.id}`);
  for (let n = 2; taken.has(usernameKey(name)); n++) name = withSuffix(`-${account.id}-${n}`);
  return name;
}

// Frozen: usernames are one in any case on both databases. users.username_key
// holds usernameKey(username) (src/domain/accounts.ts: NFC, then lower case,
// all of Unicode), computed here for every row and written by the users
// repository with every username; it is unique and replaces the index on
// lower(username) (migration 012), which on SQLite folded ASCII only: there
// 'Ñandu' and 'ñandu' could be two accounts, and 'Álvaro' could not sign in.
// Should two accounts already share a key (that, or an accent written as a
// letter and a mark on either database), the later one (higher id) is renamed
// as migration 012 renamed its own, '<username>-<id>', so that the index can
// exist and nobody loses an account; each rename is logged and written to
// Actividad ('account_rename'). The migration never stops on such names: a
// stopped migration would keep an upgraded site, or the restore of an older
// backup, from starting (docs/decisions/227-one-key-per-username.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const renamed: { account: Account; to: string; kept: Account }[] = [];
  // One transaction: PostgreSQL's migrations run in one already; SQLite's do not.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const work = async (trx: Kysely<any>) => {
    // Text, not varchar(150): a lower case can be longer than its name ('İ' is two code points in lower case).
    await trx.schema
      .alterTable('users')
      .addColumn('username_key', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    // Gone before any rename: the new names are checked against the keys, not against lower().
    // (A restore drops it already before the rows of an older archive go in: backup/restore.ts.)
    await trx.schema.dropIndex('users_username_lower').ifExists().execute();
    const accounts: Account[] = await trx.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    // Every name's key is taken before any rename: a new name never takes an existing account's.
    const taken = new Set(accounts.map((account) => usernameKey(account.username)));
    const owners = new Map<string, Account>();
    const at = nowIso();
    for (const account of accounts) {
      const key = usernameKey(account.username);
      const owner = owners.get(key);
      if (!owner) {
        owners.set(key, account);
        await trx.updateTable('users').set({ username_key: key }).where('id', '=', account.id).execute();
        continue;
      }
      const to = freeName(account, taken);
      taken.add(usernameKey(to));
      await trx
        .updateTable('users')
        .set({ username: to, username_key: usernameKey(to) })
        .where('id', '=', account.id)
        .execute();
      await trx
        .insertInto('activity')
        .values({
          at,
          user_id: null,
          username: null,
          action: 'account_rename',
          target_kind: 'user',
          target_id: account.id,
          target_label: messages.usernameRenamedLabel(account.username, to),
          ip: null,
        })
        .execute();
      renamed.push({ account, to, kept: owner });
    }
    // Not users_username_key: on PostgreSQL that is the first schema's unique constraint on username.
    await trx.schema.createIndex('users_username_key_unique').unique().on('users').column('username_key').execute();
  };
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
  for (const { account, to, kept } of renamed) console.warn(messages.usernameRenamed(account.username, account.id, to, kept.username));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_key_unique').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
  await db.schema
    .createIndex('users_username_lower')
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute();
}
