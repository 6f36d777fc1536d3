import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search over articles (docs/decisions/013-article-search.md).
 *
 * - `search_english`: the `english` configuration, with `unaccent` in front of the stemmer where
 *   the extension is available (PostgreSQL contrib; PGlite when the ORM passes it in). Without it
 *   search works the same except that accents must be typed.
 * - `search_spelling(text)`: British/Australian spellings rewritten to one (American) spelling,
 *   applied to documents in the generated column and to queries in `search_query(text)`, so
 *   "organisation" and "organization" find each other both ways.
 * - `article.search_vector`: title (A), excerpt (B) and body (C), a stored generated column, so
 *   every insert and update keeps it current; a GIN index serves `@@`.
 * - `search_term`: every lexeme of letters a-z (3 to 40) in the index with the number of articles
 *   holding it, kept by statement-level triggers from the generated column, trigram-indexed for
 *   "Did you mean".
 */
export class Migration20261123020000_article_search extends Migration {
  override name = 'Migration20261123020000_article_search';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create text search configuration search_english (copy = english);`);
    this.addSql(`do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'unaccent') then
    create extension if not exists unaccent;
    alter text search configuration search_english
      alter mapping for hword, hword_part, word with unaccent, english_stem;
  else
    raise notice 'unaccent is not available: search will not fold accents';
  end if;
end
$do$;`);

    // Plain replace() for words whose British form occurs inside no other word, regular expressions
    // with word boundaries for the families. Measured at about 0.4 ms per 1.5 kB article.
    this.addSql(`create function search_spelling(input text) returns text
language plpgsql immutable strict parallel safe
as $fn$
declare
  s text := lower(input);
begin
  -- Single words.
  s := replace(s, 'defence', 'defense');
  s := replace(s, 'offence', 'offense');
  s := replace(s, 'licence', 'license');
  s := replace(s, 'pretence', 'pretense');
  s := replace(s, 'catalogue', 'catalog');
  s := replace(s, 'dialogue', 'dialog');
  s := replace(s, 'analogue', 'analog');
  s := replace(s, 'aluminium', 'aluminum');
  s := replace(s, 'judgement', 'judgment');
  s := replace(s, 'jewellery', 'jewelry');
  s := replace(s, 'enrolment', 'enrollment');
  s := replace(s, 'fulfilment', 'fulfillment');
  s := replace(s, 'skilful', 'skillful');
  s := replace(s, 'ageing', 'aging');
  s := replace(s, 'grey', 'gray');
  s := replace(s, 'centred', 'centered');
  s := replace(s, 'centring', 'centering');
  s := replace(s, 'sombre', 'somber');
  s := replace(s, 'manoeuvred', 'maneuvered');
  s := replace(s, 'manoeuvring', 'maneuvering');
  s := replace(s, 'manoeuvre', 'maneuver');
  s := regexp_replace(s, '\\mprogramme(s)?\\M', 'program\\1', 'g');
  -- The doubled l before a suffix: travelled, modelling, cancelled, counsellor.
  s := regexp_replace(s, '\\m(travel|model|label|cancel|fuel|channel|level|counsel|tunnel|funnel|jewel|dial|pedal|marvel|shovel|snorkel|signal|quarrel|grovel|swivel)l(ed|ing|ings|er|ers|or|ors|ous)\\M', '\\1\\2', 'g');
  -- -our: colour, behaviour, favourite, honourable. Three letters before it, so our, four,
  -- hour, your and tour stay as they are.
  s := regexp_replace(s, '\\m([a-z]{3,})our(s|ed|ing|ite|ites|able|ably|ful|fully|less|er|ers|ism|ist|ists|al|ally|y|ise|ised|ises|ising|isation|isations|ize|ized|izes|izing|ization|izations)?\\M', '\\1or\\2', 'g');
  -- -ise and -yse: organise, optimisation, analysed. Three letters before the i or y, so rise,
  -- raise and noise stay.
  s := regexp_replace(s, '\\m([a-z]{3,}[iy])s(e|es|ed|ing|ings|er|ers|ation|ations|ational|able)\\M', '\\1z\\2', 'g');
  -- ... but not where the s belongs to a root that relatives keep (precise/precision).
  s := replace(s, 'advertiz', 'advertis');
  s := replace(s, 'circumciz', 'circumcis');
  s := replace(s, 'conciz', 'concis');
  s := replace(s, 'exciz', 'excis');
  s := replace(s, 'inciz', 'incis');
  s := replace(s, 'preciz', 'precis');
  s := replace(s, 'reviz', 'revis');
  s := replace(s, 'superviz', 'supervis');
  s := replace(s, 'televiz', 'televis');
  -- -re: centre, metre, fibre, theatre, meagre (not timbre; sombre is above).
  s := regexp_replace(s, '\\m([a-z]+(?:[^m]b|t|g))re(s)?\\M', '\\1er\\2', 'g');
  return s;
end
$fn$;`);

    // The reverse, for highlighting only: a query typed in American spelling must mark the
    // British words of a matching article. Queries are short, so speed does not matter here.
    this.addSql(`create function search_british(input text, with_our boolean) returns text
language plpgsql immutable strict parallel safe
as $fn$
declare
  s text := lower(input);
begin
  s := replace(s, 'defense', 'defence');
  s := replace(s, 'offense', 'offence');
  s := replace(s, 'license', 'licence');
  s := replace(s, 'pretense', 'pretence');
  s := regexp_replace(s, '\\m(catalog|dialog|analog)(s|ed|ing)?\\M', '\\1ue\\2', 'g');
  s := replace(s, 'aluminum', 'aluminium');
  s := replace(s, 'judgment', 'judgement');
  s := replace(s, 'jewelry', 'jewellery');
  s := replace(s, 'enrollment', 'enrolment');
  s := replace(s, 'fulfillment', 'fulfilment');
  s := replace(s, 'skillful', 'skilful');
  s := regexp_replace(s, '\\maging\\M', 'ageing', 'g');
  s := replace(s, 'gray', 'grey');
  s := replace(s, 'centered', 'centred');
  s := replace(s, 'centering', 'centring');
  s := replace(s, 'somber', 'sombre');
  s := replace(s, 'maneuvered', 'manoeuvred');
  s := replace(s, 'maneuvering', 'manoeuvring');
  s := replace(s, 'maneuver', 'manoeuvre');
  s := regexp_replace(s, '\\mprogram(s)?\\M', 'programme\\1', 'g');
  s := regexp_replace(s, '\\m(travel|model|label|cancel|fuel|channel|level|counsel|tunnel|funnel|jewel|dial|pedal|marvel|shovel|snorkel|signal|quarrel|grovel|swivel)(ed|ing|ings|er|ers|or|ors|ous)\\M', '\\1l\\2', 'g');
  if with_our then
    s := regexp_replace(s, '\\m([a-z]{3,})or(s|ed|ing|ite|ites|able|ably|ful|fully|less|er|ers|ism|ist|ists|al|ally|y|ize|ized|izes|izing|ization|izations)?\\M', '\\1our\\2', 'g');
  end if;
  s := regexp_replace(s, '\\m([a-z]{3,}[iy])z(e|es|ed|ing|ings|er|ers|ation|ations|ational|able)\\M', '\\1s\\2', 'g');
  s := regexp_replace(s, '\\m([a-z]+(?:[^m]b|t|g))er(s)?\\M', '\\1re\\2', 'g');
  return s;
end
$fn$;`);

    // What a reader types, as a query: websearch syntax ("phrases", -exclusion, or), one spelling.
    this.addSql(`create function search_query(input text) returns tsquery
language sql immutable strict parallel safe
as $fn$ select websearch_to_tsquery('search_english', search_spelling(input)) $fn$;`);

    // The same query restricted to some weights ('A': the title, 'AB': title and excerpt), for
    // ranking title matches first without copying vectors: each quoted lexeme gets the label.
    this.addSql(`create function search_restrict(query tsquery, weights text) returns tsquery
language sql immutable strict parallel safe
as $fn$ select regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''\\1'':' || weights, 'g')::tsquery $fn$;`);

    // Every lexeme of the words to highlight, in each spelling, as one OR query: ts_headline then
    // marks whichever spelling an article uses, and any one word makes a passage worth showing.
    // The caller leaves out excluded words.
    this.addSql(`create function search_highlight_query(input text) returns tsquery
language sql immutable strict parallel safe
as $fn$
  select coalesce(
    string_agg(distinct '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery,
    -- nothing to mark: a lexeme no text has (private-use U+E004), so no notice and no match
    ('''' || chr(57348) || '''')::tsquery)
  from unnest(array[
    input,
    search_spelling(input),
    search_british(search_spelling(input), false),
    search_british(search_spelling(input), true)
  ]) as variant,
  unnest(tsvector_to_array(to_tsvector('search_english', variant))) as lexeme
$fn$;`);

    // Storage "main": the vector stays in the row (the body is moved out first), so the filter of
    // a newest-first walk reads it without a TOAST lookup per row.
    this.addSql(`alter table "article" add column "search_vector" tsvector generated always as (
  setweight(to_tsvector('search_english', search_spelling("title")), 'A') ||
  setweight(to_tsvector('search_english', search_spelling("excerpt")), 'B') ||
  setweight(to_tsvector('search_english', search_spelling("content")), 'C')
) stored, alter column "search_vector" set storage main;`);
    this.addSql(`create index "article_search_vector_idx" on "article" using gin ("search_vector");`);

    this.addSql(`create table "search_term" ("term" text primary key, "documents" int not null);`);
    // On ' ' || term, which has the same trigrams as term: pg_trgm's operator class also answers
    // equality, and the planner would otherwise pick it over the primary key for term = any(...),
    // which is orders of magnitude slower. Similarity searches name the same expression.
    this.addSql(`create index "search_term_trgm_idx" on "search_term" using gin ((' ' || "term") gin_trgm_ops);`);
    this.addSql(`insert into "search_term" ("term", "documents")
select lexeme, count(*) from "article", unnest(tsvector_to_array("search_vector")) as lexeme
where lexeme ~ '^[a-z]{3,40}$'
group by lexeme;`);

    // One aggregated statement per write statement: bulk inserts cost one pass, not one per row.
    // Lexemes of unchanged vectors cancel out, so updates of other columns change nothing.
    this.addSql(`create function search_term_count() returns trigger
language plpgsql
as $fn$
declare
  terms text[];
  deltas int[];
  emptied text[];
begin
  if tg_op = 'TRUNCATE' then
    delete from search_term;
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(lexeme order by lexeme), array_agg(n order by lexeme) into terms, deltas from (
      select lexeme, count(*)::int as n
      from new_rows, unnest(tsvector_to_array(search_vector)) as lexeme
      group by lexeme
    ) counted
    where lexeme ~ '^[a-z]{3,40}$';
  elsif tg_op = 'DELETE' then
    select array_agg(lexeme order by lexeme), array_agg(-n order by lexeme) into terms, deltas from (
      select lexeme, count(*)::int as n
      from old_rows, unnest(tsvector_to_array(search_vector)) as lexeme
      group by lexeme
    ) counted
    where lexeme ~ '^[a-z]{3,40}$';
  else
    with changed as (
      select o.search_vector as before_vector, n.search_vector as after_vector
      from old_rows o join new_rows n on n.id = o.id
      where o.search_vector is distinct from n.search_vector
    )
    select array_agg(lexeme order by lexeme), array_agg(n order by lexeme) into terms, deltas from (
      select lexeme, sum(delta)::int as n from (
        select after_vector as vector, 1 as delta from changed
        union all
        select before_vector, -1 from changed
      ) sides, unnest(tsvector_to_array(vector)) as lexeme
      group by lexeme having sum(delta) <> 0
    ) counted
    where lexeme ~ '^[a-z]{3,40}$';
  end if;
  if terms is null then
    return null;
  end if;
  -- In term order, so concurrent writers lock shared rows in the same order.
  with counted as (
    insert into search_term as s (term, documents)
    select term, delta from unnest(terms, deltas) as t(term, delta) order by term
    on conflict (term) do update set documents = s.documents + excluded.documents
    returning s.term, s.documents
  )
  select array_agg(term) into emptied from counted where documents <= 0;
  if emptied is not null then
    delete from search_term s using unnest(emptied) as e(term) where s.term = e.term and s.documents <= 0;
  end if;
  return null;
end
$fn$;`);
    this.addSql(`create trigger "article_search_term_insert" after insert on "article"
referencing new table as new_rows for each statement execute function search_term_count();`);
    this.addSql(`create trigger "article_search_term_update" after update on "article"
referencing old table as old_rows new table as new_rows for each statement execute function search_term_count();`);
    this.addSql(`create trigger "article_search_term_delete" after delete on "article"
referencing old table as old_rows for each statement execute function search_term_count();`);
    this.addSql(`create trigger "article_search_term_truncate" after truncate on "article"
for each statement execute function search_term_count();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "article_search_term_insert" on "article";`);
    this.addSql(`drop trigger if exists "article_search_term_update" on "article";`);
    this.addSql(`drop trigger if exists "article_search_term_delete" on "article";`);
    this.addSql(`drop trigger if exists "article_search_term_truncate" on "article";`);
    this.addSql(`drop function if exists search_term_count();`);
    this.addSql(`drop table if exists "search_term" cascade;`);
    this.addSql(`drop index if exists "article_search_vector_idx";`);
    this.addSql(`alter table "article" drop column if exists "search_vector";`);
    this.addSql(`drop function if exists search_highlight_query(text);`);
    this.addSql(`drop function if exists search_restrict(tsquery, text);`);
    this.addSql(`drop function if exists search_query(text);`);
    this.addSql(`drop function if exists search_british(text, boolean);`);
    this.addSql(`drop function if exists search_spelling(text);`);
    this.addSql(`drop text search configuration if exists search_english;`);
  }
}
