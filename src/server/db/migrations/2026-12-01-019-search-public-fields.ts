import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in what it changes: on PostgreSQL each entry of the public search's
// index carries what the public rule reads of its publication (status,
// publish_date, section_id), so that a search's matches are filtered in the
// rows the GIN index points at, with no join to the publications, and the GIN
// indexes hold the published entries alone
// (docs/decisions/218-search-on-postgresql-in-one-statement.md).
//
// Kept by the database itself, so that no write path can forget them: a
// trigger fills them from the publication when an entry is written (the
// repository's upsert, a rebuild, a restore), and another copies them when a
// publication's status, date or section changes (an edit, a bulk action, the
// editorial workflow). The date is a date here, not the publications' text:
// compared and sorted as a number, where text goes through the collation
// (6 ms against 3.5 for a common word's 4,545 matches at 10,000). SQLite's
// search reads the publications' covering index and needs none of this.
// The triggers' functions name the tables as the site's schema has them
// (`set search_path from current`), whoever writes and from whatever session.
// `create or replace`: a restore drops the schema's tables, not its
// functions, before it runs the migrations again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table publication_search
    add column status varchar(16), add column publish_date date, add column section_id integer`.execute(db);
  // A publication's date is a real calendar date (domain/validation.ts isIsoDate), which PostgreSQL
  // takes, but for the year 0000, which it has not: such a date is older than any other, as its text is.
  await sql`create or replace function publication_search_date(value varchar) returns date language sql immutable as $$
    select case when value like '0000-%' then '-infinity'::date else value::date end $$`.execute(db);
  await sql`update publication_search s
    set status = p.status, publish_date = publication_search_date(p.publish_date), section_id = p.section_id
    from publications p where p.id = s.publication_id`.execute(db);
  await sql`create or replace function publication_search_fill_public() returns trigger language plpgsql
    set search_path from current as $$
    begin
      select status, publication_search_date(publish_date), section_id into new.status, new.publish_date, new.section_id
        from publications where id = new.publication_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger publication_search_fill_public before insert or update of title_tokens, body_tokens, publication_id
    on publication_search for each row execute function publication_search_fill_public()`.execute(db);
  // Only what is published can be found: the GIN indexes leave the rest out, so a common word's posting
  // list, and the rows read through it, are those of the published publications alone.
  await sql`drop index publication_search_vector`.execute(db);
  await sql`drop index publication_search_title_vector`.execute(db);
  await sql`create index publication_search_vector on publication_search
    using gin (to_tsvector('simple', title_tokens || ' ' || body_tokens)) where status = 'published'`.execute(db);
  await sql`create index publication_search_title_vector on publication_search
    using gin (to_tsvector('simple', title_tokens)) where status = 'published'`.execute(db);
  await sql`create or replace function publication_search_follow_publication() returns trigger language plpgsql
    set search_path from current as $$
    begin
      update publication_search set status = new.status, publish_date = publication_search_date(new.publish_date), section_id = new.section_id
        where publication_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger publication_search_follow_publication after update of status, publish_date, section_id
    on publications for each row
    when (old.status is distinct from new.status or old.publish_date is distinct from new.publish_date
      or old.section_id is distinct from new.section_id)
    execute function publication_search_follow_publication()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger publication_search_follow_publication on publications`.execute(db);
  await sql`drop function publication_search_follow_publication()`.execute(db);
  await sql`drop trigger publication_search_fill_public on publication_search`.execute(db);
  await sql`drop function publication_search_fill_public()`.execute(db);
  await sql`drop function publication_search_date(varchar)`.execute(db);
  await sql`drop index publication_search_vector`.execute(db);
  await sql`drop index publication_search_title_vector`.execute(db);
  await sql`alter table publication_search drop column status, drop column publish_date, drop column section_id`.execute(db);
  await sql`create index publication_search_vector on publication_search
    using gin (to_tsvector('simple', title_tokens || ' ' || body_tokens))`.execute(db);
  await sql`create index publication_search_title_vector on publication_search
    using gin (to_tsvector('simple', title_tokens))`.execute(db);
}
