import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { inspect } from 'node:util'
import { ConfigError, loadConfig } from './config.ts'

/** The LLM settings exactly as the service reads them: through the whole configuration. */
const loadLlmSettings = (env: Record<string, string>) => loadConfig(env).llm

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadLlmSettings(env)
  } catch (err) {
    assert.ok(err instanceof ConfigError)
    return err.problems
  }
  assert.fail('expected ConfigError')
}

describe('LLM settings (LLM_*)', () => {
  it('is disabled without LLM_BASE_URL (absent or empty), whatever else is set', () => {
    assert.deepEqual(loadLlmSettings({}), { enabled: false })
    assert.deepEqual(loadLlmSettings({ LLM_BASE_URL: '', LLM_MODEL: 'm', LLM_API_KEY: 'k' }), { enabled: false })
  })

  it('applies the defaults and strips a trailing slash', () => {
    const s = loadLlmSettings({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.2' })
    assert.ok(s.enabled)
    assert.equal(s.baseUrl, 'http://127.0.0.1:11434/v1')
    assert.equal(s.model, 'llama3.2')
    assert.equal(s.apiKey, undefined)
    assert.equal(s.timeoutMs, 60_000)
    assert.equal(s.maxConcurrency, 2)
    assert.equal(s.maxInputChars, 12_000)
    assert.equal(s.maxArticles, 5)
    assert.equal(s.translationBatch, 8)
    assert.equal(s.temperature, undefined)
  })

  it('reads every knob', () => {
    const s = loadLlmSettings({
      LLM_BASE_URL: 'https://api.example.com/v1', LLM_MODEL: 'gpt-x', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_SECONDS: '30',
      LLM_MAX_CONCURRENCY: '4', LLM_MAX_INPUT_CHARS: '8000', LLM_MAX_ARTICLES: '3', LLM_TRANSLATION_BATCH: '2', LLM_TEMPERATURE: '0.2',
    })
    assert.ok(s.enabled)
    assert.equal(s.apiKey?.reveal(), 'sk-test')
    assert.deepEqual([s.timeoutMs, s.maxConcurrency, s.maxInputChars, s.maxArticles, s.translationBatch, s.temperature], [30_000, 4, 8000, 3, 2, 0.2])
  })

  it('keeps the key out of JSON, string conversion and util.inspect', () => {
    const s = loadLlmSettings({ LLM_BASE_URL: 'https://api.example.com/v1', LLM_MODEL: 'm', LLM_API_KEY: 'sk-secret-123' })
    assert.doesNotMatch(JSON.stringify(s), /sk-secret-123/)
    assert.doesNotMatch(inspect(s, { depth: 5 }), /sk-secret-123/)
    assert.doesNotMatch(`${s.enabled && s.apiKey}`, /sk-secret-123/)
  })

  it('lists every bad variable, and never echoes the key', () => {
    const problems = problemsOf({
      LLM_BASE_URL: 'ftp://x', LLM_API_KEY: 'sk secret with spaces', LLM_TIMEOUT_SECONDS: '0', LLM_MAX_CONCURRENCY: 'many',
      LLM_TEMPERATURE: '3',
    })
    assert.deepEqual(problems.map((p) => p.split(':')[0]).sort(),
      ['LLM_API_KEY', 'LLM_BASE_URL', 'LLM_MAX_CONCURRENCY', 'LLM_TEMPERATURE', 'LLM_TIMEOUT_SECONDS'])
    assert.ok(problems.every((p) => !p.includes('secret')))
  })

  it('requires LLM_MODEL with LLM_BASE_URL, and refuses credentials or a query in the URL', () => {
    assert.deepEqual(problemsOf({ LLM_BASE_URL: 'https://api.example.com/v1' }), ['LLM_MODEL: is required when LLM_BASE_URL is set'])
    assert.match(problemsOf({ LLM_BASE_URL: 'https://user:pw@api.example.com/v1', LLM_MODEL: 'm' })[0]!, /credentials/)
    assert.match(problemsOf({ LLM_BASE_URL: 'https://api.example.com/v1?key=1', LLM_MODEL: 'm' })[0]!, /query/)
  })
})
