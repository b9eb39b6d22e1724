import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({})
    assert.equal(c.port, 3000)
    assert.equal(c.host, '0.0.0.0')
    assert.equal(c.siteUrl, 'http://localhost:3000')
    assert.equal(c.baseUrl, 'http://localhost:3000/api/v1')
    assert.equal(c.databaseUrl, 'sqlite:./data/newsdesk.db')
    assert.equal(c.sample, 'auto')
    assert.equal(c.logLevel, 'info')
    assert.equal(c.cache.maxAgeSeconds, 60)
    assert.equal(c.healthMaxStoryAgeMinutes, 1440)
    assert.ok(Object.isFrozen(c))
  })

  it('derives SITE_URL from PORT and strips a trailing slash from an explicit one', () => {
    assert.equal(loadConfig({ PORT: '8080' }).siteUrl, 'http://localhost:8080')
    const c = loadConfig({ SITE_URL: 'https://news.example.org/' })
    assert.equal(c.siteUrl, 'https://news.example.org')
    assert.equal(c.baseUrl, 'https://news.example.org/api/v1')
  })

  it('MAX_CONNECTIONS: auto (null, sized from the fd limit at start) or an integer from 16', () => {
    assert.equal(loadConfig({}).maxConnections, null)
    assert.equal(loadConfig({ MAX_CONNECTIONS: 'auto' }).maxConnections, null)
    assert.equal(loadConfig({ MAX_CONNECTIONS: '10000' }).maxConnections, 10_000)
    for (const bad of ['0', '15', 'many', '-1', '1e4']) {
      assert.throws(() => loadConfig({ MAX_CONNECTIONS: bad }), (err: ConfigError) => err.problems.some((p) => p.startsWith('MAX_CONNECTIONS: must be "auto" or an integer')), bad)
    }
  })

  it('WEBSUB_HUB_URL: off when unset or empty, else an absolute http(s) URL without credentials or fragment', () => {
    assert.equal(loadConfig({}).websub.hubUrl, null)
    assert.equal(loadConfig({ WEBSUB_HUB_URL: '' }).websub.hubUrl, null)
    assert.equal(loadConfig({ WEBSUB_HUB_URL: ' https://hub.example.org/ ' }).websub.hubUrl, 'https://hub.example.org/')
    assert.equal(loadConfig({ WEBSUB_HUB_URL: 'http://127.0.0.1:8080/hub' }).websub.hubUrl, 'http://127.0.0.1:8080/hub')
    assert.equal(loadConfig({ WEBSUB_HUB_URL: 'https://hub.example.org' }).websub.hubUrl, 'https://hub.example.org/')
    for (const bad of ['hub.example.org', 'ftp://hub.example.org/', 'https://user:secret@hub.example.org/', 'https://hub.example.org/#x', '/hub']) {
      assert.throws(() => loadConfig({ WEBSUB_HUB_URL: bad }), (err: ConfigError) => err.problems.some((p) => p.startsWith('WEBSUB_HUB_URL: must be an absolute http(s) URL of a WebSub hub')), bad)
    }
  })

  it('lists every bad variable in one error', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'abc', SITE_URL: 'ftp://x', DATABASE_URL: 'mysql://db', NEWSDESK_SAMPLE: 'yes', LOG_LEVEL: 'loud', CACHE_MAX_AGE: '-5' })
    } catch (err) {
      error = err
    }
    assert.ok(error instanceof ConfigError)
    assert.deepEqual(error.problems.map((p) => p.split(':')[0]), ['PORT', 'SITE_URL', 'DATABASE_URL', 'NEWSDESK_SAMPLE', 'LOG_LEVEL', 'CACHE_MAX_AGE'])
    assert.match(error.message, /PORT: must be an integer from 0 to 65535 \(got "abc"\)/)
    assert.match(error.message, /DATABASE_URL: must be sqlite:PATH/)
  })
})
