import type { Database } from 'better-sqlite3'
import { LANGUAGES, isLanguage, languageIndex } from '../../domain/languages.ts'
import { toIndexText } from '../../domain/search-terms.ts'
import { LANGUAGE_SLOTS } from './sort-key.ts'
import { TOPICS, TOPIC_NAMES } from '../../domain/topics.ts'

interface Migration {
  version: number
  name: string
  up(db: Database): void
}

// Order is important: add new migrations at the end, never edit one that has shipped.
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'stories, sources, categories and the headline search index',
    up(db) {
      db.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT INTO meta (key, value) VALUES ('content_version', '0');

        CREATE TABLE categories (slug TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE category_names (
          slug TEXT NOT NULL REFERENCES categories (slug),
          lang TEXT NOT NULL,
          name TEXT NOT NULL,
          PRIMARY KEY (slug, lang)
        ) WITHOUT ROWID;

        CREATE TABLE sources (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          site_url TEXT
        ) WITHOUT ROWID;

        -- seq is the newest-first sort key and the rowid: published second * 2^17 + a per-story tiebreak,
        -- so "newest N" is a backwards walk of the table and of the topic index, never a sort.
        CREATE TABLE stories (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          original_url TEXT NOT NULL,
          original_title TEXT NOT NULL,
          author TEXT,
          published_at TEXT,
          cover_image_url TEXT,
          category TEXT NOT NULL REFERENCES categories (slug),
          source_id TEXT REFERENCES sources (id),
          multi_source INTEGER NOT NULL,
          covered_by TEXT,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX stories_by_category ON stories (category, seq);
        CREATE INDEX stories_by_source ON stories (source_id, seq);

        -- One row per story and language; English always present. Missing fields fall back to English.
        CREATE TABLE story_texts (
          story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
          lang TEXT NOT NULL,
          headline TEXT,
          summary TEXT,
          cards TEXT,
          PRIMARY KEY (story_id, lang)
        ) WITHOUT ROWID;

        -- Headlines in every language; rowid = seq * 16 + language index, so rowid order is newest first.
        CREATE VIRTUAL TABLE story_search USING fts5 (
          headline,
          content = '',
          contentless_delete = 1,
          tokenize = 'unicode61 remove_diacritics 2',
          prefix = '2 3 4 5 6 7 8 9 10 11 12'
        );
      `)
      const insertCategory = db.prepare('INSERT INTO categories (slug, position) VALUES (?, ?)')
      const insertName = db.prepare('INSERT INTO category_names (slug, lang, name) VALUES (?, ?, ?)')
      TOPICS.forEach((slug, position) => {
        insertCategory.run(slug, position)
        for (const lang of LANGUAGES) insertName.run(slug, lang, TOPIC_NAMES[slug][lang])
      })
    },
  },
  {
    version: 2,
    name: 'per-month story counts for the archive sitemaps',
    up(db) {
      // Kept in step with stories by upsertStories, in the same transaction, so the sitemap index never counts
      // the corpus. published_at is canonical UTC ('…Z'), so its first 7 characters are the UTC month.
      db.exec(`
        CREATE TABLE archive_months (
          month TEXT PRIMARY KEY,
          stories INTEGER NOT NULL CHECK (stories > 0),
          last_modified TEXT NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO archive_months (month, stories, last_modified)
          SELECT COALESCE(substr(published_at, 1, 7), 'undated'), COUNT(*), MAX(updated_at)
          FROM stories GROUP BY 1;
      `)
    },
  },
  {
    version: 3,
    name: 'crawler state: feeds, articles and summary retries',
    up(db) {
      db.exec(`
        -- The language of a story's base text (story_texts' 'en' row): English, or the source's language for a
        -- crawled story no model has translated yet.
        ALTER TABLE stories ADD COLUMN text_lang TEXT NOT NULL DEFAULT 'en';

        -- One row per directory feed. publisher_* mirror the directory (re-synced at every crawl start); the rest is
        -- the crawler's own state. lease_* let several workers share the due feeds without fetching one twice.
        CREATE TABLE feeds (
          feed_url TEXT PRIMARY KEY,
          publisher_id TEXT NOT NULL,
          position INTEGER NOT NULL,
          name TEXT NOT NULL,
          site_url TEXT,
          topic TEXT NOT NULL REFERENCES categories (slug),
          lang TEXT NOT NULL,
          active INTEGER NOT NULL DEFAULT 1,
          etag TEXT,
          last_modified TEXT,
          next_fetch_at TEXT NOT NULL,
          interval_seconds INTEGER NOT NULL,
          consecutive_failures INTEGER NOT NULL DEFAULT 0,
          last_status TEXT,
          last_error TEXT,
          last_fetched_at TEXT,
          last_success_at TEXT,
          article_count INTEGER NOT NULL DEFAULT 0,
          lease_owner TEXT,
          lease_until TEXT
        ) WITHOUT ROWID;
        CREATE INDEX feeds_due ON feeds (active, next_fetch_at);

        -- Every article the crawler kept, with the keys that make re-ingesting idempotent and its story.
        CREATE TABLE articles (
          id TEXT PRIMARY KEY,
          story_id TEXT NOT NULL,
          publisher_id TEXT NOT NULL,
          feed_url TEXT NOT NULL,
          canonical_url TEXT NOT NULL UNIQUE,
          guid_key TEXT UNIQUE,
          content_hash TEXT NOT NULL,
          title TEXT NOT NULL,
          text TEXT NOT NULL,
          lang TEXT,
          published_at TEXT,
          fetched_at TEXT NOT NULL,
          author TEXT,
          image_url TEXT,
          signature BLOB NOT NULL
        );
        CREATE INDEX articles_by_story ON articles (story_id, fetched_at);
        CREATE INDEX articles_by_hash ON articles (content_hash);
        CREATE INDEX articles_by_fetch ON articles (fetched_at);

        -- How each crawled story's text was written; extractive summaries wait here for an LLM retry.
        CREATE TABLE story_summaries (
          story_id TEXT PRIMARY KEY,
          source TEXT NOT NULL CHECK (source IN ('extractive', 'llm')),
          attempts INTEGER NOT NULL DEFAULT 0,
          retry_at TEXT
        ) WITHOUT ROWID;
        CREATE INDEX story_summaries_due ON story_summaries (retry_at) WHERE retry_at IS NOT NULL;
      `)
    },
  },
  {
    version: 4,
    name: 'headline search by word stems, whole short words and publisher',
    up(db) {
      // The index now also holds each headline's word stems and its publisher's token (domain/search-terms.ts), so
      // every stored headline is indexed again; the table is rebuilt, as a contentless one cannot be re-read.
      rebuildHeadlineIndex(db, '2 3 4 5 6 7 8 9 10 11 12')
    },
  },
  {
    version: 5,
    name: 'story redirects: merged story ids and the stories they merged into',
    up(db) {
      // A story merged into an older one keeps answering at its id: getStory follows from_id to to_id. to_id is
      // always a final id (the writer re-points older redirects when their target merges on), so one lookup
      // resolves. commit_seq is the articles' commit sequence at the merge, so a crawling worker reads exactly the
      // merges it has not seen (those after its own last seen sequence).
      db.exec(`
        CREATE TABLE story_redirects (
          from_id TEXT PRIMARY KEY,
          to_id TEXT NOT NULL,
          merged_at TEXT NOT NULL,
          commit_seq INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX story_redirects_by_target ON story_redirects (to_id);
        CREATE INDEX story_redirects_by_commit ON story_redirects (commit_seq);
      `)
    },
  },
  {
    version: 6,
    name: 'stories flagged by the prompt-injection quarantine',
    up(db) {
      db.exec('ALTER TABLE stories ADD COLUMN quarantined INTEGER NOT NULL DEFAULT 0')
    },
  },
  {
    version: 7,
    name: 'one-character prefix index for single CJK character searches; dotted abbreviations as one word',
    up(db) {
      // A search for one CJK character (経) is a prefix query over the bigrams it starts (経済, 経営…). Without an
      // index of 1-character prefixes FTS5 merges the doclist of every such bigram, a cost that grows with the CJK
      // headlines in the archive; with it, the query reads one doclist, as PostgreSQL's prefix postings do. The
      // index holds one more entry per token (the 2–12-letter ones were already there), and the table is rebuilt,
      // which also indexes dotted abbreviations as one word ("U.S." as "US", PostgreSQL's migration 9).
      rebuildHeadlineIndex(db, HEADLINE_PREFIXES)
    },
  },
  {
    version: 8,
    name: 'article refetch queue: articles kept with their feed teaser after a transient failure',
    up(db) {
      // An article whose page could not be fetched for a passing reason (a timeout, a 503, the feed's extraction
      // budget spent) is stored with its teaser and queued here; a later pass fetches the page again and upgrades
      // its text (crawler/pipeline/teaser-upgrade.ts). retry_at is also the lease: claiming a row moves it forward.
      db.exec(`
        CREATE TABLE article_refetch (
          article_id TEXT PRIMARY KEY,
          url TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          retry_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX article_refetch_due ON article_refetch (retry_at);
      `)
    },
  },
  {
    version: 9,
    name: 'related stories: stories close to each other but not the same event',
    up(db) {
      // Every pair twice, once from each side (storage/relation-plan.ts): a story's related stories are one range of
      // the primary key, and so are the rows a merge moves or a deletion removes. No foreign keys: a relation is
      // recorded with the articles, before the story rewrite writes the story (and a rewrite replaces its row);
      // readers join to stories and skip ids that are not (or no longer) stories.
      db.exec(`
        CREATE TABLE story_relations (
          story_id TEXT NOT NULL,
          related_id TEXT NOT NULL,
          score REAL NOT NULL,
          recorded_at TEXT NOT NULL,
          PRIMARY KEY (story_id, related_id)
        ) WITHOUT ROWID;
      `)
    },
  },
  {
    version: 10,
    name: 'publisher summary: stories per publisher and topic, and the newest one',
    up(db) {
      // The publisher index (/sources) reads this table whole, O(publishers × topics), never the stories. Triggers keep
      // it with every row written or removed (stories are rewritten as a delete and an insert); a removal finds the
      // newest remaining story of the pair by a backwards walk of stories_by_source.
      db.exec(`
        CREATE TABLE source_topics (
          source_id TEXT NOT NULL,
          category TEXT NOT NULL,
          stories INTEGER NOT NULL,
          last_seq INTEGER NOT NULL,
          PRIMARY KEY (source_id, category)
        ) WITHOUT ROWID;
        INSERT INTO source_topics (source_id, category, stories, last_seq)
          SELECT source_id, category, count(*), max(seq) FROM stories WHERE source_id IS NOT NULL GROUP BY source_id, category;
        CREATE TRIGGER source_topics_insert AFTER INSERT ON stories WHEN NEW.source_id IS NOT NULL BEGIN
          INSERT INTO source_topics (source_id, category, stories, last_seq) VALUES (NEW.source_id, NEW.category, 1, NEW.seq)
            ON CONFLICT (source_id, category) DO UPDATE SET stories = stories + 1, last_seq = max(last_seq, excluded.last_seq);
        END;
        CREATE TRIGGER source_topics_delete AFTER DELETE ON stories WHEN OLD.source_id IS NOT NULL BEGIN
          UPDATE source_topics SET stories = stories - 1,
            last_seq = coalesce((SELECT max(seq) FROM stories WHERE source_id = OLD.source_id AND category = OLD.category), 0)
            WHERE source_id = OLD.source_id AND category = OLD.category;
          DELETE FROM source_topics WHERE source_id = OLD.source_id AND category = OLD.category AND stories <= 0;
        END;
        CREATE TRIGGER source_topics_update AFTER UPDATE OF source_id, category, seq ON stories BEGIN
          UPDATE source_topics SET stories = stories - 1,
            last_seq = coalesce((SELECT max(seq) FROM stories WHERE source_id = OLD.source_id AND category = OLD.category), 0)
            WHERE source_id = OLD.source_id AND category = OLD.category;
          DELETE FROM source_topics WHERE source_id = OLD.source_id AND category = OLD.category AND stories <= 0;
          INSERT INTO source_topics (source_id, category, stories, last_seq)
            SELECT NEW.source_id, NEW.category, 1, NEW.seq WHERE NEW.source_id IS NOT NULL
            ON CONFLICT (source_id, category) DO UPDATE SET stories = stories + 1, last_seq = max(last_seq, excluded.last_seq);
        END;
      `)
    },
  },
]

/** The prefix lengths (in characters) FTS5 indexes for the headline search: one CJK character up to 12 letters. */
const HEADLINE_PREFIXES = '1 2 3 4 5 6 7 8 9 10 11 12'

/**
 * Drops and re-creates the headline search table with `prefixes` and indexes every stored headline again: a
 * contentless table cannot be re-read or re-configured in place. One transaction (the migration's), so a crash
 * leaves the old index.
 */
function rebuildHeadlineIndex(db: Database, prefixes: string): void {
  db.exec(`
    DROP TABLE story_search;
    CREATE VIRTUAL TABLE story_search USING fts5 (
      headline,
      content = '',
      contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '${prefixes}'
    );
  `)
  const insert = db.prepare('INSERT INTO story_search (rowid, headline) VALUES (?, ?)')
  // In pages: better-sqlite3 runs no other statement while one is being iterated.
  const page = db.prepare(`SELECT s.seq, s.source_id, s.text_lang, t.story_id, t.lang, t.headline
    FROM story_texts t JOIN stories s ON s.id = t.story_id
    WHERE (t.story_id, t.lang) > (?, ?) ORDER BY t.story_id, t.lang LIMIT 5000`)
  type Row = { seq: number; source_id: string | null; text_lang: string; story_id: string; lang: string; headline: string | null }
  let after = ['', '']
  for (;;) {
    const rows = page.all(after[0], after[1]) as Row[]
    if (rows.length === 0) break
    for (const r of rows) {
      if (r.headline === null || !isLanguage(r.lang)) continue
      // The English row holds the base text, written in text_lang until a model translates it.
      const written = r.lang === 'en' && isLanguage(r.text_lang) ? r.text_lang : r.lang
      insert.run(r.seq * LANGUAGE_SLOTS + languageIndex(r.lang), toIndexText(r.headline, written, r.source_id))
    }
    const last = rows[rows.length - 1]!
    after = [last.story_id, last.lang]
  }
}

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version
/** Every version, in order: numbers are reserved per change, so the list may have gaps. */
export const MIGRATION_VERSIONS = MIGRATIONS.map((m) => m.version)

/**
 * Applies every migration the database has not recorded, in order, each in its own transaction; returns the versions
 * applied. Recorded versions are compared one by one, not against the highest: numbers are reserved per change and
 * changes land in any order, so a database may hold 6 before 5 exists.
 *
 * Instances that open one file together take turns: each migration's transaction takes the write lock first
 * (IMMEDIATE) and only then asks whether the version is recorded, so the instance that waited finds it applied by
 * the other and skips it. Reading the list once before the loop let both apply it ("table meta already exists").
 */
export function migrate(db: Database): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
  const newest = db.prepare('SELECT COALESCE(MAX(version), 0) FROM schema_migrations').pluck().get() as number
  if (newest > LATEST_SCHEMA_VERSION) {
    throw new Error(`storage: database schema version ${newest} is newer than this build knows (${LATEST_SCHEMA_VERSION})`)
  }
  const isRecorded = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').pluck()
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const applyOne = db.transaction((m: Migration): boolean => {
    if (isRecorded.get(m.version) !== undefined) return false
    m.up(db)
    record.run(m.version, m.name, new Date().toISOString())
    return true
  })
  const applied: number[] = []
  for (const m of MIGRATIONS) {
    if (applyOne.immediate(m)) applied.push(m.version)
  }
  return applied
}
