// Imports several test files into one node process, in the order given, so node:test registers and runs all their
// tests (scripts/run-tests.mjs decides which files may share a process, and why). A file that cannot even be loaded is
// named here and the run goes on: the runner fails it because it reported no test.
//
//   node --import tsx --test-reporter=… scripts/test-batch-entry.mjs FILE …
import path from 'node:path'
import { pathToFileURL } from 'node:url'

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(path.resolve(file)).href)
  } catch (err) {
    process.exitCode = 1
    console.error(`run-tests: could not load ${file}:`, err)
  }
}
