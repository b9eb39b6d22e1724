import pg from 'pg'
import { LANGUAGES, isLanguage } from '../../domain/languages.ts'
import { TOPICS, TOPIC_NAMES } from '../../domain/topics.ts'
import { clientConfig, quoteIdent, type PostgresConnection } from './connection.ts'
import { createSearchPostings, dropSearchPostings } from './search-postings.ts'
import { toSearchVector } from './search-tokens.ts'
import { joinAbbreviations } from '../../domain/search-terms.ts'

interface Migration {
  version: number
  name: string
  up(client: pg.ClientBase): Promise<void>
}

// Order is important: add new migrations at the end, never edit one that has shipped.
// Identifiers, timestamps (ISO 8601 UTC text, as in SQLite) and anything ordered or compared use COLLATE "C", so
// order and comparisons are byte order whatever the server's locale, exactly as in SQLite.
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'stories, sources, categories, the headline search index and the month summary',
    async up(client) {
      await client.query(`
        CREATE TABLE meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL);
        INSERT INTO meta (key, value) VALUES ('content_version', '0');

        CREATE TABLE categories (slug text COLLATE "C" PRIMARY KEY, position integer NOT NULL);
        CREATE TABLE category_names (
          slug text COLLATE "C" NOT NULL REFERENCES categories (slug),
          lang text COLLATE "C" NOT NULL,
          name text NOT NULL,
          PRIMARY KEY (slug, lang)
        );

        CREATE TABLE sources (
          id text COLLATE "C" PRIMARY KEY,
          name text NOT NULL,
          site_url text
        );

        -- seq is the newest-first sort key, the same number SQLite uses: published second * 2^17 + a tiebreak
        -- from the story id, so both stores order the same stories identically; "newest N" is a backwards walk
        -- of the primary key (or of the topic or source index), never a sort.
        CREATE TABLE stories (
          seq bigint PRIMARY KEY,
          id text COLLATE "C" NOT NULL UNIQUE,
          original_url text NOT NULL,
          original_title text NOT NULL,
          author text,
          published_at text COLLATE "C",
          cover_image_url text,
          category text COLLATE "C" NOT NULL REFERENCES categories (slug),
          source_id text COLLATE "C" REFERENCES sources (id),
          multi_source boolean NOT NULL,
          covered_by text,
          updated_at text COLLATE "C" NOT NULL,
          text_lang text NOT NULL DEFAULT 'en'
        );
        CREATE INDEX stories_by_category ON stories (category, seq);
        CREATE INDEX stories_by_source ON stories (source_id, seq);

        -- One row per story and language; English always present. Missing fields fall back to English.
        -- search holds the headline's tokens (folded and CJK-bigrammed by search-tokens.ts, with positions);
        -- story_seq lets a search order its hits without visiting stories.
        -- A search for a rare term reads the GIN index (fastupdate off: no pending list, so its cost does not
        -- depend on when VACUUM last ran); for a term found in many headlines the planner walks story_texts_by_seq
        -- newest first and stops after \`limit\` hits. Either way, never a scan of the table. The larger statistics
        -- target gives the planner frequencies for more words, so it tells the two cases apart.
        CREATE TABLE story_texts (
          story_id text COLLATE "C" NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
          lang text COLLATE "C" NOT NULL,
          headline text,
          summary text,
          cards text,
          story_seq bigint NOT NULL,
          search tsvector,
          PRIMARY KEY (story_id, lang)
        );
        CREATE INDEX story_texts_search ON story_texts USING gin (search) WITH (fastupdate = off);
        CREATE INDEX story_texts_by_seq ON story_texts (story_seq, lang);
        ALTER TABLE story_texts ALTER COLUMN search SET STATISTICS 1000;

        -- Kept in step with stories by every write, in the same transaction: the sitemap index never counts
        -- the corpus. 'undated' holds the stories without published_at.
        CREATE TABLE archive_months (
          month text COLLATE "C" PRIMARY KEY,
          stories integer NOT NULL CHECK (stories >= 0),
          last_modified text COLLATE "C" NOT NULL
        );
      `)
      await client.query(`INSERT INTO categories (slug, position) SELECT * FROM unnest($1::text[], $2::int[])`,
        [[...TOPICS], TOPICS.map((_, i) => i)])
      const names = TOPICS.flatMap((slug) => LANGUAGES.map((lang) => [slug, lang, TOPIC_NAMES[slug][lang]] as const))
      await client.query(`INSERT INTO category_names (slug, lang, name) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
        [names.map((n) => n[0]), names.map((n) => n[1]), names.map((n) => n[2])])
    },
  },
  {
    version: 2,
    name: 'crawler state: feeds, articles and summary retries',
    async up(client) {
      await client.query(`
        -- One row per directory feed. publisher_* mirror the directory (re-synced at every crawl start); the rest is
        -- the crawler's own state. lease_* let several workers share the due feeds without fetching one twice
        -- (claimed with FOR UPDATE SKIP LOCKED).
        CREATE TABLE feeds (
          feed_url text COLLATE "C" PRIMARY KEY,
          publisher_id text COLLATE "C" NOT NULL,
          position integer NOT NULL,
          name text NOT NULL,
          site_url text,
          topic text COLLATE "C" NOT NULL REFERENCES categories (slug),
          lang text NOT NULL,
          active boolean NOT NULL DEFAULT true,
          etag text,
          last_modified text,
          next_fetch_at text COLLATE "C" NOT NULL,
          interval_seconds integer NOT NULL,
          consecutive_failures integer NOT NULL DEFAULT 0,
          last_status text,
          last_error text,
          last_fetched_at text COLLATE "C",
          last_success_at text COLLATE "C",
          article_count integer NOT NULL DEFAULT 0,
          lease_owner text,
          lease_until text COLLATE "C"
        );
        CREATE INDEX feeds_due ON feeds (next_fetch_at, position) WHERE active;

        -- Every article the crawler kept, with the keys that make re-ingesting idempotent and its story.
        CREATE TABLE articles (
          id text COLLATE "C" PRIMARY KEY,
          story_id text COLLATE "C" NOT NULL,
          publisher_id text COLLATE "C" NOT NULL,
          feed_url text COLLATE "C" NOT NULL,
          canonical_url text COLLATE "C" NOT NULL UNIQUE,
          guid_key text COLLATE "C" UNIQUE,
          content_hash text COLLATE "C" NOT NULL,
          title text NOT NULL,
          text text NOT NULL,
          lang text,
          published_at text COLLATE "C",
          fetched_at text COLLATE "C" NOT NULL,
          author text,
          image_url text,
          signature bytea NOT NULL
        );
        CREATE INDEX articles_by_story ON articles (story_id, fetched_at, id);
        CREATE INDEX articles_by_hash ON articles (content_hash);
        CREATE INDEX articles_by_fetch ON articles (fetched_at, id);

        -- How each crawled story's text was written; extractive summaries wait here for an LLM retry.
        CREATE TABLE story_summaries (
          story_id text COLLATE "C" PRIMARY KEY,
          source text NOT NULL CHECK (source IN ('extractive', 'llm')),
          attempts integer NOT NULL DEFAULT 0,
          retry_at text COLLATE "C"
        );
        CREATE INDEX story_summaries_due ON story_summaries (retry_at, story_id) WHERE retry_at IS NOT NULL;
      `)
    },
  },
  {
    version: 3,
    name: 'articles in commit order, and the clustering lock',
    async up(client) {
      await client.query(`
        -- Crawling workers commit articles one run at a time, holding the 'clustering' row of meta (FOR UPDATE) from
        -- reading the articles they have not seen to their commit, so commit_seq numbers articles in commit order:
        -- a worker that has seen up to N reads exactly what it missed with commit_seq > N (see commitClusteredRun).
        ALTER TABLE articles ADD COLUMN commit_seq bigserial;
        CREATE INDEX articles_by_commit ON articles (commit_seq);
        INSERT INTO meta (key, value) VALUES ('clustering', 'lock') ON CONFLICT (key) DO NOTHING;
      `)
    },
  },
  {
    version: 4,
    name: 'headline search by word stems, whole short words and publisher',
    async up(client) {
      // The search column now also holds each headline's word stems and its publisher's token
      // (domain/search-terms.ts): every stored headline is tokenized again.
      await retokenizeHeadlines(client)
    },
  },
  {
    version: 5,
    name: 'story redirects: merged story ids and the stories they merged into',
    async up(client) {
      // See the SQLite migration 5: to_id is always final, commit_seq is the articles' commit sequence at the merge.
      await client.query(`
        CREATE TABLE story_redirects (
          from_id text COLLATE "C" PRIMARY KEY,
          to_id text COLLATE "C" NOT NULL,
          merged_at text COLLATE "C" NOT NULL,
          commit_seq bigint NOT NULL DEFAULT 0
        );
        CREATE INDEX story_redirects_by_target ON story_redirects (to_id);
        CREATE INDEX story_redirects_by_commit ON story_redirects (commit_seq);
      `)
    },
  },
  {
    version: 6,
    name: 'stories flagged by the prompt-injection quarantine',
    async up(client) {
      await client.query('ALTER TABLE stories ADD COLUMN quarantined boolean NOT NULL DEFAULT false')
    },
  },
  {
    version: 7,
    name: 'search postings: each headline token with its rows, newest first, kept by triggers',
    // Built by migration 8 since it added the prefix postings: a store older than 7 builds them once, not twice.
    async up() {},
  },
  {
    version: 8,
    name: 'search postings of word prefixes (4 to 12 letters) and of CJK first characters',
    async up(client) {
      await dropSearchPostings(client)
      await createSearchPostings(client)
    },
  },
  {
    version: 9,
    name: 'dotted abbreviations searched as one word (U.S. as US)',
    async up(client) {
      // Only headlines holding a dotted abbreviation index differently now (joinAbbreviations): their search column
      // is written again and the postings triggers replace their postings. The SQL pattern only narrows what is read
      // (it also passes "openai.com"); the exact test is the function the index itself uses.
      await retokenizeHeadlines(client, {
        where: "t.headline ~ '[[:alpha:]][.．][[:alpha:]]'",
        changed: (headline) => { const text = headline.normalize('NFKC'); return joinAbbreviations(text) !== text },
      })
    },
  },
  {
    version: 10,
    name: 'article refetch queue: articles kept with their feed teaser after a transient failure',
    async up(client) {
      // See the SQLite migration 8: retry_at is when the page is fetched again, and also the lease.
      await client.query(`
        CREATE TABLE article_refetch (
          article_id text COLLATE "C" PRIMARY KEY,
          url text NOT NULL,
          attempts integer NOT NULL DEFAULT 0,
          retry_at text COLLATE "C" NOT NULL
        );
        CREATE INDEX article_refetch_due ON article_refetch (retry_at, article_id);
      `)
    },
  },
  {
    version: 11,
    name: 'related stories: stories close to each other but not the same event',
    async up(client) {
      // See the SQLite migration 9: every pair from both sides, no foreign keys (readers skip ids that are not stories).
      await client.query(`
        CREATE TABLE story_relations (
          story_id text COLLATE "C" NOT NULL,
          related_id text COLLATE "C" NOT NULL,
          score double precision NOT NULL,
          recorded_at text COLLATE "C" NOT NULL,
          PRIMARY KEY (story_id, related_id)
        );
      `)
    },
  },
  {
    version: 12,
    name: 'publisher summary: stories per publisher and topic, and the newest one',
    async up(client) {
      // See the SQLite migration 10. AFTER ROW triggers run at the end of their statement, so a removal's max(seq)
      // already misses every row the statement removed.
      await client.query(`
        CREATE TABLE source_topics (
          source_id text COLLATE "C" NOT NULL,
          category text COLLATE "C" NOT NULL,
          stories integer NOT NULL,
          last_seq bigint NOT NULL,
          PRIMARY KEY (source_id, category)
        );
        INSERT INTO source_topics (source_id, category, stories, last_seq)
          SELECT source_id, category, count(*), max(seq) FROM stories WHERE source_id IS NOT NULL GROUP BY source_id, category;
        -- SET search_path FROM CURRENT: the trigger runs in the store's schema whatever the writer's search_path.
        CREATE FUNCTION source_topics_track() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.source_id IS NOT NULL THEN
            UPDATE source_topics SET stories = stories - 1,
              last_seq = coalesce((SELECT max(seq) FROM stories WHERE source_id = OLD.source_id AND category = OLD.category), 0)
              WHERE source_id = OLD.source_id AND category = OLD.category;
            DELETE FROM source_topics WHERE source_id = OLD.source_id AND category = OLD.category AND stories <= 0;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.source_id IS NOT NULL THEN
            INSERT INTO source_topics (source_id, category, stories, last_seq) VALUES (NEW.source_id, NEW.category, 1, NEW.seq)
              ON CONFLICT (source_id, category) DO UPDATE
              SET stories = source_topics.stories + 1, last_seq = greatest(source_topics.last_seq, EXCLUDED.last_seq);
          END IF;
          RETURN NULL;
        END $$;
        CREATE TRIGGER source_topics_track AFTER INSERT OR DELETE OR UPDATE OF source_id, category, seq ON stories
          FOR EACH ROW EXECUTE FUNCTION source_topics_track();
      `)
    },
  },
]

/**
 * Writes story_texts' search column again for every headline (or those the `where` SQL condition on `t` and the
 * `changed` test pick), in pages of the primary key, from the headline and the language it is written in.
 */
async function retokenizeHeadlines(client: pg.ClientBase, only?: { where: string; changed: (headline: string) => boolean }): Promise<void> {
  let after = ['', '']
  for (;;) {
    const { rows } = await client.query<{ story_id: string; lang: string; headline: string; text_lang: string; source_id: string | null }>(
      `SELECT t.story_id, t.lang, t.headline, s.text_lang, s.source_id
       FROM story_texts t JOIN stories s ON s.id = t.story_id
       WHERE (t.story_id, t.lang) > ($1::text, $2::text) AND ${only?.where ?? 'true'}
       ORDER BY t.story_id, t.lang LIMIT 5000`, after)
    if (rows.length === 0) break
    const page = rows.filter((r) => r.headline !== null && isLanguage(r.lang) && (only?.changed(r.headline) ?? true))
    if (page.length > 0) {
      await client.query(`UPDATE story_texts t SET search = u.search::tsvector
        FROM unnest($1::text[], $2::text[], $3::text[]) AS u(story_id, lang, search)
        WHERE t.story_id = u.story_id AND t.lang = u.lang`, [
        page.map((r) => r.story_id), page.map((r) => r.lang),
        // The English row holds the base text, written in text_lang until a model translates it.
        page.map((r) => toSearchVector(r.headline, r.lang === 'en' && isLanguage(r.text_lang) ? r.text_lang : r.lang as never, r.source_id)),
      ])
    }
    const last = rows[rows.length - 1]!
    after = [last.story_id, last.lang]
  }
}

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version
/** Every version, in order: numbers are reserved per change, so the list may have gaps. */
export const MIGRATION_VERSIONS = MIGRATIONS.map((m) => m.version)

/** Both keys of the advisory lock that serializes migrations of one schema (per database). */
const LOCK_SQL = `hashtext('newsdesk.migrations'), hashtext($1)`

/**
 * Applies every pending migration to the connection's schema (creating the schema when missing), each in its own
 * transaction, and returns the versions applied. A session advisory lock makes instances that start together
 * take turns: the first applies the migrations, the others then find nothing pending. The lock is released when
 * the connection ends, even if this process dies half-way.
 */
export async function migratePostgres(conn: PostgresConnection): Promise<number[]> {
  // Its own connection, without the pool's statement timeout: waiting for the lock or building an index on a large
  // table may take longer than any query should.
  const client = new pg.Client(clientConfig(conn, { queryTimeoutMs: null }))
  await client.connect()
  try {
    await client.query('SET statement_timeout = 0')
    await client.query(`SELECT pg_advisory_lock(${LOCK_SQL})`, [conn.schema])
    try {
      return await migrateLocked(client, conn.schema)
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK_SQL})`, [conn.schema])
    }
  } finally {
    await client.end()
  }
}

async function migrateLocked(client: pg.Client, schema: string): Promise<number[]> {
  const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])
  if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`)
  await client.query(`SET search_path TO ${quoteIdent(schema)}`)
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`)
  // Each recorded version is skipped on its own (not everything up to the highest): see the SQLite runner.
  const recorded = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version))
  const newest = Math.max(0, ...recorded)
  if (newest > LATEST_SCHEMA_VERSION) {
    throw new Error(`storage: database schema version ${newest} is newer than this build knows (${LATEST_SCHEMA_VERSION})`)
  }
  const applied: number[] = []
  for (const m of MIGRATIONS) {
    if (recorded.has(m.version)) continue
    await client.query('BEGIN')
    try {
      await m.up(client)
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [m.version, m.name, new Date().toISOString()])
      await client.query('COMMIT')
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {})
      throw err
    }
    applied.push(m.version)
  }
  return applied
}
