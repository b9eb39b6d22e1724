// A node:test reporter that counts, per test file, the tests that passed and failed and the time its top-level tests
// took, and writes one JSON object at the end. It lets scripts/run-tests.mjs say which file of a shared process failed
// (every test event carries the file that defined the test, also when several files share one process).
export default async function* tallyByFile(source) {
  const files = {}
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    // Failures outside any file's test (a crash between tests) land under '' so the runner can blame the whole batch.
    const tally = (files[event.data.file ?? ''] ??= { tests: 0, failed: 0, ms: 0 })
    tally.tests += 1
    if (event.type === 'test:fail') tally.failed += 1
    if (event.data.nesting === 0) tally.ms += event.data.details?.duration_ms ?? 0
  }
  yield `${JSON.stringify(files)}\n`
}
